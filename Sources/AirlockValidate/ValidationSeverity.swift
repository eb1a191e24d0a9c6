/// How bad a finding is: an error means the target system would reject the record or the package.
public enum ValidationSeverity: String, Sendable, Codable, Comparable {
    case error
    case warning

    public static func < (lhs: ValidationSeverity, rhs: ValidationSeverity) -> Bool {
        lhs == .error && rhs == .warning
    }
}

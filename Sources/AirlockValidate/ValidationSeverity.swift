/// How bad a finding is: an error means the target system would reject the record or the package; a warning that
/// it may, or that something is worth a look; a notice says what the import accepts but a person may want to know
/// (a business-required column left empty: forms ask for it, the importer does not).
public enum ValidationSeverity: String, Sendable, Codable, Comparable, CaseIterable {
    case error
    case warning
    case notice

    /// Errors first, then warnings, then notices.
    private var rank: Int {
        switch self {
        case .error: 0
        case .warning: 1
        case .notice: 2
        }
    }

    public static func < (lhs: ValidationSeverity, rhs: ValidationSeverity) -> Bool { lhs.rank < rhs.rank }
}

import AirlockModel

/// The check `validate` applies to one F&O field's values, for callers that produce values (the converter
/// rejects a record whose mapped value the import would refuse, instead of writing it).
public struct FOFieldValueCheck: @unchecked Sendable {
    // FOValueChecker is immutable after init; it is a class only to keep the per-value path free of copies.
    private let checker: FOValueChecker

    /// The check for `field`, with enums resolved in `catalog`.
    public init(field: FOFieldSchema, catalog: SchemaCatalog) {
        checker = FOValueChecker(field: field, catalog: catalog)
    }

    /// Why `value` would be refused (an error-severity problem, e.g. a bad number or enum symbol, a text over a
    /// documented length), or nil when it fits or only draws a warning. Empty values are not checked.
    public func refusal(_ value: String) -> String? {
        var text = value
        return text.withUTF8 { buffer -> String? in
            guard let problem = refusingProblem(UnsafeRawBufferPointer(buffer)) else { return nil }
            return "\(problem.message) (\(problem.rule.id))"
        }
    }

    /// Whether the import takes `value` (UTF-8 bytes) as it is: `refusal` would be nil.
    public func accepts(_ value: UnsafeRawBufferPointer) -> Bool {
        refusingProblem(value) == nil
    }

    /// The checker's problem with a non-empty value, when its severity is error.
    private func refusingProblem(_ value: UnsafeRawBufferPointer) -> FOValueProblem? {
        guard value.count > 0, let problem = checker.problem(value) else { return nil }
        return (problem.severity ?? problem.rule.severity) == .error ? problem : nil
    }
}

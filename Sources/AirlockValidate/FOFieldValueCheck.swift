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

    /// `value` as the import should keep it, when it begins or ends with spaces or tabs, which F&O would keep as part
    /// of it (validate's `fo.value.spreadsheet`): the value without them ("" when nothing else is left); nil when it
    /// has none.
    public static func withoutOuterSpaces(_ value: String) -> String? {
        var text = value
        guard text.withUTF8({ FOValueChecker.hasOuterSpaces(UnsafeRawBufferPointer($0)) }) else { return nil }
        let isOuter: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = text.firstIndex(where: { !isOuter($0) }), let last = text.lastIndex(where: { !isOuter($0) }) else { return "" }
        return String(text[first...last])
    }

    /// Whether `value` (UTF-8 bytes) begins or ends with a space or a tab (`withoutOuterSpaces`).
    public static func hasOuterSpaces(_ value: UnsafeRawBufferPointer) -> Bool {
        FOValueChecker.hasOuterSpaces(value)
    }
}

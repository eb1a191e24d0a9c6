import AirlockModel

/// What `CMTFieldValueCheck` finds wrong with one value of a Configuration Migration field: the rule, `validate`'s
/// finding (message, severity, basis) and, from the same facts, the words `convert` rejects a record with.
public struct CMTFieldValueProblem: Error, Sendable, Hashable {
    /// What is wrong, with the facts both messages are made of.
    public enum Kind: Sendable, Hashable {
        /// Not in the type's format; `reason` is the value codec's (it names the value and the type).
        case format(reason: String)
        /// A text of `characters` UTF-16 units where `limit` are refused beyond (the limit the import enforces).
        case length(characters: Int, limit: Int)
        /// An option value the attribute does not have; `known` its values, in order.
        case option(value: Int, known: [Int])
    }

    /// `cmt.value.format`, `cmt.value.length` or `cmt.value.option`.
    public let rule: ValidationRule
    /// What is wrong, with its facts.
    public let kind: Kind
    /// `validate`'s message.
    public let message: String
    /// The finding's severity: an error is what the importer refuses.
    public let severity: ValidationSeverity
    /// The kind of catalog fact the finding rests on, when it rests on one.
    public let basis: CatalogCertainty?
    /// Whether `convert` rejects the record rather than write the value: every error, and an option value `-1` an
    /// attribute with a documented list lacks (`validate` warns of a `-1` found in an export, as some exporters
    /// write it for 'no value'; a converter leaves the field out instead).
    public let refusesRecord: Bool

    /// The message of `convert`'s reject for `value`, written to field `target`.
    public func rejection(value: String, target: String) -> String {
        switch kind {
        case .format(let reason):
            return reason
        case .length(let characters, let limit):
            return "'\(value)' has \(characters) characters; \(target) takes at most \(limit)"
        case .option(let number, let known):
            return "\(number) is not an option of \(target) (\(known.map(String.init).joined(separator: ", ")))"
        }
    }
}

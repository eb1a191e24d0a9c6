/// A named source filter: only source records for which the condition holds are converted.
public struct TemplateFilter: Sendable, Hashable {
    /// A stable name, e.g. `active-quotes-with-external-products-only`.
    public var name: String
    /// The expression.
    public var condition: FilterCondition
    /// Where the filter comes from.
    public var provenance: Provenance
    /// The expression (not just the intent) is an inference worth checking.
    public var isInferred: Bool
    /// Free text.
    public var note: String?

    public init(name: String, condition: FilterCondition, provenance: Provenance, isInferred: Bool, note: String? = nil) {
        self.name = name
        self.condition = condition
        self.provenance = provenance
        self.isInferred = isInferred
        self.note = note
    }
}

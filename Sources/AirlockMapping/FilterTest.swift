/// One comparison of a filter: a source field, an operator and its values.
public struct FilterTest: Sendable, Hashable {
    /// The source field tested (a Sales lookup path is allowed: `parentcustomerid.accountnumber`).
    public var field: FieldReference
    /// The comparison.
    public var `operator`: FilterOperator
    /// The values compared with (none for `is-empty`/`not-empty`).
    public var values: [String]

    public init(field: FieldReference, operator: FilterOperator, values: [String]) {
        self.field = field
        self.operator = `operator`
        self.values = values
    }
}

/// A second-pass lookup that found no record in the run's Sales output or the Sales export: the record is written
/// without the field, and `rejects/unresolved-lookups.csv` lists it.
struct UnresolvedLookup: Sendable, Equatable {
    /// The flow's source row of the record.
    let sourceRow: Int
    /// The record's GUID in the package and its natural key, as the flow keys it.
    let id: String
    let key: String
    /// The lookup field left empty, the business key it names and what was searched.
    let field: String
    let value: String
    let target: String
}

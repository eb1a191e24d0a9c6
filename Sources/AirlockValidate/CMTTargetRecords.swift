/// The records a Sales target already holds, for validating a package that is a delta against it (`convert`'s
/// `to-sales.zip`, `validate --against EXPORT`): a lookup to a record the target holds is expected, not a finding.
public protocol CMTTargetRecords: Sendable {
    /// Whether the target holds the record of `entity` with id `id` (a GUID's text as the package writes it).
    func holds(entity: String, id: String) -> Bool
}

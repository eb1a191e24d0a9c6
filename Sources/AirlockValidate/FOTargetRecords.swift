/// The records an F&O target already holds, for validating a package that is a delta against it (`convert`'s
/// `to-fo.zip` against the F&O export it read, `validate --against EXPORT`): a reference to a parent (a contact
/// person's customer, a line's header) that the package does not carry but the target holds is expected, not a
/// finding.
public protocol FOTargetRecords: Sendable {
    /// Whether the target holds a record of one of `entities` (AOT names: the versions of one entity a reference
    /// may point to) whose `fields` have `values` (compared as F&O compares keys: case-insensitively).
    func holds(entities: [String], fields: [String], values: [String]) -> Bool
}

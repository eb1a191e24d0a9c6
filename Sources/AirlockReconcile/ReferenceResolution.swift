/// Where a referenced record was found.
public enum ReferenceResolution: Sendable, Hashable {
    /// Among the records this conversion writes (the output index), at this row of its table.
    case output(row: Int)
    /// In the target side's export, at this row of its table.
    case target(row: Int)
    /// On neither side: the referring record is rejected `orphan-reference`.
    case missing
}

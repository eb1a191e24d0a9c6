/// How a line flow hangs off its header flow: lines are keyed on the parent document number plus a sequence number.
public struct ParentRelation: Sendable, Hashable {
    /// The header flow's name, e.g. `quotes`.
    public var flow: String
    /// The line's source fields that hold the header's source key, in the order of that key
    /// (`quoteid.quotenumber` for Sales quote lines, `SALESORDERNUMBER` for F&O order lines).
    public var link: [FieldReference]
    /// Only lines whose header the header flow takes (after its filters) are converted.
    public var onlyIncludedParents: Bool

    public init(flow: String, link: [FieldReference], onlyIncludedParents: Bool) {
        self.flow = flow
        self.link = link
        self.onlyIncludedParents = onlyIncludedParents
    }
}

/// One end of a flow: the side, the entity and its natural key.
public struct TemplateEndpoint: Sendable, Hashable {
    /// Sales or F&O.
    public var side: DataSide
    /// The F&O entity's DMF label as in the catalog (`Customers V2`) or the Sales logical name (`account`).
    public var entity: String
    /// The natural key, matched pairwise with the other end's key. Sales keys may be lookup paths
    /// (`quoteid.quotenumber`); F&O keys leave out DATAAREAID, which is the conversion's legal entity.
    public var key: [FieldReference]

    public init(side: DataSide, entity: String, key: [FieldReference]) {
        self.side = side
        self.entity = entity
        self.key = key
    }
}

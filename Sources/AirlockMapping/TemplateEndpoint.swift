/// One end of a flow: the side, the entity and its natural key.
public struct TemplateEndpoint: Sendable, Hashable {
    /// Sales or F&O.
    public var side: DataSide
    /// The F&O entity's DMF label as in the catalog (`Customers V2`) or the Sales logical name (`account`).
    public var entity: String
    /// The natural key, matched pairwise with the other end's key. Sales keys may be lookup paths
    /// (`quoteid.quotenumber`); F&O keys leave out DATAAREAID, which is the conversion's legal entity.
    public var key: [FieldReference]
    /// A Sales entity's company: the field (a lookup path, `msdyn_company.cdm_companycode`) that names the legal
    /// entity each record belongs to; a blank one belongs to the conversion's company. On a source, records of
    /// another company are filtered (`other-company`), as an F&O source's are by DATAAREAID; on a target, a record
    /// of the target export with a blank company is matched as the conversion company's. Nil: no company field.
    public var company: FieldReference?

    public init(side: DataSide, entity: String, key: [FieldReference], company: FieldReference? = nil) {
        self.side = side
        self.entity = entity
        self.key = key
        self.company = company
    }
}

import AirlockModel

/// Records a special rule adds to the output (not read from a source, so outside the flow's accounting identity).
public struct GeneratedRecords {
    /// What they are, as `report.json` names them: `priceListItems`, `freightTaxLines`, `orderStatusUpdates`.
    public var kind: String
    /// The target entity (Sales logical name or F&O label).
    public var entity: String
    /// The records; Sales records carry their GUID in the entity's id column.
    public var table: Table
    /// The natural key the output package marks to match records by (CMT `updateCompare`).
    public var keyFields: [String]
    /// Per record: whether it goes to the output package.
    public var written: [Bool]
    public var created: Int
    public var updated: Int
    public var unchanged: Int
    /// Per record, the export row of the source record it came from (the rule's flow's, or its header flow's), in
    /// the order the rule made them: how `airlock merge` puts a shard's records back in the single run's order. Nil
    /// from a rule that does not say (such records cannot be cut into shards).
    public var exportRows: [Int]?
    /// The position of the rule that made them among the conversion's rules (set by the flow).
    public var ruleIndex = 0

    public init(
        kind: String, entity: String, table: Table, keyFields: [String], written: [Bool], created: Int, updated: Int, unchanged: Int,
        exportRows: [Int]? = nil
    ) {
        self.exportRows = exportRows
        self.kind = kind
        self.entity = entity
        self.table = table
        self.keyFields = keyFields
        self.written = written
        self.created = created
        self.updated = updated
        self.unchanged = unchanged
    }
}

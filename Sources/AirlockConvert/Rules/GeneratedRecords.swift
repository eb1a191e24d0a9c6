import AirlockModel

/// Records a special rule adds to the output (not read from a source, so outside the flow's accounting identity).
struct GeneratedRecords {
    /// What they are, as `report.json` names them: `priceListItems`, `freightTaxLines`, `orderStatusUpdates`.
    var kind: String
    /// The target entity (Sales logical name or F&O label).
    var entity: String
    /// The records; Sales records carry their GUID in `idColumn`.
    var table: Table
    var written: [Bool]
    var created: Int
    var updated: Int
    var unchanged: Int
}

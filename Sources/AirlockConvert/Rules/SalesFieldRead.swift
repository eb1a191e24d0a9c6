/// Attributes of a Sales entity that a bundled rule reads from the Sales export beyond its template's own fields, as
/// it declares them (`BundledRule.salesReads`): what the export schema must hold for the rule to do its work
/// (`ExportSchemaBuilder`). An attribute the catalog lacks is left out of the schema, not refused.
struct SalesFieldRead: Sendable, Equatable {
    /// The entity's logical name (`pricelevel`).
    var entity: String
    /// Its attributes' logical names.
    var attributes: [String]
}

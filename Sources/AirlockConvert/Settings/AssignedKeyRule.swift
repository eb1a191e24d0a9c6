import AirlockMapping
import AirlockModel

/// Writes the keys a run gave (`--assign-keys`) or the key register restored back to their Sales records: after the
/// first flow that reads an entity (`accounts`, `contacts`), an update of each such record in `to-sales.zip` holding
/// only its GUID and the key attribute (`accountid`, `accountnumber`), matched on the GUID. Sales then holds the key the
/// F&O package creates its customer or contact person with, as it would after the Prospect to cash solution's upgrade
/// script, and a later export or sync joins the two records by it.
///
/// Every such record is written back, whatever its flows make of it (a rejected account keeps its key, so that it
/// converts under the same key once it is put right), but only for an entity whose key attribute the Sales export's
/// schema declares (`KeyWriteBack`): a key for a column the organisation may lack would fail the import, and a column
/// the export leaves out would not bring it back. `report.json` counts them as the flow's generated `assignedKeys`,
/// outside its accounting identity.
struct AssignedKeyRule: ConversionRule {
    /// What `report.json` calls the records.
    static let kind = "assignedKeys"

    let keys: KeyWriteBack
    let catalog: SchemaCatalog
    /// The flows this run converts (`--only`).
    let selected: Set<String>

    func generatesSalesRecords(on flow: MappingTemplate) -> Bool { entityKeys(writtenAfter: flow) != nil }

    func generatedRecords(after flow: RuleFlowResult) throws -> GeneratedRecords? {
        guard let entity = entityKeys(writtenAfter: flow.template) else { return nil }
        let idField = catalog.salesEntity(named: entity.keyed.entity)?.primaryIdAttribute ?? entity.keyed.entity + "id"
        var table = Table(name: entity.keyed.entity, columnNames: [idField, entity.keyed.attribute])
        for record in entity.records { try table.appendRow([record.id, record.key]) }
        let count = entity.records.count
        // A shard's rows are its part of the export's: merge orders the records by their rows in the whole export.
        let exportRow = flow.context.exportRows(flow.template.source)
        return GeneratedRecords(
            kind: Self.kind, entity: entity.keyed.entity, table: table, keyFields: [idField],
            written: [Bool](repeating: true, count: count), created: 0, updated: count, unchanged: 0,
            exportRows: entity.records.map { exportRow($0.row) })
    }

    /// The entity whose keys go out after `flow`: the first flow of the run, in run order, that reads it.
    private func entityKeys(writtenAfter flow: MappingTemplate) -> KeyWriteBack.EntityKeys? {
        keys.written.first { entity in entity.keyed.flows.first(where: selected.contains) == flow.name }
    }
}

import AirlockModel
import AirlockPackages
import AirlockReconcile
import AirlockValidate

/// The Sales export a conversion ran against, as the records the target holds: `to-sales.zip` is a delta against
/// it, so the package's validation takes a lookup to a record of the export as expected (not a finding), and what
/// it reports is what the import would meet.
///
/// It keeps each entity's record ids alone (`SalesExport.idTables`), so the export's other columns can go while the
/// package is written.
struct SalesExportRecords: CMTTargetRecords {
    private let tables: [String: Table]
    private let indexes = SharedCache<KeyIndex>()

    init(export: SalesExport) {
        tables = export.idTables()
    }

    func holds(entity: String, id: String) -> Bool {
        let index = try? indexes.value(entity) { try tables[entity].map(SalesExport.idIndex(of:)) }
        return index?.row(for: NaturalKey(id)) != nil
    }
}

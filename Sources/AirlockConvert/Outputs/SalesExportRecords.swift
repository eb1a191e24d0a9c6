import AirlockValidate

/// The Sales export a conversion ran against, as the records the target holds: `to-sales.zip` is a delta against
/// it, so the package's validation takes a lookup to a record of the export as expected (not a finding), and what
/// it reports is what the import would meet.
struct SalesExportRecords: CMTTargetRecords {
    let export: SalesExport

    func holds(entity: String, id: String) -> Bool {
        ((try? export.row(entity, id: id)) ?? nil) != nil
    }
}

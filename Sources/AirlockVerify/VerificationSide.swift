import AirlockCatalog
import AirlockIO
import AirlockModel
import AirlockPackages

/// One side of a verification, F&O or Sales: the entities its package sent, with what became of each record once
/// the side's export was streamed past them, and the side's warnings. The sides share nothing, so `Verifier` runs
/// them on two threads; each writes its drifted rows to a file of its own, which are put together F&O first.
///
/// `@unchecked Sendable`: a side is built on its own thread and handed to the caller once that thread has ended
/// (`BackgroundTask.result()` waits for it), so its entities, which are not `Sendable`, are never used by two
/// threads at once.
final class VerificationSide: @unchecked Sendable {
    let entities: [SentEntity]
    let warnings: [String]

    init(entities: [SentEntity], warnings: [String]) {
        self.entities = entities
        self.warnings = warnings
    }

    /// Reads what `to-fo.zip` sent and, when `export` is given, streams the F&O export past it.
    /// - Parameters:
    ///   - driftPart: the file the side's rows of `drifted.csv` are written to (without a header).
    ///   - spoolPath: the work file the sent values go to while the side runs (`SentValueSpool`; removed after).
    static func fo(
        run: RunFolder, catalog: SchemaCatalog, export: PackageSource?, locale: FOLocale?, driftPart: String, spoolPath: String
    ) throws -> VerificationSide {
        let spool = try export.map { _ in try SentValueSpool(path: spoolPath) }
        defer { spool?.remove() }
        // The export's columns plan the digests; an export that cannot be opened fails below, where it is read.
        let exportReader = export.flatMap { try? FOPackageReader(source: $0) }
        let entities =
            try run.hasPackage(RunLayout.foPackage)
            ? SentPackages.foEntities(run, catalog: catalog, export: exportReader, spool: spool) : []
        let sent = SentPackages(company: run.report.company, fo: entities, sales: [])
        let writer = try CSVFileWriter(path: driftPart, encoding: .utf8)
        var warnings: [String] = []
        if let export, let spool {
            warnings = try FOExportMatcher.run(
                export, sent: sent, spool: spool, drift: DriftRecorder(writer: writer, keyText: sent.keyText), catalog: catalog,
                locale: locale)
        }
        try writer.close()
        return VerificationSide(entities: entities, warnings: warnings)
    }

    /// Reads what `to-sales.zip` sent and, when `export` is given, streams the Sales export past it: the package on a
    /// thread of its own, each entity handed to the export's stream as soon as its section is read (`SentSalesFeed`).
    /// - Parameters:
    ///   - driftPart: the file the side's rows of `drifted.csv` are written to (without a header).
    ///   - spoolPath: the work file the sent values go to while the side runs (`SentValueSpool`; removed after).
    static func sales(run: RunFolder, export: PackageSource?, driftPart: String, spoolPath: String) throws -> VerificationSide {
        let spool = try export.map { _ in try SentValueSpool(path: spoolPath) }
        defer { spool?.remove() }
        // The export's schema plans the digests; an export that cannot be opened fails below, where it is read.
        let exportSchema = export.flatMap { try? CMTPackageReader(source: $0).schema }
        let feed = SentSalesFeed()
        let reading = BackgroundTask { [run] in
            do {
                if run.hasPackage(RunLayout.salesPackage) {
                    try SentPackages.salesEntities(run, exportSchema: exportSchema, spool: spool, declare: feed.declare) {
                        feed.publish($0)
                    }
                }
                feed.finish(nil)
            } catch {
                feed.finish(error)
                throw error
            }
        }
        let outcome = Result { () throws -> [String] in
            let writer = try CSVFileWriter(path: driftPart, encoding: .utf8)
            var warnings: [String] = []
            if let export, let spool {
                warnings = try SalesRecordMatcher(sent: feed, spool: spool, drift: DriftRecorder(writer: writer, keyText: feed.keyText))
                    .run(
                        export)
            }
            try writer.close()
            return warnings
        }
        try reading.result()
        return VerificationSide(entities: try feed.all(), warnings: try outcome.get())
    }
}

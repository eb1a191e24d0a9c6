import AirlockCatalog
import AirlockConvert
import AirlockIO
import AirlockMapping
import AirlockModel
import AirlockPackages
import Foundation

/// Writes a consistent pair of exports for demos, tests and benchmarks: an F&O data management package
/// (`fo-export.zip`) and a Sales Configuration Migration package (`sales-export.zip`), cut from one generated
/// world with partial overlap and some drift between the sides. The same seed gives byte-identical files.
///
/// The default (`prospect-to-cash`) pair is made the way the runbook says: the Sales export with the schema
/// `ExportSchemaBuilder` writes for the bundled templates, the F&O export with every column they read or write
/// (`FOExportColumns`), and the records on both sides (the F&O customers that came from Sales, the F&O orders Sales
/// knows, with their lines) hold what the maps wrote at the last sync. A first conversion then warns of nothing,
/// and changes existing records only by the drift the world designs (docs/sample.md, "Drift by design"):
/// - accounts: PRIMARYCONTACTPHONE of the customers whose phone changed in Sales since the last sync (about 15 %);
/// - orders-to-sales: msdynce_processingstatus of the synced orders F&O has delivered or invoiced since (Confirmed
///   then), and statecode and statuscode of those it has invoiced since (their invoices convert now, and the
///   invoiced-order-status rule makes the orders Invoiced).
public enum SampleGenerator {
    /// The answer key `write(… defects: true)` adds: the records a converter must reject.
    public static let expectedRejectsFileName = "expected-rejects.csv"
    /// One defect of each kind per this many accounts (at least one of each).
    public static let accountsPerDefect = SampleDefects.accountsPerDefect
    /// The fewest accounts a pair with defects can have.
    public static let minimumAccountsWithDefects = SampleDefects.minimumAccounts

    /// Writes both exports into `directory` (which must exist).
    /// - Parameters:
    ///   - accounts: how many accounts the world has; contacts, products and documents scale with it.
    ///   - seed: the random seed.
    ///   - company: the F&O legal entity (`DATAAREAID`).
    ///   - defects: also write a fixed set of defect records (see `SampleDefects`) and `expected-rejects.csv`,
    ///     the records a converter must reject (`flow,key,reason`). Without defects, a stale
    ///     `expected-rejects.csv` in `directory` is removed, so that the folder never holds a key of another pair.
    ///   - templates: the template set whose shapes the pair has. `prospect-to-cash` (the default) writes the
    ///     entities the Prospect to cash templates read; `dual-write` the entities of dual-write's table maps, cut
    ///     from the same world (see `SampleDualWriteWorld`), without defects.
    /// - Returns: the paths written (the F&O export, the Sales export, then the answer key when `defects`).
    /// - Throws: `AirlockError` when a file cannot be written; `.usage` for defects with fewer than
    ///   `minimumAccountsWithDefects` accounts, or with the `dual-write` set.
    public static func write(
        to directory: String, accounts: Int, seed: UInt64 = 1, company: String = "USMF", defects: Bool = false,
        templates: TemplateSetName = .standard
    ) throws -> [String] {
        let base = directory.hasSuffix("/") ? directory : directory + "/"
        let foPath = base + RunLayout.foExport
        let salesPath = base + RunLayout.salesExport
        let rejectsPath = base + expectedRejectsFileName
        if templates == .dualWrite {
            guard !defects else { throw AirlockError(.usage, "a sample with defects is a prospect-to-cash pair; leave out --defects") }
            let world = SampleDualWriteWorld(accounts: accounts, seed: seed, company: company)
            let set = try TemplateLoader.bundled(.dualWrite)
            let catalog = try SchemaCatalogLoader.bundled()
            try SampleDualWriteFOExport(world: world, neededColumns: FOExportColumns.needed(by: set, catalog: catalog)).write(to: foPath)
            var sales = SampleDualWriteSalesExport(
                world: world, schema: try ExportSchemaBuilder.schema(for: set, catalog: catalog), seed: seed)
            try sales.write(to: salesPath)
            if FileManager.default.fileExists(atPath: rejectsPath) { try? FileManager.default.removeItem(atPath: rejectsPath) }
            return [foPath, salesPath]
        }
        var world = SampleWorld(accounts: accounts, seed: seed)
        if defects {
            guard accounts >= SampleDefects.minimumAccounts else {
                throw AirlockError(.usage, "a sample with defects needs at least \(SampleDefects.minimumAccounts) accounts")
            }
            world.defects = SampleDefects(world: world, seed: seed)
        }
        // Exports made the way the runbook says: the F&O one with the columns the templates need, the Sales one with
        // the schema `airlock templates schema` writes.
        let set = try TemplateLoader.bundled(.standard)
        let catalog = try SchemaCatalogLoader.bundled()
        try SampleFOExport(world: world, company: company, neededColumns: FOExportColumns.needed(by: set, catalog: catalog))
            .write(to: foPath)
        var sales = SampleSalesExport(world: world, schema: try ExportSchemaBuilder.schema(for: set, catalog: catalog))
        try sales.write(to: salesPath)
        guard let key = world.defects else {
            if FileManager.default.fileExists(atPath: rejectsPath) { try? FileManager.default.removeItem(atPath: rejectsPath) }
            return [foPath, salesPath]
        }
        do {
            try Data(key.csv(world: world).utf8).write(to: URL(fileURLWithPath: rejectsPath))
        } catch {
            throw AirlockError(.io, "cannot write the file", at: SourceLocation(file: rejectsPath), cause: SystemErrorText.of(error))
        }
        return [foPath, salesPath, rejectsPath]
    }
}

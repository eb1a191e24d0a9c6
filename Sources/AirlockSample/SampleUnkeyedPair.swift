import AirlockCatalog
import AirlockConvert
import AirlockIO
import AirlockMapping
import AirlockModel
import Foundation

/// Writes a noisy, unkeyed pair of exports with its answer key, for `airlock match`: an F&O data management package
/// (`fo-export.zip`: Customers V2, CDS Contacts or Contacts V2, Sellable released products) and a Sales Configuration Migration
/// package (`sales-export.zip`: transactioncurrency, uomschedule, uom, pricelevel, account, contact, product) of the same
/// companies, people and products, sharing no key, with the noise of records keyed twice by hand (typos, legal forms,
/// accents, address and phone formats, values missing on one side, duplicates within a side, look-alike sibling
/// companies), and `match-truth.csv`, every true link (`SampleUnkeyedTruth`). The pair is convert-ready: the F&O files
/// carry every column the standard templates read or write, the Sales export the unit group, units and price lists the
/// products need. docs/sample.md, "An unkeyed pair for `airlock match`", lists the entities, columns and rates.
///
/// The same seed, size and company give byte-identical files. Records are written in a shuffled order, built and
/// written as they stream, so a million accounts need little memory.
public enum SampleUnkeyedPair {
    /// Writes the pair and its answer key into `directory` (which must exist); an `expected-rejects.csv` left there
    /// by another sample is removed, so that the folder never holds a key of another pair.
    /// - Parameters:
    ///   - accounts: how many organisations the world has (at least 1); person customers (about 3 %), contacts
    ///     (about 1.2 per organisation) and products (one per ten, at least 3) scale with it.
    ///   - seed: the random seed.
    ///   - company: the F&O legal entity (`DATAAREAID`).
    ///   - contacts: the F&O entity the contact persons are written in.
    /// - Returns: the paths written: the F&O export, the Sales export, the answer key.
    /// - Throws: `AirlockError` when a file cannot be written; `.usage` for fewer than one account.
    public static func write(
        to directory: String, accounts: Int, seed: UInt64 = 1, company: String = "USMF",
        contacts: SampleUnkeyedContactEntity = .cdsContacts
    ) throws -> [String] {
        guard accounts >= 1 else { throw AirlockError(.usage, "an unkeyed sample needs at least one account") }
        let base = directory.hasSuffix("/") ? directory : directory + "/"
        let foPath = base + RunLayout.foExport
        let salesPath = base + RunLayout.salesExport
        let truthPath = base + RunLayout.matchTruth
        let world = SampleUnkeyedWorld(accounts: accounts, seed: seed, company: company)
        // The F&O export carries every column the standard templates read or write, as the sample's does, so that
        // `convert --keymap` keeps the linked records' own values.
        let needed = FOExportColumns.needed(by: try TemplateLoader.bundled(.standard), catalog: try SchemaCatalogLoader.bundled())
        // The F&O export and the answer key on a thread of their own, the Sales export (whose zip deflates on a
        // thread of its own) on this one: the files do not depend on each other.
        let foAndTruth = BackgroundTask {
            try SampleUnkeyedFOExport(world: world, contacts: contacts, neededColumns: needed).write(to: foPath)
            try SampleUnkeyedTruth(world: world).write(to: truthPath)
        }
        let sales = Result { try SampleUnkeyedSalesExport(world: world).write(to: salesPath) }
        try foAndTruth.result()
        try sales.get()
        let rejectsPath = base + SampleGenerator.expectedRejectsFileName
        if FileManager.default.fileExists(atPath: rejectsPath) { try? FileManager.default.removeItem(atPath: rejectsPath) }
        return [foPath, salesPath, truthPath]
    }
}

import AirlockKit
import Foundation
import Testing

/// A delta `airlock diff` wrote, given to `convert` as an export, is refused before anything runs, with the
/// command to run instead: the F&O delta says what it is in its header, and the migration ledger knows any delta.
struct ConvertDeltaInputTests {
    /// A wave's F&O and Sales deltas, written by `diff` into `migration/` (whose ledger records them).
    static func deltas() throws -> (folder: String, pair: (fo: String, sales: String), fo: String, sales: String) {
        let pair = try ConvertFixture.generatedPair(accounts: 20, seed: 5)
        let folder = pair.folder
        let foWave = folder + "/fo-wave2.zip"
        let salesWave = folder + "/sales-wave2.zip"
        _ = try WaveMaker.foWave(
            export: pair.fo, output: foWave, label: "CDS sales order lines", keyColumn: "SALESORDERNUMBER", column: "PRODUCTNAME",
            change: [0], remove: [], add: 0)
        _ = try WaveMaker.cmtWave(export: pair.sales, output: salesWave, entity: "account", field: "name", change: [1], remove: [], add: 0)
        for (old, new, name) in [(pair.fo, foWave, "fo-delta"), (pair.sales, salesWave, "sales-delta")] {
            _ = try DiffPipeline.run(
                DiffOptions(diff: PackageDiffOptions(oldPath: old, newPath: new, outputDirectory: folder + "/migration/" + name)))
        }
        return (
            folder, (foWave, salesWave), folder + "/migration/fo-delta/" + RunLayout.deltaPackage,
            folder + "/migration/sales-delta/" + RunLayout.deltaPackage
        )
    }

    static func convert(fo: String, sales: String, out: String, ledger: LedgerOptions = LedgerOptions()) throws -> ConvertResult {
        try ConvertPipeline.run(
            ConvertOptions(conversion: ConversionOptions(foPath: fo, salesPath: sales, outputDirectory: out), ledger: ledger))
    }

    @Test func anFODeltaIsRefusedByItsHeaderWithOrWithoutTheLedger() throws {
        let (folder, pair, foDelta, _) = try Self.deltas()
        let error = try #require(throws: AirlockError.self) {
            try Self.convert(fo: foDelta, sales: pair.sales, out: folder + "/elsewhere/run", ledger: .off)
        }
        #expect(error.code == .usage)
        #expect(
            error.message.hasPrefix(
                "--fo \(foDelta) is a delta, not an export: its PackageHeader.xml says it is the delta airlock diff writes"))
        #expect(error.message.contains("--since"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/elsewhere/run"))
    }

    @Test func aSalesDeltaIsRefusedByTheLedger() throws {
        let (folder, pair, _, salesDelta) = try Self.deltas()
        let error = try #require(throws: AirlockError.self) {
            try Self.convert(fo: pair.fo, sales: salesDelta, out: folder + "/migration/wave2")
        }
        #expect(
            error.message.hasPrefix("--sales \(salesDelta) is a delta, not an export: the migration ledger shows airlock diff wrote it"))
        // The message names the export the diff compared against, for --since, and the full new export.
        #expect(error.message.contains("--since") && error.message.contains("sales-wave2.zip"), "\(error.message)")
        // The full exports convert.
        let result = try Self.convert(fo: pair.fo, sales: pair.sales, out: folder + "/migration/wave2")
        #expect(result.status == .success)
    }
}

import AirlockKit
import Foundation
import Testing

/// `convert --since`: a second wave converts only what changed in the sources since the first, with the same
/// accounting per flow; a line whose header did not change still goes (its header is in the target since then).
struct ConvertSinceTests {
    /// A generated pair's first wave, converted and imported: the exports after it are the baseline of wave 2.
    static func firstWaveImported() throws -> (folder: String, fo: String, sales: String) {
        let pair = try ConvertFixture.generatedPair(accounts: 40, seed: 7)
        let folder = pair.folder
        try ConvertFixture.convert(fo: pair.fo, sales: pair.sales, out: folder + "/wave1")
        let foAfter = folder + "/fo-after-wave1.zip"
        let salesAfter = folder + "/sales-after-wave1.zip"
        try ImportSimulator.importFO(export: pair.fo, imported: folder + "/wave1/" + RunLayout.foPackage, output: foAfter)
        try ImportSimulator.importSales(export: pair.sales, imported: folder + "/wave1/" + RunLayout.salesPackage, output: salesAfter)
        return (folder, foAfter, salesAfter)
    }

    @Test func aSecondWaveConvertsOnlyWhatChanged() throws {
        let (folder, foAfter, salesAfter) = try Self.firstWaveImported()
        // Wave 2: three accounts renamed in Sales, one order line's product name changed in F&O.
        let salesWave = folder + "/sales-wave2.zip"
        let foWave = folder + "/fo-wave2.zip"
        let accounts = try WaveMaker.cmtWave(
            export: salesAfter, output: salesWave, entity: "account", field: "name", change: [0, 3, 8], remove: [], add: 0)
        _ = try WaveMaker.foWave(
            export: foAfter, output: foWave, label: "CDS sales order lines", keyColumn: "SALESORDERNUMBER", column: "PRODUCTNAME",
            change: [0], remove: [], add: 0)

        let full = try Converter.run(
            ConversionOptions(foPath: foWave, salesPath: salesWave, outputDirectory: nil, dryRun: true),
            catalog: SchemaCatalogLoader.bundled())
        let options = ConversionOptions(
            foPath: foWave, salesPath: salesWave, outputDirectory: folder + "/wave2", since: [foAfter, salesAfter])
        let since = try Converter.run(options, catalog: SchemaCatalogLoader.bundled())
        let filter = BuiltInFilter.unchangedSince
        for (name, flow) in since.report.flows {
            let all = try #require(full.report.flows[name])
            #expect(flow.read == all.read, "\(name)")
            let converted = flow.created + flow.updated + flow.unchanged
            let unchanged = flow.filteredBy[filter] ?? 0
            // What the full run converts is converted again or left out as unchanged since wave 1, never lost.
            #expect(converted + unchanged >= all.created + all.updated + all.unchanged, "\(name): \(flow.counts) vs \(all.counts)")
        }
        let sinceAccounts = try #require(since.report.flows["accounts"])
        #expect(sinceAccounts.created + sinceAccounts.updated + sinceAccounts.unchanged + sinceAccounts.rejected <= accounts.changed.count)
        #expect(sinceAccounts.updated > 0, "a renamed account goes to F&O again: \(sinceAccounts.counts)")
        #expect(
            (sinceAccounts.filteredBy[filter] ?? 0) >= sinceAccounts.read - accounts.changed.count
                - (sinceAccounts.filtered - (sinceAccounts.filteredBy[filter] ?? 0)))
        let contacts = try #require(since.report.flows["contacts"])
        #expect(contacts.created + contacts.updated + contacts.unchanged + contacts.rejected == 0, "no contact changed: \(contacts.counts)")
        let lines = try #require(since.report.flows["order-lines-to-sales"])
        let orders = try #require(since.report.flows["orders-to-sales"])
        #expect(orders.created + orders.updated + orders.unchanged + orders.rejected == 0, "no order changed: \(orders.counts)")
        #expect(lines.created + lines.updated == 1 && lines.rejected == 0, "the changed line, its order unchanged: \(lines.counts)")
        #expect(
            (lines.filteredBy["parent-filtered"] ?? 0) <= (full.report.flows["order-lines-to-sales"]?.filteredBy["parent-filtered"] ?? 0))
        #expect(since.report.inputs["since-1"] != nil && since.report.inputs["since-2"] != nil)
        #expect(since.report.options.since == [foAfter, salesAfter])

        // Two baselines of one side are refused.
        let twice = ConversionOptions(foPath: foWave, salesPath: salesWave, outputDirectory: nil, dryRun: true, since: [foAfter, foAfter])
        #expect(throws: AirlockError.self) { try Converter.run(twice, catalog: SchemaCatalogLoader.bundled()) }
    }

    /// Unchanged means the same bytes: a value changed only in case or by a trailing blank is a change, a value
    /// written again as it was is not. Each wave is compared with a copy of the baseline written the same way, whose
    /// records are all unchanged: exactly the two records changed in case or by a blank go again, per side.
    @Test func aChangeInCaseOrByATrailingBlankIsAChange() throws {
        let (folder, foAfter, salesAfter) = try Self.firstWaveImported()
        func recased(_ text: String) -> String {
            let upper = text.uppercased()
            return upper != text ? upper : text.lowercased()
        }
        func wave(_ name: String, changed: Bool) throws -> (fo: String, sales: String) {
            let fo = folder + "/fo-\(name).zip"
            let sales = folder + "/sales-\(name).zip"
            // Records 0 and 3 (lines 0 and 1) change in case and by a trailing blank; record 8 (line 2) is written as it was.
            _ = try WaveMaker.cmtWave(
                export: salesAfter, output: sales, entity: "account", field: "name", change: changed ? [0, 3, 8] : [], remove: [], add: 0
            ) { row, old in
                row == 0 ? recased(old ?? "") : row == 3 ? (old ?? "") + " " : old ?? ""
            }
            _ = try WaveMaker.foWave(
                export: foAfter, output: fo, label: "CDS sales order lines", keyColumn: "SALESORDERNUMBER", column: "PRODUCTNAME",
                change: changed ? [0, 1, 2] : [], remove: [], add: 0
            ) { row, old in
                row == 0 ? recased(old ?? "") : row == 1 ? (old ?? "") + " " : old
            }
            return (fo, sales)
        }
        func unchangedSince(_ wave: (fo: String, sales: String), out: String) throws -> [String: Int] {
            let options = ConversionOptions(
                foPath: wave.fo, salesPath: wave.sales, outputDirectory: folder + "/" + out, since: [foAfter, salesAfter])
            let report = try Converter.run(options, catalog: SchemaCatalogLoader.bundled()).report
            return report.flows.mapValues { $0.filteredBy[BuiltInFilter.unchangedSince] ?? 0 }
        }
        let same = try unchangedSince(try wave("same", changed: false), out: "same")
        let changed = try unchangedSince(try wave("changed", changed: true), out: "changed")
        #expect((same["accounts"] ?? 0) > 10, "the baseline copy is unchanged since wave 1: \(same)")
        #expect((same["accounts"] ?? 0) - (changed["accounts"] ?? 0) == 2, "\(same) vs \(changed)")
        #expect((same["order-lines-to-sales"] ?? 0) - (changed["order-lines-to-sales"] ?? 0) == 2, "\(same) vs \(changed)")
        for flow in same.keys where flow != "accounts" && flow != "order-lines-to-sales" {
            #expect(same[flow] == changed[flow], "\(flow): \(same) vs \(changed)")
        }
    }

    @Test func aPlanOfAWaveWhereNothingChangedPassesAndSaysSo() throws {
        let (folder, foAfter, salesAfter) = try Self.firstWaveImported()
        // Wave 2's exports are the targets as wave 1 left them: nothing changed.
        let result = try ConvertPipeline.run(
            ConvertOptions(
                conversion: ConversionOptions(
                    foPath: foAfter, salesPath: salesAfter, outputDirectory: nil, dryRun: true, since: [foAfter, salesAfter]),
                plan: true))
        #expect(result.status == .success, "\(result.text)")
        #expect(result.problem == nil)
        #expect(!result.text.contains("NOTHING WOULD BE CONVERTED"), "\(result.text)")
        #expect(result.text.contains("accounts: ") && result.text.contains("nothing changed since the last wave"), "\(result.text)")
        _ = folder
    }

    @Test func recordsRejectedInAnEarlierWaveStayVisible() throws {
        // A pair with defects: wave 1 rejects some accounts, so the targets never get them.
        let pair = try ConvertFixture.generatedPair(accounts: 40, seed: 11, defects: true)
        let folder = pair.folder
        let first = try ConvertFixture.convert(fo: pair.fo, sales: pair.sales, out: folder + "/wave1", maxRejects: 10_000)
        let rejectedAccounts = try #require(first.report.flows["accounts"]).rejected
        #expect(rejectedAccounts > 0)
        let foAfter = folder + "/fo-after-wave1.zip"
        let salesAfter = folder + "/sales-after-wave1.zip"
        try ImportSimulator.importFO(export: pair.fo, imported: folder + "/wave1/" + RunLayout.foPackage, output: foAfter)
        try ImportSimulator.importSales(export: pair.sales, imported: folder + "/wave1/" + RunLayout.salesPackage, output: salesAfter)
        // Wave 2: the same sources, nothing fixed.
        let wave = try ConvertPipeline.run(
            ConvertOptions(
                conversion: ConversionOptions(
                    foPath: pair.fo, salesPath: pair.sales, outputDirectory: folder + "/wave2", maxRejects: 10_000,
                    since: [foAfter, salesAfter])))
        let plan = try #require(wave.report.plan?.flows["accounts"])
        #expect(plan.unchangedNotInTarget >= rejectedAccounts - (first.report.flows["accounts"]?.rejectedByReason["duplicate-key"] ?? 0))
        #expect(plan.unchangedNotInTarget > 0)
        #expect(wave.text.contains("unchanged since the last wave but not in the target export"), "\(wave.text)")
        // A record the target lost may have been deleted there on purpose: the warning says so, not only "rejected".
        #expect(wave.text.contains("or deleted in the target since"), "\(wave.text)")
    }
}

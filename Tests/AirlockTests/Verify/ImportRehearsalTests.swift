import AirlockKit
import Foundation
import Testing

/// `airlock sample --after-import RUN`: the exports a run's import would give, for rehearsing verify and retry
/// without the apps. The script it replaces dropped every record sent to an entity the export held empty (the
/// samples' 750 invoices), so a first verify reported thousands missing.
@Suite struct ImportRehearsalTests {
    /// A conversion of a generated pair in a scratch folder, run from that folder as a user would.
    static func converted() throws -> String {
        let folder = try Fixture.scratchDirectory("airlock-rehearsal")
        for arguments in [
            ["sample", "--out", "pair", "--accounts", "40", "--seed", "3"],
            ["convert", "--fo", "pair/fo-export.zip", "--sales", "pair/sales-export.zip", "--out", "run"],
        ] {
            let result = try AirlockRunner.runBinary(arguments, workingDirectory: folder, timeLimit: 300)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
        }
        return folder
    }

    @Test func everyRecordSentLandsAndTheVerifyAgrees() throws {
        let folder = try Self.converted()
        let rehearsal = try AirlockRunner.runBinary(["sample", "--after-import", "run", "--out", "after"], workingDirectory: folder)
        #expect(rehearsal.status == 0, "\(rehearsal.stderr)")
        #expect(rehearsal.stdout.contains("airlock verify --run run --fo after/fo-export.zip --sales after/sales-export.zip"))
        // The invoices went to a section the export held empty: they are there now.
        let sales = try CMTPackageReader(path: folder + "/after/sales-export.zip").read()
        let sent = try CMTPackageReader(path: folder + "/run/" + RunLayout.salesPackage).read()
        #expect(sales.data.entity(named: "invoice")?.recordCount == sent.data.entity(named: "invoice")?.recordCount)
        #expect((sent.data.entity(named: "invoice")?.recordCount ?? 0) > 0)
        let verify = try AirlockRunner.runBinary(
            ["verify", "--run", "run", "--fo", "after/fo-export.zip", "--sales", "after/sales-export.zip"], workingDirectory: folder)
        #expect(verify.status == 0 && verify.stdout.contains("Every record sent landed"), "\(verify.stdout)\(verify.stderr)")
        // The same inputs give the same files.
        let again = try AirlockRunner.runBinary(["sample", "--after-import", "run", "--out", "again"], workingDirectory: folder)
        #expect(again.status == 0)
        for name in ["fo-export.zip", "sales-export.zip", "after-import.csv"] {
            #expect(
                try Data(contentsOf: URL(fileURLWithPath: folder + "/after/" + name))
                    == Data(contentsOf: URL(fileURLWithPath: folder + "/again/" + name)), "\(name)")
        }
    }

    @Test func lostAndChangedRecordsAreWhatVerifyFindsAndRetrySends() throws {
        let folder = try Self.converted()
        let rehearsal = try AirlockRunner.runBinary(
            ["sample", "--after-import", "run", "--out", "after", "--lose", "4", "--drift", "3", "--seed", "9"], workingDirectory: folder)
        #expect(rehearsal.status == 0, "\(rehearsal.stderr)")
        let key = try ConvertFixture.csvRows(folder + "/after/after-import.csv")
        let lost = key.filter { $0["change"] == "lost" }
        let drifted = key.filter { $0["change"] == "drifted" }
        #expect(lost.count == 4 && drifted.count == 3, "\(key)")
        let verify = try AirlockRunner.runBinary(
            ["verify", "--run", "run", "--fo", "after/fo-export.zip", "--sales", "after/sales-export.zip"], workingDirectory: folder)
        #expect(verify.status == 1, "\(verify.stdout)")
        // verify finds exactly the records the rehearsal lost and changed.
        let missing = try ConvertFixture.csvRows(folder + "/run/verify/missing.csv")
        func named(_ row: [String: String]) -> String { row["side"] == "F&O" ? "fo " + (row["key"] ?? "") : "sales " + (row["key"] ?? "") }
        func found(_ row: [String: String]) -> String { row["side"] == "fo" ? "fo " + (row["key"] ?? "") : "sales " + (row["id"] ?? "") }
        #expect(Set(missing.map(found)) == Set(lost.map(named)), "\(missing) \(lost)")
        let changed = try ConvertFixture.csvRows(folder + "/run/verify/drifted.csv")
        #expect(Set(changed.map(found)) == Set(drifted.map(named)), "\(changed) \(drifted)")
        #expect(changed.allSatisfy { $0["found"]?.hasSuffix(" (edited)") == true })
        // retry sends the lost records again.
        let retry = try AirlockRunner.runBinary(
            ["retry", "--run", "run", "--from-verify", "run/verify/missing.csv"], workingDirectory: folder)
        #expect(retry.status == 0, "\(retry.stdout)\(retry.stderr)")
    }

    @Test func whatCannotBeRehearsedIsRefused() throws {
        let folder = try Self.converted()
        let tooMany = try AirlockRunner.runBinary(
            ["sample", "--after-import", "run", "--out", "after", "--lose", "100000"], workingDirectory: folder)
        #expect(tooMany.status == 2 && tooMany.stderr.contains("the run sent"), "\(tooMany.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/after/fo-export.zip"))
        let notARun = try AirlockRunner.runBinary(["sample", "--after-import", "pair", "--out", "after"], workingDirectory: folder)
        #expect(notARun.status == 2 && notARun.stderr.contains("report.json"), "\(notARun.stderr)")
        // The exports the run read are never overwritten.
        let before = try Data(contentsOf: URL(fileURLWithPath: folder + "/pair/fo-export.zip"))
        let overInputs = try AirlockRunner.runBinary(["sample", "--after-import", "run", "--out", "pair"], workingDirectory: folder)
        #expect(overInputs.status == 2 && overInputs.stderr.contains("inputs are never overwritten"), "\(overInputs.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/pair/fo-export.zip")) == before)
        let alone = try AirlockRunner.runBinary(["sample", "--out", "x", "--lose", "2"], workingDirectory: folder)
        #expect(alone.status != 0 && alone.stderr.contains("--lose and --drift go with --after-import"), "\(alone.stderr)")
    }
}

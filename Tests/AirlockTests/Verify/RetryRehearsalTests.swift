import AirlockKit
import Foundation
import Testing

/// `airlock sample --after-import RETRY`: the runbook's second round (import the retry, export again, verify into a
/// new folder) rehearsed without the apps, the retry's packages imported into the exports after the first import,
/// which the verify the retry was made from read.
@Suite struct RetryRehearsalTests {
    /// The samples converted into `run-1` of a new scratch folder: (folder, run).
    static func converted() throws -> (folder: String, run: String) {
        let folder = try Fixture.scratchDirectory("airlock-retry-rehearsal")
        let run = folder + "/run-1"
        let convert = try AirlockRunner.run([
            "convert", "--fo", ConvertFixture.sampleFO, "--sales", ConvertFixture.sampleSales, "--out", run,
        ])
        #expect(convert.status == 0, "\(convert.stderr)")
        return (folder, run)
    }

    /// `airlock verify` of `run` against the two exports in `exports`, into `out`.
    static func verify(_ run: String, _ exports: String, out: String) throws -> AirlockRunner.Result {
        try AirlockRunner.run([
            "verify", "--run", run, "--fo", exports + "/" + RunLayout.foExport, "--sales",
            exports + "/" + RunLayout.salesExport,
            "--out", out,
        ])
    }

    /// The records a verify's list names (`fo KEY` or `sales ID`), and those an answer key says changed so.
    static func named(_ list: String) throws -> Set<String> {
        Set(try ConvertFixture.csvRows(list).map { $0["side"] == "fo" ? "fo " + ($0["key"] ?? "") : "sales " + ($0["id"] ?? "") })
    }

    static func changed(_ answerKey: String, _ change: String) throws -> Set<String> {
        Set(
            try ConvertFixture.csvRows(answerKey).filter { $0["change"] == change }.map {
                ($0["side"] == "F&O" ? "fo " : "sales ") + ($0["key"] ?? "")
            })
    }

    @Test func theRetryIsImportedIntoTheExportsAfterTheFirstImportAndEverythingLands() throws {
        let (folder, run) = try Self.converted()
        let first = try AirlockRunner.run(["sample", "--after-import", run, "--out", folder + "/after1", "--lose", "5", "--seed", "4"])
        #expect(first.status == 0, "\(first.stderr)")
        let verify = try Self.verify(run, folder + "/after1", out: run + "/verify")
        #expect(verify.status == 1, "\(verify.stdout)")
        let retry = try AirlockRunner.run(["retry", "--run", run, "--from-verify", run + "/verify/missing.csv"])
        #expect(retry.status == 0, "\(retry.stderr)\(retry.stdout)")
        let after1 = try ConvertFixture.files(under: folder + "/after1")

        // The retry folder is rehearsed: its packages upserted into after1's exports, which verify read.
        let second = try AirlockRunner.run(["sample", "--after-import", run + "/retry", "--out", folder + "/after2"])
        #expect(second.status == 0, "\(second.stderr)")
        #expect(
            second.stdout.contains(
                "airlock verify --run \(run) --fo \(folder)/after2/fo-export.zip --sales \(folder)/after2/sales-export.zip --out \(run)/verify-2"
            ), "\(second.stdout)")
        #expect(try Self.changed(folder + "/after2/" + RunLayout.afterImportKey, "lost").isEmpty)
        let verified = try Self.verify(run, folder + "/after2", out: run + "/verify-2")
        #expect(verified.status == 0 && verified.stdout.contains("Every record sent landed"), "\(verified.stdout)\(verified.stderr)")
        // Its inputs are as they were.
        #expect(try ConvertFixture.files(under: folder + "/after1") == after1)
    }

    @Test func aRetryLosesAndChangesOnlyWhatVerifyCanSee() throws {
        let (folder, run) = try Self.converted()
        #expect(
            try AirlockRunner.run(["sample", "--after-import", run, "--out", folder + "/after1", "--lose", "6", "--seed", "2"]).status == 0)
        #expect(try Self.verify(run, folder + "/after1", out: run + "/verify").status == 1)
        let lostFirst = try Self.named(run + "/verify/missing.csv")
        #expect(try AirlockRunner.run(["retry", "--run", run, "--from-verify", run + "/verify/missing.csv"]).status == 0)
        let report = try RetryTests.report(run + "/retry")
        // The retry sends again records that landed (the parents of those that did not): losing one would show nothing.
        #expect(report.totals.parents > 0, "\(report.entities)")

        // Every record that did not land the first time, lost again: verify-2 lists exactly those, as the key says.
        let round = try AirlockRunner.run([
            "sample", "--after-import", run + "/retry", "--out", folder + "/after2", "--lose", "\(lostFirst.count)", "--drift", "1",
        ])
        #expect(round.status == 0, "\(round.stderr)")
        let key = folder + "/after2/" + RunLayout.afterImportKey
        #expect(try Self.changed(key, "lost") == lostFirst)
        #expect(try Self.verify(run, folder + "/after2", out: run + "/verify-2").status == 1)
        #expect(try Self.named(run + "/verify-2/missing.csv") == lostFirst)
        #expect(try Self.named(run + "/verify-2/drifted.csv") == Self.changed(key, "drifted"))
        let tooMany = try AirlockRunner.run([
            "sample", "--after-import", run + "/retry", "--out", folder + "/more", "--lose", "\(lostFirst.count + 1)",
        ])
        #expect(tooMany.status == 2 && tooMany.stderr.contains("already"), "\(tooMany.stderr)")

        // The third round: a retry of verify-2, imported into after2 (which verify-2 read).
        let retry2 = try AirlockRunner.run([
            "retry", "--run", run, "--from-verify", run + "/verify-2/missing.csv", "--from-verify", run + "/verify-2/drifted.csv", "--out",
            run + "/retry-2",
        ])
        #expect(retry2.status == 0, "\(retry2.stderr)")
        #expect(try AirlockRunner.run(["sample", "--after-import", run + "/retry-2", "--out", folder + "/after3"]).status == 0)
        let verify3 = try Self.verify(run, folder + "/after3", out: run + "/verify-3")
        #expect(verify3.status == 0, "\(verify3.stdout)")
    }

    @Test func aRetryOfImporterErrorFilesNeedsTheExportsNamed() throws {
        let (folder, run) = try Self.converted()
        #expect(try AirlockRunner.run(["sample", "--after-import", run, "--out", folder + "/after1"]).status == 0)
        // The importer's error file names one customer: the retry knows no verify, so not what it is imported into.
        let customer = try #require(
            try PackageValues.foValues(run + "/" + RunLayout.foPackage, label: "Customers V2", column: "CUSTOMERACCOUNT", count: 1).first)
        let errors = folder + "/errors.csv"
        try Data("CUSTOMERACCOUNT,ERROR\n\(customer),failed\n".utf8).write(to: URL(fileURLWithPath: errors))
        let retry = try AirlockRunner.run(["retry", "--run", run, "--fo-errors", "Customers V2=" + errors])
        #expect(retry.status == 0, "\(retry.stderr)")

        let refused = try AirlockRunner.run(["sample", "--after-import", run + "/retry", "--out", folder + "/after2"])
        #expect(refused.status == 2, "\(refused.stdout)")
        let lines = refused.stderr.split(separator: "\n")
        #expect(lines.count == 1 && refused.stderr.contains("--fo"), "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/after2"))

        // Named, the exports after the first import take the retry; an output folder holding them is refused.
        let named = try AirlockRunner.run([
            "sample", "--after-import", run + "/retry", "--fo", folder + "/after1/fo-export.zip", "--sales",
            folder + "/after1/sales-export.zip", "--out", folder + "/after2",
        ])
        #expect(named.status == 0, "\(named.stderr)")
        #expect(try Self.verify(run, folder + "/after2", out: run + "/verify-2").status == 0)
        let before = try ConvertFixture.files(under: folder + "/after1")
        let over = try AirlockRunner.run([
            "sample", "--after-import", run + "/retry", "--fo", folder + "/after1/fo-export.zip", "--out", folder + "/after1",
        ])
        #expect(over.status == 2 && over.stderr.contains("inputs are never overwritten"), "\(over.stderr)")
        #expect(try ConvertFixture.files(under: folder + "/after1") == before)
    }
}

import AirlockKit
import Foundation

/// A converted run of the sample pair with the exports after a simulated import (`ImportSimulator`): what `verify`,
/// `retry` and their next steps are run on.
struct VerifyScenario {
    var folder: String
    var run: String
    var fo: String
    var sales: String

    /// Converts the sample pair and imports its packages with `tampering` (chosen from the packages by `choose`).
    static func make(_ choose: (_ run: String) throws -> ImportSimulator.Tampering = { _ in ImportSimulator.Tampering() }) throws
        -> VerifyScenario
    {
        let folder = try Fixture.scratchDirectory("airlock-verify")
        let run = folder + "/run"
        try ConvertFixture.convert(fo: ConvertFixture.sampleFO, sales: ConvertFixture.sampleSales, out: run)
        let tampering = try choose(run)
        let fo = folder + "/fo-after.zip"
        let sales = folder + "/sales-after.zip"
        try ImportSimulator.importFO(
            export: ConvertFixture.sampleFO, imported: run + "/" + RunLayout.foPackage, output: fo, tampering: tampering)
        try ImportSimulator.importSales(
            export: ConvertFixture.sampleSales, imported: run + "/" + RunLayout.salesPackage, output: sales, tampering: tampering)
        return VerifyScenario(folder: folder, run: run, fo: fo, sales: sales)
    }

    func verify(_ extra: [String] = [], fo: Bool = true, sales: Bool = true) throws -> AirlockRunner.Result {
        var arguments = ["verify", "--run", run]
        if fo { arguments += ["--fo", self.fo] }
        if sales { arguments += ["--sales", self.sales] }
        return try AirlockRunner.run(arguments + extra)
    }

    var output: String { run + "/verify" }

    func report() throws -> VerificationReport {
        try JSONDecoder().decode(VerificationReport.self, from: Data(contentsOf: URL(fileURLWithPath: output + "/verify.json")))
    }
}

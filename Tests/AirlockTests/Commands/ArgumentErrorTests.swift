import AirlockKit
import Foundation
import Testing

@testable import AirlockCommands

/// Bad arguments get one line on standard error naming the option, the value and what is taken, and exit 2, as
/// every other refusal does (ArgumentParser's own message was the error, its help and the usage: 3 to 9 lines).
@Suite struct ArgumentErrorTests {
    static let convert = ["convert", "--fo", "fo.zip", "--sales", "sales.zip", "--out", "out"]

    @Test(arguments: [
        (["--batch-mb", "abc"], ["--batch-mb", "'abc'", "a size in MB"]),
        (["--batch-records", "-3"], ["--batch-records", "'-3'", "a whole number of records is wanted, 1 or more"]),
        (["--fo-locale", "xx-YY"], ["--fo-locale", "'xx-YY'", "'en-US', 'en-GB' or 'de-DE'"]),
        (["--fo-encoding", "65001"], ["--fo-encoding", "'65001'", "windows-1250, windows-1251, windows-1252"]),
        (["--keymap", "k.csv", "--shards", "2"], ["--keymap with --shard or --shards is not supported yet"]),
        (["--batch-mb", "0.1"], ["under 200 kB", "--batch-mb"]),
    ])
    func aBadArgumentIsOneLineAndExitTwo(arguments: [String], said: [String]) throws {
        let result = try AirlockRunner.run(Self.convert + arguments)
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("airlock: "), "\(result.stderr)")
        #expect(result.stderr.hasSuffix(" (airlock convert --help)\n"), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        for words in said { #expect(result.stderr.contains(words), "\(words) in \(result.stderr)") }
    }

    /// `--batch-mb` takes a fraction of a MB, as docs/convert.md says: `0.5` cuts batches of 500,000 bytes.
    @Test func aFractionOfAMegabyteIsTaken() throws {
        let folder = try Fixture.scratchDirectory("airlock-batch-fraction")
        let result = try AirlockRunner.run([
            "convert", "--fo", ConvertFixture.sampleFO, "--sales", ConvertFixture.sampleSales, "--out", folder + "/run", "--batch-mb",
            "0.5", "--no-ledger", "--json",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let report = try JSONDecoder().decode(ConversionReport.self, from: Data(result.stdout.utf8))
        #expect(report.options.batchLimits?.bytes == 500_000)
    }

    @Test func manyLinesAreFoldedIntoOne() {
        let folded = AirlockCLI.oneLine(
            "Error: The value 'x' is invalid for '--a'. Please provide one of the following:\n  - one\n  - two\nUsage: airlock")
        #expect(folded == "The value 'x' is invalid for '--a'. Please provide one of the following: one, two Usage: airlock")
    }
}

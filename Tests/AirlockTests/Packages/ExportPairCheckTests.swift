import AirlockKit
import Foundation
import Testing

/// `convert`, `match` and `mask` check their `--fo` and `--sales` exports by one check
/// (`PackageDetector.locateExports`): a swapped or wrong pair gets the same line from each.
@Suite struct ExportPairCheckTests {
    @Test func everyVerbThatTakesBothExportsRefusesAPairAlike() throws {
        let folder = try Fixture.scratchDirectory("airlock-export-pair")
        let key = folder + "/mask.key"
        try Data("a secret long enough for a test".utf8).write(to: URL(fileURLWithPath: key))
        let verbs: [[String]] = [
            ["convert", "--out", folder + "/convert"], ["match", "--out", folder + "/match"],
            ["mask", "--out", folder + "/mask", "--key-file", key],
        ]
        let fo = ConvertFixture.sampleFO
        let sales = ConvertFixture.sampleSales
        for (pair, expected) in [
            ((sales, fo), "did you swap them? --fo takes the F&O export (\(fo)), --sales the Sales export (\(sales))"),
            ((fo, fo), "--sales names an F&O data package; it takes a Configuration Migration package"),
            ((sales, sales), "--fo names a Configuration Migration package; it takes an F&O data package"),
        ] {
            var lines: [String] = []
            for verb in verbs {
                let result = try AirlockRunner.run([verb[0], "--fo", pair.0, "--sales", pair.1, "--no-ledger"] + verb.dropFirst())
                #expect(result.status == 2 && result.stderr.contains(expected), "\(verb[0]): \(result.stderr)")
                lines.append(result.stderr)
            }
            #expect(Set(lines).count == 1, "\(lines)")
        }
    }
}

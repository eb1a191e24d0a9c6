import AirlockKit
import Foundation
import Testing

/// Every refusal of `convert`'s options comes before an export is read: given exports that cannot be read at all,
/// each option that does not hold is still the one named.
@Suite struct ConversionOptionCheckTests {
    @Test func optionsAreRefusedBeforeAnyExportIsRead() throws {
        let folder = try Fixture.scratchDirectory("airlock-option-check")
        let missing = ["--fo", folder + "/no-such-fo.zip", "--sales", folder + "/no-such-sales.zip", "--no-ledger"]
        for (arguments, message) in [
            (["--keymap", folder + "/keymap.csv", "--templates", "dual-write", "--dry-run"], "--keymap sets the Prospect to cash keys"),
            (["--assign-keys", "p2c", "--templates", "dual-write", "--dry-run"], "--assign-keys numbers accounts and contacts"),
            (["--master", "crm", "--dry-run"], "--master names an unknown side 'crm'"),
            (["--fo-encoding", "ebcdic", "--dry-run"], "The value 'ebcdic' is invalid for '--fo-encoding"),
            (["--only", "nosuchflow", "--dry-run"], "--only names an unknown flow 'nosuchflow'"),
            (
                ["--since", ConvertFixture.sampleFO, "--since", ConvertFixture.sampleFO, "--dry-run"],
                "--since names two F&O exports; give one per side"
            ),
            (
                ["--out", folder + "/out", "--shard", "0/2", "--templates", "dual-write"],
                "the dual-write templates declare no account trees"
            ),
        ] {
            let result = try AirlockRunner.run(["convert"] + missing + arguments)
            #expect(result.status == 2 && result.stderr.contains(message), "\(arguments): \(result.stderr)")
            #expect(!result.stderr.contains("no-such"), "\(arguments): \(result.stderr)")
        }
    }
}

import AirlockKit
import Foundation
import Testing

/// `airlock convert --shard`, `--shards` and `airlock merge` on the command line.
@Suite struct MergeCommandTests {
    @Test func shardsFromTheCommandLineMergeToTheSingleRun() throws {
        let folder = try Fixture.scratchDirectory("airlock-merge-command")
        let fo = ConvertFixture.sampleFO
        let sales = ConvertFixture.sampleSales
        let single = try AirlockRunner.run(["convert", "--fo", fo, "--sales", sales, "--out", folder + "/single", "--no-ledger"])
        #expect(single.status == 0, "\(single.stderr)")
        var folders: [String] = []
        for index in [1, 0] {
            let out = folder + "/run/shards/shard-\(index)"
            let shard = try AirlockRunner.run([
                "convert", "--fo", fo, "--sales", sales, "--out", out, "--shard", "\(index)/2", "--no-ledger",
            ])
            #expect(shard.status == 0, "\(shard.stderr)")
            #expect(shard.stdout.contains("Shard \(index)/2"))
            #expect(shard.stdout.contains("not a package to import"))
            #expect(!FileManager.default.fileExists(atPath: out + "/" + RunLayout.foPackage))
            folders.append(out)
        }
        let merged = try AirlockRunner.run(["merge", "--out", folder + "/run"] + folders)
        #expect(merged.status == 0, "\(merged.stderr)")
        #expect(merged.stdout.contains("Merged 2 shards"))
        // Once into one folder, once more with --shards 3 in one command: the single run's packages each time.
        let inTurn = try AirlockRunner.run([
            "convert", "--fo", fo, "--sales", sales, "--out", folder + "/in-turn", "--shards", "3", "--no-ledger",
        ])
        #expect(inTurn.status == 0, "\(inTurn.stderr)")
        for name in [RunLayout.foPackage, RunLayout.salesPackage] {
            let expected = try Data(contentsOf: URL(fileURLWithPath: folder + "/single/" + name))
            #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/run/" + name)) == expected, "\(name)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/in-turn/" + name)) == expected, "\(name)")
        }
        // The merge is entered in the ledger beside the run folder, naming each shard's report.
        let ledger = try String(contentsOfFile: folder + "/" + RunLayout.ledger, encoding: .utf8)
        #expect(ledger.contains("\"command\":\"merge\""))
        #expect(ledger.components(separatedBy: "\"role\":\"shard\"").count == 3)
    }

    /// The lines of deploy/shard-steps.txt on the command line: the partition's split, reads and join, the shards, the
    /// merge's package steps, the deflating of data.xml's sections and the merge give the single run's packages.
    @Test func theStepsFromTheCommandLineMergeToTheSingleRun() throws {
        let folder = try Fixture.scratchDirectory("airlock-steps-command")
        let fo = ConvertFixture.sampleFO
        let sales = ConvertFixture.sampleSales
        let run = folder + "/run"
        let partition = run + "/partition"
        var lines: [[String]] = [["convert", "--fo", fo, "--sales", sales, "--out", folder + "/single"]]
        lines.append(["partition", "--fo", fo, "--sales", sales, "--shards", "2", "--out", partition, "--step", "split", "--ranges", "3"])
        lines += (0..<3).map { ["partition", "--fo", fo, "--sales", sales, "--out", partition, "--step", "read", "--range", "\($0)/3"] }
        lines.append(["partition", "--out", partition, "--step", "join"])
        lines += (0..<2).map {
            ["convert", "--fo", fo, "--sales", sales, "--partition", partition, "--shard", "\($0)/2", "--out", run + "/shards/shard-\($0)"]
        }
        lines += [["merge", "--out", run, "--shards", "2", "--step", "fo"], ["merge", "--out", run, "--shards", "2", "--step", "sales"]]
        lines += (0..<2).map { ["merge", "--out", run, "--shards", "2", "--step", "deflate", "--range", "\($0)/2"] }
        lines.append(["merge", "--out", run, "--shards", "2"])
        for line in lines {
            let result = try AirlockRunner.run(line + ["--no-ledger"])
            #expect(result.status == 0, "\(line): \(result.stderr)")
        }
        for name in [RunLayout.foPackage, RunLayout.salesPackage] {
            let expected = try Data(contentsOf: URL(fileURLWithPath: folder + "/single/" + name))
            #expect(try Data(contentsOf: URL(fileURLWithPath: run + "/" + name)) == expected, "\(name)")
        }
        #expect(!FileManager.default.fileExists(atPath: partition + "/split") && !FileManager.default.fileExists(atPath: run + "/.merge"))
    }

    @Test func badShardArgumentsGetOneLineAndExitTwo() throws {
        let folder = try Fixture.scratchDirectory("airlock-merge-bad")
        let fo = ConvertFixture.sampleFO
        let sales = ConvertFixture.sampleSales
        for (arguments, message) in [
            (
                ["convert", "--fo", fo, "--sales", sales, "--out", folder + "/a", "--shard", "2/2"],
                "shard 2 is not one of 2 shards (0 to 1)"
            ),
            (
                ["convert", "--fo", fo, "--sales", sales, "--out", folder + "/b", "--shard", "auto"],
                "--shard auto needs a scheduler's task index: SLURM_ARRAY_TASK_ID (sbatch --array) or JOB_COMPLETION_INDEX"
            ),
            (
                ["convert", "--fo", fo, "--sales", sales, "--out", folder + "/c", "--shard", "0/2", "--shards", "2"],
                "--shard runs one shard, --shards all of them here: give one"
            ),
            (
                ["convert", "--fo", fo, "--sales", sales, "--plan", "--shard", "0/2"],
                "--shard and --shards write shard folders: give --out, without --dry-run or --plan"
            ),
            (
                ["convert", "--fo", fo, "--sales", sales, "--out", folder + "/d", "--shard", "0/2", "--templates", "dual-write"],
                "the dual-write templates declare no account trees to cut the conversion by"
            ),
            (
                ["merge", "--out", folder + "/e", folder],
                "not a shard folder (no shard.json): merge takes the folders of convert --shard i/N"
            ),
            (["merge", "--out", folder + "/f"], "give the shard folders (convert --shard i/N --out FOLDER), all of one conversion"),
            (
                ["merge", "--out", folder + "/g", "--shards", "2", "--step", "rejects"],
                "--step takes sales, fo, deflate or batches, not 'rejects'"
            ),
            (
                ["merge", "--out", folder + "/g", "--shards", "2", "--step", "batches"],
                "--range goes with --step deflate or batches, and they need it"
            ),
            (
                ["merge", "--out", folder + "/g", "--shards", "2", "--step", "deflate", "--range", "0/2"],
                "no piece.json of merge --step sales: run that step first"
            ),
            (
                ["partition", "--fo", fo, "--sales", sales, "--out", folder + "/h", "--step", "read"],
                "--range goes with --step read, and --step read needs it"
            ),
            (
                ["partition", "--fo", fo, "--sales", sales, "--out", folder + "/i", "--step", "read", "--range", "0/2", "--shards", "2"],
                "--step read takes the number of shards from the split's plan: leave out --shards"
            ),
            (
                ["partition", "--out", folder + "/j", "--step", "join", "--fo", fo],
                "--step join takes --out alone: the plan names the rest"
            ),
            (["partition", "--fo", fo, "--sales", sales, "--out", folder + "/k", "--step", "split"], "give --shards"),
            (
                ["partition", "--fo", fo, "--sales", sales, "--out", folder + "/l", "--step", "read", "--range", "1"],
                "--range takes i/N (range i of N, from 0: --range 0/4) or auto, not '1'"
            ),
            (
                ["partition", "--fo", fo, "--sales", sales, "--out", folder + "/m", "--step", "read", "--range", "0/2"],
                "holds no split's plan (split/plan.json): run partition --step split first"
            ),
            (["partition", "--out", folder + "/n", "--step", "join"], "holds no split's plan (split/plan.json)"),
        ] {
            let result = try AirlockRunner.run(arguments)
            #expect(result.status == 2, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
        }
    }
}

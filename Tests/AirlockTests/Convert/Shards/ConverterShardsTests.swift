import AirlockKit
import Foundation
import Testing

/// `convert --shard i/N` refuses what a shard cannot do, before any export is read, each refusal naming the option
/// (`Converter.checkShardOptions`); `convert --shards N` runs the shards in turn and merges them
/// (`Converter.runInShards`).
@Suite struct ConverterShardsTests {
    /// The options of a shard of exports that need not exist: the refusals come before anything is read.
    static func options(out: String? = "/nonexistent/airlock-shard-out", shard: ShardSelection? = nil) throws -> ConversionOptions {
        ConversionOptions(
            foPath: "/nonexistent/fo.zip", salesPath: "/nonexistent/sales.zip", outputDirectory: out,
            shard: try shard ?? ShardSelection(index: 1, count: 4))
    }

    static func refusal(_ options: ConversionOptions) throws -> AirlockError {
        try #require(throws: AirlockError.self) { try Converter.run(options, catalog: SchemaCatalogLoader.bundled()) }
    }

    @Test func aTemplateSetWithoutTreesIsRefused() throws {
        var options = try Self.options()
        options.templateSet = "dual-write"
        let error = try Self.refusal(options)
        #expect(error.code == .unsupported)
        #expect(
            error.message
                == "--shard: the dual-write templates declare no account trees to cut the conversion by; shards run the prospect-to-cash set (convert without --shard)"
        )
    }

    @Test func whatAShardCannotDoIsRefusedByName() throws {
        let folder = "--shard writes a shard folder for airlock merge: give --out, and no --plan or --dry-run"
        var dryRun = try Self.options()
        dryRun.dryRun = true
        var batches = try Self.options()
        batches.batchLimits = try PackageBatchLimits(records: 100)
        var since = try Self.options()
        since.since = ["/nonexistent/fo-before.zip", "/nonexistent/sales-before.zip"]
        var keymap = try Self.options()
        keymap.keymap = "/nonexistent/keymap.csv"
        let cases: [(String, ConversionOptions, String)] = [
            ("no --out", try Self.options(out: nil), folder),
            ("--dry-run", dryRun, folder),
            ("batches", batches, "--shard with --batch-records/--batch-mb: batches are cut from the whole run; give them to airlock merge"),
            ("--since", since, "--shard with --since is not supported yet: convert the wave with --since in one process"),
            ("--keymap", keymap, "--shard with --keymap is not supported yet: convert with --keymap in one process"),
        ]
        for (name, options, message) in cases {
            let error = try Self.refusal(options)
            #expect(error.code == .usage, "\(name)")
            #expect(error.message == message, "\(name)")
        }
        #expect(!FileManager.default.fileExists(atPath: "/nonexistent/airlock-shard-out"))
    }

    @Test func shardsInTurnNeedAnOutputFolder() throws {
        for (out, dryRun) in [(nil, false), ("/nonexistent/airlock-shards-out", true)] as [(String?, Bool)] {
            var options = try Self.options(out: out)
            options.shard = nil
            options.dryRun = dryRun
            let error = try #require(throws: AirlockError.self) {
                try Converter.runInShards(options, count: 2, catalog: SchemaCatalogLoader.bundled(), progress: { _ in }, notice: { _ in })
            }
            #expect(error.code == .usage)
            #expect(error.message == "--shards writes shard folders and merges them: give --out, without --dry-run")
        }
    }
}

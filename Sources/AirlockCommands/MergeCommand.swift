import ArgumentParser
import Foundation

/// `airlock merge`: see `MergePipeline`.
struct MergeCommand: LedgerCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Put the shards of one conversion (convert --shard i/N) together: the single run's packages, reject files and report.",
        discussion: """
            Writes to-fo.zip, to-sales.zip, rejects/<flow>.csv, report.json and report.html into --out, as one convert run \
            of the same exports would (the packages byte for byte; see docs/merge.md). --out may hold the shards/ folder. \
            Exit status: 0 done; 1 a merged package fails validation (only the report is written); 2 the folders are not \
            all the shards of one conversion, or bad options. The merge is entered in the migration ledger beside --out, \
            naming each shard's report. --step sales and --step fo write one package each, in processes of their own, \
            into --out's .merge/ folder, their members plain; --step deflate --range i/R then deflates the i-th of R \
            shares of those members' sections; the merge takes the packages as written and joins the deflated \
            sections (if they are of the same shards). Given --batch-records (not --batch-mb), the package steps also \
            cut and validate their batches, whose members are deflated and joined likewise; given --batch-mb, \
            --step batches --range i/R cuts them after the deflates, the first share to-sales.zip's, the second \
            to-fo.zip's. Give the merge the same limits.
            """)

    @Option(help: "The run folder to write (may hold shards/; otherwise empty unless --force).")
    var out: String

    @Argument(help: "The shard folders: all N of one conversion, in any order.")
    var shardFolders: [String] = []

    @Option(help: "Instead of the folders: the N shard folders of --out, shards/shard-0 … shards/shard-(N-1).")
    var shards: Int?

    @Option(
        name: .customLong("catalog"), help: "A schema catalog extension file (YAML), as the shards were converted with; repeat for several."
    )
    var catalogFiles: [String] = []

    @OptionGroup var batches: BatchArguments

    @Flag(help: "Replace the run's earlier outputs in a non-empty --out.")
    var force = false

    @Flag(help: "Print report.json to stdout instead of the summary.")
    var json = false

    @Option(
        help:
            "One step of the merge, for the merge to take as written (docs/merge.md): sales or fo (one package alone), deflate or batches (with --range)."
    )
    var step: String?

    @Option(
        help:
            "With --step deflate or batches: the share of the package members' sections to deflate, or of the packages to cut into batches, i of R (from 0: --range 0/8)."
    )
    var range: String?

    @OptionGroup var ledger: LedgerArguments
    @OptionGroup var progress: ProgressArguments

    /// The steps run once per share of their work (`--range i/R`).
    static let rangedSteps: Set<String> = ["deflate", "batches"]

    func validate() throws {
        if shardFolders.isEmpty, shards == nil {
            throw ValidationError("give the shard folders (convert --shard i/N --out FOLDER), all of one conversion, or --shards N")
        }
        if !shardFolders.isEmpty, shards != nil { throw ValidationError("give the shard folders or --shards N, not both") }
        if let shards, shards < 1 || shards > ShardSelection.maximumCount {
            throw ValidationError("--shards takes 1 to \(ShardSelection.maximumCount)")
        }
        if let step, ShardMergePackage(rawValue: step) == nil, !Self.rangedSteps.contains(step) {
            throw ValidationError("--step takes sales, fo, deflate or batches, not '\(step)'")
        }
        if (range != nil) != Self.rangedSteps.contains(step ?? "") {
            throw ValidationError("--range goes with --step deflate or batches, and they need it")
        }
        if step != nil, json { throw ValidationError("--json shows the merge's report: not with --step") }
    }

    func run(output: CommandOutput, arguments: [String]) throws {
        let options = MergeOptions(
            merge: ShardMergeOptions(
                shardFolders: shards.map { count in (0..<count).map { out + "/" + RunLayout.shardFolder(index: $0) } } ?? shardFolders,
                outputDirectory: out, force: force, batchLimits: try batches.limits()),
            catalogFiles: catalogFiles, json: json, ledger: ledger.options(arguments: arguments))
        let meter = progress.meter("merge", output: output)
        if let step, Self.rangedSteps.contains(step) {
            let share = try ShardSelection.parse(range ?? "", option: "--range", environment: ProcessInfo.processInfo.environment)
            let text: String
            do {
                defer { meter.stop() }
                text =
                    step == "deflate"
                    ? try MergePipeline.deflateSections(options, range: share, progress: { step in meter.step(step) })
                    : try MergePipeline.cutSizedBatches(options, range: share, progress: { step in meter.step(step) })
            }
            output.write(text)
            return
        }
        if let package = step.flatMap(ShardMergePackage.init(rawValue:)) {
            let text: String
            do {
                defer { meter.stop() }
                text = try MergePipeline.writePackage(package, options, progress: { step in meter.step(step) })
            }
            output.write(text)
            return
        }
        let result: MergeResult
        do {
            defer { meter.stop() }
            result = try MergePipeline.run(
                options, progress: { step in meter.step(step) }, notice: { line in output.writeError("airlock: \(line)\n") })
        }
        output.write(result.text)
        if let problem = result.problem { output.writeError("airlock: \(problem)\n") }
        if result.status != .success { throw ExitCode(result.status.rawValue) }
    }
}

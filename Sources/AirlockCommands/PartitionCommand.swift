import AirlockKit
import ArgumentParser
import Foundation

/// `airlock partition`: see `ConvertPipeline.partition`.
struct PartitionCommand: OutputCommand {
    static let configuration = CommandConfiguration(
        commandName: "partition",
        abstract:
            "Cut both exports once into the parts of N shards (convert --partition DIR --shard i/N), so that each shard reads only its own.",
        discussion: """
            Writes partition.json, reference/ and part-0/ … part-(N-1)/ into --out (docs/merge.md): the account trees of \
            each shard, and the reference data every shard reads. Give the shards the same --fo, --sales, --templates, \
            --catalog, --fo-encoding and --fo-locale. In one process, or in three steps whose middle one runs as many \
            processes at once: --step split (cuts the Sales export into its sections and plans --ranges ranges, \
            default --shards), --step read --range i/R for each range, then --step join (--out alone). \
            Exit status: 0 done; 2 bad options or unreadable input.
            """)

    @Option(help: "The F&O export: a data management package (zip or folder). Not with --step join.")
    var fo: String?

    @Option(help: "The Sales export: a Configuration Migration package (zip or folder). Not with --step join.")
    var sales: String?

    @Option(help: "The partition folder to write (RUN/partition; created, must be empty unless --force).")
    var out: String

    @Option(help: "The number of shards to cut the exports for (the whole partition, or --step split).")
    var shards: Int?

    @Option(help: "One step of the partition: split, read (with --range i/R) or join; without it, all three in this process.")
    var step: String?

    @Option(help: "With --step read: the range to read, i of R (from 0: --range 0/8).")
    var range: String?

    @Option(help: "With --step split: how many ranges to plan, each read by a process of its own (default --shards).")
    var ranges: Int?

    @Option(help: "The templates: a bundled set (prospect-to-cash, the default) or a folder of edited templates.")
    var templates: String?

    @Option(name: .customLong("catalog"), help: "A schema catalog extension file (YAML); repeat for several.")
    var catalogFiles: [String] = []

    @Option(name: .customLong("fo-encoding"), help: CodePageOption.help)
    var foEncoding: CodePageOption?

    @Option(name: .customLong("fo-locale"), help: ArgumentHelp(FOLocaleOption.help))
    var foLocale: FOLocaleOption?

    @Flag(help: "Replace the contents of a non-empty --out.")
    var force = false

    @OptionGroup var ledger: LedgerArguments
    @OptionGroup var progress: ProgressArguments

    func validate() throws {
        if let step, !["split", "read", "join"].contains(step) {
            throw ValidationError("--step takes split, read or join, not '\(step)'")
        }
        for (count, flag) in [(shards, "--shards"), (ranges, "--ranges")] {
            if let count, count < 1 || count > ShardSelection.maximumCount {
                throw ValidationError("\(flag) takes 1 to \(ShardSelection.maximumCount)")
            }
        }
        if (range != nil) != (step == "read") { throw ValidationError("--range goes with --step read, and --step read needs it") }
        if ranges != nil && step != "split" { throw ValidationError("--ranges goes with --step split") }
        if step == "join" {
            if fo != nil || sales != nil || shards != nil {
                throw ValidationError("--step join takes --out alone: the plan names the rest")
            }
        } else if fo == nil || sales == nil {
            throw ValidationError("give --fo and --sales, the two exports")
        }
        if step == nil || step == "split", shards == nil { throw ValidationError("give --shards, the number of shards to cut for") }
        if step == "read", shards != nil {
            throw ValidationError("--step read takes the number of shards from the split's plan: leave out --shards")
        }
    }

    /// The step to run, from the options `validate` accepted.
    private func partitionStep() throws -> ConvertPipeline.PartitionStep {
        let count = shards ?? 1
        switch step {
        case "split": return .split(count: count, ranges: ranges ?? count)
        case "read":
            return .read(
                range: try ShardSelection.parse(range ?? "", option: "--range", environment: ProcessInfo.processInfo.environment))
        case "join": return .join
        default: return .whole(count: count)
        }
    }

    func run(output: CommandOutput) throws {
        let selection = TemplateSelection(argument: templates)
        var conversion = ConversionOptions(
            foPath: fo ?? "", salesPath: sales ?? "", outputDirectory: out, templatesDirectory: selection.directory, force: force,
            foLocale: foLocale?.locale.rawValue, templateSet: selection.set == .standard ? nil : selection.set.rawValue)
        conversion.foEncoding = foEncoding?.codePage
        let options = ConvertOptions(conversion: conversion, catalogFiles: catalogFiles, ledger: ledger.options(arguments: []))
        let meter = progress.meter("partition", output: output)
        let text: String
        do {
            defer { meter.stop() }
            text = try ConvertPipeline.partition(options, step: try partitionStep(), progress: { step in meter.step(step) })
        }
        output.write(text)
    }
}

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
            --catalog, --fo-encoding and --fo-locale. Exit status: 0 done; 2 bad options or unreadable input.
            """)

    @Option(help: "The F&O export: a data management package (zip or folder).")
    var fo: String

    @Option(help: "The Sales export: a Configuration Migration package (zip or folder).")
    var sales: String

    @Option(help: "The partition folder to write (RUN/partition; created, must be empty unless --force).")
    var out: String

    @Option(help: "The number of shards to cut the exports for.")
    var shards: Int

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
        if shards < 1 || shards > ShardSelection.maximumCount {
            throw ValidationError("--shards takes 1 to \(ShardSelection.maximumCount)")
        }
    }

    func run(output: CommandOutput) throws {
        let selection = TemplateSelection(argument: templates)
        var conversion = ConversionOptions(
            foPath: fo, salesPath: sales, outputDirectory: out, templatesDirectory: selection.directory, force: force,
            foLocale: foLocale?.locale.rawValue, templateSet: selection.set == .standard ? nil : selection.set.rawValue)
        conversion.foEncoding = foEncoding?.codePage
        let options = ConvertOptions(conversion: conversion, catalogFiles: catalogFiles, ledger: ledger.options(arguments: []))
        let meter = progress.meter("partition", output: output)
        let text: String
        do {
            defer { meter.stop() }
            text = try ConvertPipeline.partition(options, count: shards, progress: { step in meter.step(step) })
        }
        output.write(text)
    }
}

import ArgumentParser
import Foundation

/// `airlock convert`: see `ConvertPipeline`.
struct ConvertCommand: LedgerCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Run every Prospect-to-cash flow offline: an F&O export and a Sales export in, import packages for both out.",
        discussion: """
            Writes to-fo.zip, to-sales.zip, rejects/<flow>.csv and report.json into --out (see docs/convert.md). \
            Exit status: 0 done; 1 the output packages fail validation (nothing written) or more records were rejected \
            than --max-rejects allows; 2 bad options or unreadable input. Each run with --out, failed or not, is appended to \
            the migration ledger airlock-ledger.jsonl beside --out (docs/ledger.md).
            """)

    @Option(help: "The F&O export: a data management package (zip or folder).")
    var fo: String

    @Option(help: "The Sales export: a Configuration Migration package (zip or folder).")
    var sales: String

    @Option(help: "The output folder (created; must be empty unless --force).")
    var out: String?

    @Option(help: "Run only these flows (comma-separated), e.g. accounts,contacts.")
    var only: String?

    @Flag(help: "Compute and report only: no packages, no reject files (report.json goes to --out when given).")
    var dryRun = false

    @Option(help: "The legal entity (F&O dataAreaId); default: the export's only company.")
    var company: String?

    @Option(
        help:
            "The templates: a bundled set (prospect-to-cash, the default, or dual-write) or a folder of edited templates (airlock templates export)."
    )
    var templates: String?

    @Option(
        help:
            "The side whose values win where both exports hold a record (fo or sales): flows towards it create, and on a record it holds fill only the fields it holds empty (filter held-by-master when there is none). Default: fo with --templates dual-write, none otherwise."
    )
    var master: String?

    @Flag(help: "Write unchanged records too.")
    var full = false

    @Option(help: "Exit 1 when more records than this are rejected (all flows together).")
    var maxRejects: Int?

    @Flag(help: "Replace the contents of a non-empty --out.")
    var force = false

    @Flag(help: "Print report.json to stdout instead of the summary.")
    var json = false

    @Option(name: .customLong("catalog"), help: "A schema catalog extension file (YAML); repeat for several.")
    var catalogFiles: [String] = []

    @Option(name: .customLong("fo-encoding"), help: CodePageOption.help)
    var foEncoding: CodePageOption?

    @Option(name: .customLong("fo-locale"), help: ArgumentHelp(FOLocaleOption.help))
    var foLocale: FOLocaleOption?

    @Flag(
        help:
            "Plan only: run the flows without writing anything and show, per flow, the columns the exports lack, what records would be filtered or rejected for and which flows would convert nothing (exit 1 then)."
    )
    var plan = false

    @Option(
        name: .customLong("since"),
        help:
            "An export of an earlier wave (F&O or Sales, one per side; repeat for both): records it holds unchanged are left out (filter unchanged-since)."
    )
    var since: [String] = []

    @Option(
        help:
            "A keymap.csv of airlock match: each linked Sales record takes its F&O key first, so that it updates its F&O record instead of creating a second one."
    )
    var keymap: String?

    @Option(
        name: .customLong("assign-keys"),
        help: ArgumentHelp(
            "Give Sales accounts and contacts that have no key one, as the Prospect to cash solution does, and write each back to its Sales record in to-sales.zip: p2c (ACC-01000-BVRCPS, CON-01000-BVRCPS), a pattern (C{000001}: its width and first number), or account=… and contact=… (repeat).",
            valueName: "p2c|PATTERN|ENTITY=PATTERN"))
    var assignKeys: [String] = []

    @Option(
        name: .customLong("currency"),
        help: ArgumentHelp(
            "A currency name the Sales export's lookups give that is no ISO 4217 code or name, settled by hand: NAME=CODE (repeat).",
            valueName: "NAME=CODE"))
    var currencies: [String] = []

    @Option(
        help: ArgumentHelp(
            "The Sales organisation's base currency (ISO 4217), for records that name none: F&O requires a customer's currency.",
            valueName: "CODE"))
    var defaultCurrency: String?

    @Option(
        name: .customLong("country"),
        help: ArgumentHelp(
            "A country name the Sales export gives that is no ISO 3166-1 code or name, settled by hand: NAME=CODE (repeat).",
            valueName: "NAME=CODE"))
    var countries: [String] = []

    @Option(
        name: .customLong("allow-missing-target"),
        help: ArgumentHelp(
            "Convert a flow whose target entity the other side's export lacks (repeat for several): every record then counts as created, and defaults go to records the target may already hold.",
            valueName: "ENTITY"))
    var allowMissingTargets: [String] = []

    @OptionGroup var batches: BatchArguments

    @Option(
        help: ArgumentHelp(
            "Convert only shard i of N (from 0: --shard 0/4), for airlock merge: the account trees it owns and, shard 0, the reference data; auto takes i and N from SLURM_ARRAY_TASK_ID and SLURM_ARRAY_TASK_COUNT, or JOB_COMPLETION_INDEX with --shard-count.",
            valueName: "i/N|auto"))
    var shard: String?

    @Option(
        help: ArgumentHelp(
            "The partition airlock partition cut the exports into: the shard reads its part of it instead of the exports whole (with --shard).",
            valueName: "DIR"))
    var partition: String?

    @Flag(
        name: .customLong("reference-flows"),
        help:
            "With --partition and no --shard or --out: run the reference data flows once and write the records they accept into the partition's lookups/, which every shard but 0 then reads instead of running them. Give it the shards' options."
    )
    var referenceFlows = false

    @Option(
        name: .customLong("shard-count"),
        help: "With --shard auto in a Kubernetes Indexed Job: the number of shards (the Job's completions).")
    var shardCount: Int?

    @Option(
        help:
            "Run the conversion as this many shards one after another on this machine (shards/shard-i in --out), then merge them into --out: a load larger than memory in pieces."
    )
    var shards: Int?

    @OptionGroup var ledger: LedgerArguments
    @OptionGroup var progress: ProgressArguments

    func validate() throws {
        if referenceFlows {
            if partition == nil || shard != nil || shards != nil || out != nil || dryRun || plan {
                throw ValidationError(
                    "--reference-flows writes into the partition: give --partition, without --shard, --shards, --out, --dry-run or --plan")
            }
        } else if out == nil, !dryRun, !plan {
            throw ValidationError("--out is required (or use --dry-run or --plan)")
        }
        if let maxRejects, maxRejects < 0 { throw ValidationError("--max-rejects must be 0 or more") }
        if shard != nil && shards != nil { throw ValidationError("--shard runs one shard, --shards all of them here: give one") }
        if shardCount != nil && shard == nil { throw ValidationError("--shard-count goes with --shard auto") }
        if partition != nil && shard == nil && !referenceFlows {
            throw ValidationError("--partition is read by a shard: give --shard i/N (or auto) with it, or --reference-flows")
        }
        if let shards, shards < 1 || shards > ShardSelection.maximumCount {
            throw ValidationError("--shards takes 1 to \(ShardSelection.maximumCount)")
        }
        if (shard != nil || shards != nil) && (out == nil || dryRun || plan) {
            throw ValidationError("--shard and --shards write shard folders: give --out, without --dry-run or --plan")
        }
        if keymap != nil, shard != nil || shards != nil {
            throw ValidationError("--keymap with --shard or --shards is not supported yet: convert with --keymap in one process")
        }
        if !assignKeys.isEmpty, shard != nil || shards != nil {
            throw ValidationError("--assign-keys with --shard or --shards is not supported yet: convert with --assign-keys in one process")
        }
        if batches.isGiven, dryRun || plan || out == nil {
            throw ValidationError("--batch-records and --batch-mb cut the packages a run writes: give --out, without --dry-run or --plan")
        }
    }

    func run(output: CommandOutput, arguments: [String]) throws {
        let selection = TemplateSelection(argument: templates)
        var conversion = ConversionOptions(
            foPath: fo, salesPath: sales, outputDirectory: out, only: only.map { ConvertOptions.flowNames(commaSeparated: $0) },
            dryRun: dryRun, company: company, templatesDirectory: selection.directory, full: full, maxRejects: maxRejects, force: force,
            foLocale: foLocale?.locale.rawValue, since: since.isEmpty ? nil : since,
            templateSet: selection.set == .standard ? nil : selection.set.rawValue, master: master, batchLimits: try batches.limits(),
            shard: try shard.map { try ShardSelection.parse($0, count: shardCount, environment: ProcessInfo.processInfo.environment) },
            keymap: keymap, assignKeys: assignKeys.isEmpty ? nil : assignKeys, currencies: currencies.isEmpty ? nil : currencies,
            defaultCurrency: defaultCurrency, countries: countries.isEmpty ? nil : countries,
            allowMissingTargets: allowMissingTargets.isEmpty ? nil : allowMissingTargets)
        conversion.foEncoding = foEncoding?.codePage
        conversion.partition = partition
        let options = ConvertOptions(
            conversion: conversion, catalogFiles: catalogFiles, json: json, plan: plan, ledger: ledger.options(arguments: arguments),
            shards: shards, referenceFlows: referenceFlows)
        let meter = progress.meter("convert", output: output)
        let result: ConvertResult
        do {
            defer { meter.stop() }
            result = try ConvertPipeline.run(
                options, progress: { step in meter.step(step) }, notice: { line in output.writeError("airlock: \(line)\n") })
        }
        output.write(result.text)
        if let problem = result.problem { output.writeError("airlock: \(problem)\n") }
        if result.status != .success { throw ExitCode(result.status.rawValue) }
    }
}

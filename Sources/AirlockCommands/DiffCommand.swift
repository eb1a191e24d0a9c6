import ArgumentParser

/// `airlock diff`: see `DiffPipeline`.
struct DiffCommand: LedgerCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract:
            "Compare two exports of the same side by natural key: a delta package of the created and changed records, and a delete list.",
        discussion: """
            --old and --new are two F&O data packages or two Configuration Migration packages (zip or folder) of the same \
            system taken at different times. Writes delta.zip (a package of the same kind), deleted.csv (the keys that \
            disappeared, for review: never applied) and diff.json into --out (see docs/diff.md). Exit status: 0 done; \
            2 bad options, unreadable input, inputs of two kinds or a key repeated within one export. Each run, failed \
            or not, is appended to the migration ledger airlock-ledger.jsonl beside --out (docs/ledger.md).
            """)

    @Option(help: "The earlier export (zip or folder).")
    var old: String

    @Option(help: "The later export of the same kind (zip or folder).")
    var new: String

    @Option(help: "The output folder (created; must be empty unless --force).")
    var out: String

    @Option(
        help: ArgumentHelp(
            "An F&O entity's natural key, ENTITY=COLUMN[,COLUMN…] (repeat for several), when the catalog knows none or another is wanted; include DATAAREAID for a per-company key.",
            valueName: "entity=columns"))
    var key: [String] = []

    @Flag(help: "Replace the contents of a non-empty --out.")
    var force = false

    @Flag(help: "Print diff.json to stdout instead of the summary.")
    var json = false

    @Option(name: .customLong("catalog"), help: "A schema catalog extension file (YAML); repeat for several.")
    var catalogFiles: [String] = []

    @OptionGroup var ledger: LedgerArguments
    @OptionGroup var progress: ProgressArguments

    func run(output: CommandOutput, arguments: [String]) throws {
        var keys: [String: [String]] = [:]
        for text in key {
            let parsed = try PackageDiffOptions.parseKey(text)
            keys[parsed.entity] = parsed.columns
        }
        let diff = PackageDiffOptions(oldPath: old, newPath: new, outputDirectory: out, force: force, keys: keys)
        let options = DiffOptions(diff: diff, json: json, catalogFiles: catalogFiles, ledger: ledger.options(arguments: arguments))
        let meter = progress.meter("diff", output: output)
        meter.step("comparing \(old) with \(new)")
        let result: DiffResult
        do {
            defer { meter.stop() }
            result = try DiffPipeline.run(options) { line in output.writeError("airlock: \(line)\n") }
        }
        output.write(result.text)
        if result.status != .success { throw ExitCode(result.status.rawValue) }
    }
}

import AirlockKit
import ArgumentParser

/// `airlock mask`: see `MaskPipeline`.
struct MaskCommand: LedgerCommand {
    static let configuration = CommandConfiguration(
        commandName: "mask",
        abstract: "Replace the personal data of both exports alike, keyed, so that a rehearsal runs on production-shaped data.",
        discussion: """
            Writes DIR/fo-export.zip and DIR/sales-export.zip (the same entities, files, records and order) with the \
            columns the policy names masked: each value replaced by one derived from it and the key (HMAC-SHA-256), \
            the same in both exports, so that what joined still joins; keys and lookups are never masked. The key \
            comes from --key-file or AIRLOCK_MASK_KEY, never from the command line; mask.json names it by its \
            fingerprint only. See docs/mask.md.
            """)

    @Option(help: "The F&O export: a data management package (zip or folder).")
    var fo: String?

    @Option(help: "The Sales export: a Configuration Migration package (zip or folder).")
    var sales: String?

    @Option(help: "The output folder (created if missing; mask's own files in it are replaced).")
    var out: String?

    @Option(name: .customLong("key-file"), help: "The file holding the secret key (16 bytes or more). Default: AIRLOCK_MASK_KEY.")
    var keyFile: String?

    @Option(help: "A policy file (YAML) laid over the bundled one: columns added, methods changed, columns kept clear.")
    var policy: String?

    @Flag(help: "Count what would be masked; write nothing.")
    var plan = false

    @Option(name: .customLong("fo-encoding"), help: CodePageOption.help)
    var foEncoding: CodePageOption?

    @Option(name: .customLong("catalog"), help: "A schema catalog extension file (YAML); repeat for several.")
    var catalogFiles: [String] = []

    @Flag(help: "Print mask.json's content instead of the summary.")
    var json = false

    @OptionGroup var ledger: LedgerArguments

    func validate() throws {
        if fo == nil, sales == nil { throw ValidationError("give --fo, --sales or both") }
        if out == nil, !plan { throw ValidationError("--out is required (or use --plan)") }
    }

    func run(output: CommandOutput, arguments: [String]) throws {
        let result = try MaskPipeline.run(
            MaskOptions(
                masking: MaskingOptions(
                    foPath: fo, salesPath: sales, outputDirectory: out, policyPath: policy, plan: plan, foEncoding: foEncoding?.codePage),
                keyFile: keyFile, catalogFiles: catalogFiles, json: json, ledger: ledger.options(arguments: arguments)),
            notice: { line in output.writeError("airlock: \(line)\n") })
        output.write(result.text)
    }
}

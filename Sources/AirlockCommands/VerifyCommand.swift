import ArgumentParser

/// `airlock verify`: see `VerifyPipeline`.
struct VerifyCommand: LedgerCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Prove what landed: compare a conversion's packages with exports of the targets taken after the import.",
        discussion: """
            Writes verify.json, verify.html, missing.csv and drifted.csv into --out (default RUN/verify; see docs/verify.md). \
            Each record sent landed (found with the values sent), drifted (found with other values in fields sent) or is missing. \
            Exit status: 0 everything given landed; 1 records missing, drifted (unless --allow-drift) or not verifiable in an \
            export given; 2 bad options or unreadable input. Each run, failed or not, is appended to the migration ledger \
            airlock-ledger.jsonl beside RUN, after the convert's entry (docs/ledger.md).
            """)

    @Option(name: .customLong("run"), help: "The output folder of airlock convert (report.json, to-fo.zip, to-sales.zip).")
    var run: String

    @Option(help: "The F&O export taken after importing to-fo.zip (a data management package, zip or folder).")
    var fo: String?

    @Option(help: "The Sales export taken after importing to-sales.zip (a Configuration Migration package, zip or folder).")
    var sales: String?

    @Option(help: "The output folder (default: RUN/verify; created; must be empty unless --force).")
    var out: String?

    @Flag(help: "Replace a non-empty --out.")
    var force = false

    @Flag(help: "Print verify.json to stdout instead of the summary.")
    var json = false

    @Flag(help: "Exit 0 when records drifted but none is missing (drift is still listed).")
    var allowDrift = false

    @Option(name: .customLong("catalog"), help: "A schema catalog extension file (YAML); repeat for several.")
    var catalogFiles: [String] = []

    @Option(name: .customLong("fo-locale"), help: ArgumentHelp(FOLocaleOption.help))
    var foLocale: FOLocaleOption?

    @OptionGroup var ledger: LedgerArguments
    @OptionGroup var progress: ProgressArguments

    func validate() throws {
        if fo == nil, sales == nil { throw ValidationError("give --fo, --sales or both: the exports taken after the import") }
    }

    func run(output: CommandOutput, arguments: [String]) throws {
        let verification = VerificationOptions(
            runDirectory: run, foPath: fo, salesPath: sales, outputDirectory: out, force: force, allowDrift: allowDrift,
            foLocale: foLocale?.locale.rawValue)
        let options = VerifyOptions(
            verification: verification, catalogFiles: catalogFiles, json: json, ledger: ledger.options(arguments: arguments))
        let meter = progress.meter("verify", output: output)
        let result: VerifyResult
        do {
            defer { meter.stop() }
            result = try VerifyPipeline.run(
                options, progress: { step in meter.step(step) }, notice: { line in output.writeError("airlock: \(line)\n") })
        }
        output.write(result.text)
        if let problem = result.problem { output.writeError("airlock: \(problem)\n") }
        if result.status != .success { throw ExitCode(result.status.rawValue) }
    }
}

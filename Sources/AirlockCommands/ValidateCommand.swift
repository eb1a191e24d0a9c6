import ArgumentParser

/// `airlock validate`: see `ValidatePipeline`.
struct ValidateCommand: OutputCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check a package offline against what F&O or Sales would reject on import.",
        discussion: """
            Exit status: 0 when there are no errors (warnings allowed), 1 when there are errors, 2 when the package \
            cannot be read at all. Rule ids are listed in docs/validation.md.
            """)

    @Argument(help: "The package to validate (zip or folder).")
    var package: String

    @Flag(help: "Print every finding as JSON (see docs/validation.md).")
    var json = false

    @Option(help: "How many findings to list in full (all are counted).")
    var maxFindings: Int = 10_000

    @Option(help: "Validate as this kind when the package's files cannot tell: fo or sales.")
    var target: TargetKind?

    @Option(name: .customLong("catalog"), help: "A schema catalog extension file (YAML); repeat for several.")
    var catalogFiles: [String] = []

    @Option(
        name: .customLong("expect-in-target"),
        help: "A Sales entity that exists in the target, so lookups to it are not reported; repeat for several.")
    var expectedInTarget: [String] = []

    @Option(name: .customLong("html"), help: "Also write the findings as a self-contained HTML page to this file.")
    var html: String?

    @Flag(
        help:
            "The package must hold every parent record (F&O) or lookup target (Sales) of the entities it carries: a full export, not a delta such as convert writes."
    )
    var selfContained = false

    @Option(name: .customLong("fo-locale"), help: ArgumentHelp(FOLocaleOption.help))
    var foLocale: FOLocaleOption?

    @Option(name: .customLong("fo-encoding"), help: CodePageOption.help)
    var foEncoding: CodePageOption?

    @Option(
        name: .customLong("for"),
        help: ArgumentHelp(
            "The integration a Sales package is loaded for: prospect-to-cash or dual-write. The columns it matches records on are then required (an account without accountnumber is an error, not a warning); for dual-write every record of a table with a dual-write integration key must fill the key.",
            valueName: "integration"))
    var integration: SyncIntegration?

    @Flag(help: "The same as --for dual-write.")
    var dualWrite = false

    @Option(
        help: ArgumentHelp(
            "The export a package is a delta against (the export of its side convert read): lookups to records it holds (Sales) or parents it holds (F&O) are expected, not findings, so the real ones stand out.",
            valueName: "export"))
    var against: String?

    @Option(
        name: .customLong("after"),
        help: ArgumentHelp(
            "A package of the same side imported before this one (an earlier batch of convert's batches/; repeat, in order): its records count as held by the target, so a batch is checked as it will be imported.",
            valueName: "package"))
    var after: [String] = []

    @OptionGroup var progress: ProgressArguments

    /// The package kinds `--target` names.
    enum TargetKind: String, ExpressibleByArgument {
        case fo, sales

        var packageKind: PackageKind { self == .fo ? .fo : .cmt }
    }

    func validate() throws {
        guard maxFindings >= 0 else { throw ValidationError("--max-findings must be 0 or more") }
        if dualWrite, let integration, integration != .dualWrite {
            throw ValidationError("--dual-write and --for \(integration.rawValue) name two integrations; give one")
        }
    }

    func run(output: CommandOutput) throws {
        let meter = progress.meter("validate", output: output)
        meter.step("validating \(package)")
        let result: ValidateResult
        do {
            defer { meter.stop() }
            result = try ValidatePipeline.run(
                ValidateOptions(
                    package: package, json: json, maxFindings: maxFindings, target: target?.packageKind, catalogFiles: catalogFiles,
                    expectedInTarget: Set(expectedInTarget), htmlPath: html, selfContained: selfContained, foLocale: foLocale?.locale,
                    integration: dualWrite ? .dualWrite : integration, againstExport: against, importedBefore: after,
                    foEncoding: foEncoding?.codePage))
        }
        output.write(result.text)
        if let refusal = result.refusal { output.writeError("airlock: \(refusal)\n") }
        if result.status != .success { throw ExitCode(result.status.rawValue) }
    }
}

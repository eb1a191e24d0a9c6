import ArgumentParser

/// `airlock inspect`: see `InspectPipeline`.
struct InspectCommand: OutputCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect",
        abstract: "Show what a package holds: kind, metadata, and per entity its file, format, encoding, columns and records.",
        discussion: """
            PACKAGE is an F&O data package or a Configuration Migration package, as a zip or an unpacked folder. \
            Entity files are streamed, so large packages inspect in bounded memory. With several packages and --json, \
            one JSON object is printed per line.
            """)

    @Argument(help: "The package(s) to inspect (zip or folder).")
    var packages: [String]

    @Flag(help: "Print JSON for scripts (see docs/json-output.md).")
    var json = false

    @Flag(help: "List every entity's columns.")
    var columns = false

    @Option(name: .customLong("fo-encoding"), help: CodePageOption.help)
    var foEncoding: CodePageOption?

    func run(output: CommandOutput) throws {
        let result = InspectPipeline.run(InspectOptions(packages: packages, json: json, columns: columns, foEncoding: foEncoding?.codePage))
        output.write(result.text)
        if let failure = result.failure { throw failure }
    }
}

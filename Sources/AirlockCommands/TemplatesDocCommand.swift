import ArgumentParser

/// `airlock templates doc`.
struct TemplatesDocCommand: OutputCommand {
    static let configuration = CommandConfiguration(
        commandName: "doc",
        abstract: "Print the mapping reference (Markdown): every flow in run order, its field maps, value maps and inferred settings.")

    @Option(
        help:
            "A bundled template set (prospect-to-cash, the default, or dual-write) or a folder of edited templates (airlock templates export)."
    )
    var templates: String?

    @Option(help: "Write the Markdown into this file (atomically) instead of printing it.")
    var out: String?

    func run(output: CommandOutput) throws {
        let selection = TemplateSelection(argument: templates)
        output.write(
            try TemplatesPipeline.doc(TemplatesDocOptions(templatesDirectory: selection.directory, set: selection.set, outputPath: out))
                .standardOutput)
    }
}

import ArgumentParser

/// `airlock templates doc`.
struct TemplatesDocCommand: OutputCommand {
    static let configuration = CommandConfiguration(
        commandName: "doc",
        abstract: "Print the mapping reference (Markdown): every flow in run order, its field maps, value maps and inferred settings.")

    @Option(help: "A folder of edited templates (airlock templates export); default: the bundled ones.")
    var templates: String?

    @Option(help: "Write the Markdown into this file (atomically) instead of printing it.")
    var out: String?

    func run(output: CommandOutput) throws {
        output.write(try TemplatesPipeline.doc(TemplatesDocOptions(templatesDirectory: templates, outputPath: out)).standardOutput)
    }
}

import ArgumentParser

/// `airlock templates schema`.
struct TemplatesSchemaCommand: OutputCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "Print the Configuration Migration data_schema.xml to export the Sales data the flows read with.")

    @Option(
        help:
            "A bundled template set (prospect-to-cash, the default, or dual-write) or a folder of edited templates (airlock templates export)."
    )
    var templates: String?

    @Option(help: "Write data_schema.xml into this file (atomically) instead of printing it.")
    var out: String?

    @Option(name: .customLong("catalog"), help: "A schema catalog extension file (YAML); repeat for several.")
    var catalogFiles: [String] = []

    func run(output: CommandOutput) throws {
        let selection = TemplateSelection(argument: templates)
        let options = TemplatesSchemaOptions(
            templatesDirectory: selection.directory, set: selection.set, outputPath: out, catalogFiles: catalogFiles)
        output.write(try TemplatesPipeline.schema(options).standardOutput)
    }
}

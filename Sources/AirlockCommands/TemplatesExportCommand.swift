import ArgumentParser

/// `airlock templates export`.
struct TemplatesExportCommand: OutputCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write every template and value-maps.yaml into a folder for editing (use it with convert --templates).")

    @Argument(help: "The folder to write into (created if missing).")
    var directory: String

    @Flag(help: "Overwrite files that exist.")
    var force = false

    @Option(help: "The bundled template set to export (a set other than the default is named in template-set.yaml).")
    var set: TemplateSetName = .standard

    func run(output: CommandOutput) throws {
        output.write(try TemplatesPipeline.export(TemplatesExportOptions(directory: directory, force: force, set: set)).text)
    }
}

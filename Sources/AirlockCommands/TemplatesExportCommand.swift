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

    func run(output: CommandOutput) throws {
        output.write(try TemplatesPipeline.export(TemplatesExportOptions(directory: directory, force: force)).text)
    }
}

import ArgumentParser

/// `airlock templates list`.
struct TemplatesListCommand: OutputCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "One line per flow: name, direction, source → target.")

    @Option(help: "The bundled template set.")
    var set: TemplateSetName = .standard

    func run(output: CommandOutput) throws {
        output.write(try TemplatesPipeline.list(set: set).text)
    }
}

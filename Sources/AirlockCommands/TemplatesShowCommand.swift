import ArgumentParser

/// `airlock templates show`.
struct TemplatesShowCommand: OutputCommand {
    static let configuration = CommandConfiguration(commandName: "show", abstract: "Print a template (or value-maps) as bundled.")

    @Argument(help: "A flow name (see `airlock templates list`) or value-maps.")
    var name: String

    @Option(help: "The bundled template set.")
    var set: TemplateSetName = .standard

    func run(output: CommandOutput) throws {
        do {
            output.write(try TemplatesPipeline.show(named: name, set: set).text)
        } catch let notFound as TemplateNotFound {
            throw ValidationError(notFound.description)
        }
    }
}

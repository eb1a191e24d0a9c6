import ArgumentParser

/// `airlock templates`: the group of the template subcommands (see `TemplatesPipeline`).
struct TemplatesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "templates",
        abstract: "List, show, export and document the mapping templates that `convert` runs (one per P2C task).",
        subcommands: [
            TemplatesListCommand.self, TemplatesShowCommand.self, TemplatesExportCommand.self, TemplatesDocCommand.self,
            TemplatesSchemaCommand.self,
        ]
    )
}

import ArgumentParser

/// The root command, `airlock`: its subcommands are the verbs.
struct AirlockRootCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "airlock",
        abstract: "Convert and validate Dynamics 365 Sales and Finance and Operations data packages offline.",
        version: AirlockVersion.current,
        subcommands: [
            InspectCommand.self, ValidateCommand.self, MatchCommand.self, ConvertCommand.self, PartitionCommand.self, MergeCommand.self,
            DiffCommand.self,
            VerifyCommand.self,
            RetryCommand.self,
            SampleCommand.self,
            MaskCommand.self,
            TemplatesCommand.self,
            ReportCommand.self,
        ]
    )
}

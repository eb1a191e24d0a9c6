import AirlockKit
import ArgumentParser

@main
struct Airlock: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "airlock",
        abstract: "Convert and validate Dynamics 365 Sales and Finance and Operations data packages offline.",
        version: AirlockVersion.current,
        subcommands: []
    )
}

import AirlockKit
import ArgumentParser
import Foundation

@main
struct Airlock: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "airlock",
        abstract: "Convert and validate Dynamics 365 Sales and Finance and Operations data packages offline.",
        version: AirlockVersion.current,
        subcommands: [InspectCommand.self, ValidateCommand.self, ConvertCommand.self, SampleCommand.self, TemplatesCommand.self, ReportCommand.self]
    )

    /// Exit codes: 0 success, 1 the data has errors, 2 usage or environment errors (including unreadable packages).
    static func main() {
        // Tables of millions of rows: large buffers get mappings of their own (see AllocatorTuning).
        AllocatorTuning.useOwnMappingsForLargeBlocks()
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch let error as AirlockError {
            FileHandle.standardError.write(Data("airlock: \(error.description)\n".utf8))
            Foundation.exit(2)
        } catch {
            let code = exitCode(for: error)
            if code == .success || code == .failure {
                exit(withError: error)
            }
            FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
            Foundation.exit(2)
        }
    }
}

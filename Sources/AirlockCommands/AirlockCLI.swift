import ArgumentParser
import Foundation

/// The `airlock` command line as a library call: parses the arguments, runs the command, and maps what happened
/// to an exit code, writing everything to a `CommandOutput`.
public enum AirlockCLI {
    /// Runs `airlock` with `arguments` (without the program's name).
    ///
    /// An `AirlockError` is shown as one line `airlock: <description>` on standard error, and so are bad arguments
    /// (ArgumentParser's message folded into one line, with where the verb's help is). Help and version requests are
    /// shown on standard output.
    /// - Returns: the exit code: 0 success; 1 the data has errors; 2 usage or environment errors, including
    ///   unreadable packages.
    public static func run(arguments: [String], output: CommandOutput = .standard) -> Int32 {
        do {
            // The version with the build's commit and the digest of the data it carries (docs/install.md).
            if arguments == ["--version"] {
                output.write(try BuildInfo.text(commit: embeddedBuildCommit) + "\n")
                return ExitStatus.success.rawValue
            }
            var command = try AirlockRootCommand.parseAsRoot(arguments)
            if let command = command as? any LedgerCommand {
                try command.run(output: output, arguments: arguments)
            } else if let command = command as? any OutputCommand {
                try command.run(output: output)
            } else {
                try command.run()
            }
            return ExitStatus.success.rawValue
        } catch let error as AirlockError {
            output.writeError("airlock: \(error.description)\n")
            return ExitStatus.usageOrEnvironmentError.rawValue
        } catch let exit as ExitCode {
            // A command's own status, after it wrote what it had to say (validate's findings, its refusal line).
            return exit.rawValue
        } catch {
            let code = AirlockRootCommand.exitCode(for: error)
            let message = AirlockRootCommand.fullMessage(for: error, columns: output.columns)
            // Help, version and exit codes 0 and 1 as ArgumentParser's own exit(withError:) shows them.
            if code == .success || code == .failure {
                if !message.isEmpty {
                    if code == .success { output.write(message + "\n") } else { output.writeError(message + "\n") }
                }
                return code.rawValue
            }
            // Bad arguments: one line naming the option, the value and what is taken, as every other refusal.
            let verb = arguments.first { !$0.hasPrefix("-") }.map { " \($0)" } ?? ""
            output.writeError("airlock: \(oneLine(AirlockRootCommand.message(for: error))) (airlock\(verb) --help)\n")
            return ExitStatus.usageOrEnvironmentError.rawValue
        }
    }

    /// ArgumentParser's message as one line: a list of values (`- windows-1252` lines) joined after the line that
    /// introduces it, other lines joined by a space.
    static func oneLine(_ message: String) -> String {
        var text = ""
        var items: [String] = []
        func flush() {
            guard !items.isEmpty else { return }
            text += " " + items.joined(separator: ", ")
            items = []
        }
        for line in message.split(separator: "\n").map({ $0.trimmingCharacters(in: .whitespaces) }) where !line.isEmpty {
            if line.hasPrefix("- ") {
                items.append(String(line.dropFirst(2)))
                continue
            }
            flush()
            text += (text.isEmpty ? "" : " ") + line
        }
        flush()
        return text.hasPrefix("Error: ") ? String(text.dropFirst(7)) : text
    }
}

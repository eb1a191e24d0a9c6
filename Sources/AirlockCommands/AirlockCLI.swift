import ArgumentParser

/// The `airlock` command line as a library call: parses the arguments, runs the command, and maps what happened
/// to an exit code, writing everything to a `CommandOutput`.
public enum AirlockCLI {
    /// Runs `airlock` with `arguments` (without the program's name).
    ///
    /// An `AirlockError` is shown as one line `airlock: <description>` on standard error. Help and version requests
    /// are shown on standard output; bad arguments as ArgumentParser shows them, on standard error.
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
            output.writeError(message + "\n")
            return ExitStatus.usageOrEnvironmentError.rawValue
        }
    }
}

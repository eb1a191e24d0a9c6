import ArgumentParser

/// A command that writes through a `CommandOutput`, so that `AirlockCLI` can run it in process.
protocol OutputCommand: ParsableCommand {
    /// Runs the command, writing to `output`.
    /// - Throws: `AirlockError` for usage and environment errors, `ExitCode(1)` when the data has errors,
    ///   ArgumentParser's errors for bad arguments.
    func run(output: CommandOutput) throws
}

extension OutputCommand {
    /// Runs the command on the process's standard streams.
    mutating func run() throws {
        try run(output: .standard)
    }
}

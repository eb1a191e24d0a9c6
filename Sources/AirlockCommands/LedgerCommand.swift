/// A command whose runs go into the migration ledger (`convert`, `verify`, `retry`, `diff`): `AirlockCLI` hands it the
/// command line as given, which its ledger entry records.
protocol LedgerCommand: OutputCommand {
    /// Runs the command, writing to `output`; `arguments` is the command line as given, verb first.
    func run(output: CommandOutput, arguments: [String]) throws
}

extension LedgerCommand {
    /// Runs the command without knowing its command line (the entry then records none).
    func run(output: CommandOutput) throws {
        try run(output: output, arguments: [])
    }
}

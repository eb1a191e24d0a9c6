/// A run's entry in the migration ledger as its verb knows it once the run has ended: the migration folder, what it
/// read and wrote, its counts, exit code and outcome. `LedgeredRun` adds the command, the command line and the times
/// (`LedgerRecorder.record`).
struct LedgerRunEntry {
    /// The folder whose ledger takes the entry (unless `--ledger` names another file).
    var migrationFolder: String
    var inputs: [LedgerFile]
    var outputs: [LedgerFile]
    var outputDirectory: String?
    /// The run's totals by name.
    var counts: [String: Int]
    var exitCode: Int32
    var outcome: String
    /// The key register as the run left it (a `convert` that entered keys or links), its path as the run knows it.
    var keyRegister: LedgerKeyRegister?

    init(
        migrationFolder: String, inputs: [LedgerFile], outputs: [LedgerFile], outputDirectory: String?, counts: [String: Int],
        exitCode: Int32, outcome: String
    ) {
        self.migrationFolder = migrationFolder
        self.inputs = inputs
        self.outputs = outputs
        self.outputDirectory = outputDirectory
        self.counts = counts
        self.exitCode = exitCode
        self.outcome = outcome
    }

    /// The entry of a run that failed with `error`: its inputs as given, no output and no counts, the exit code the
    /// error gives on the command line and its text for the outcome.
    init(failed error: any Error, migrationFolder: String, inputs: [LedgerFile]) {
        self.init(
            migrationFolder: migrationFolder, inputs: inputs, outputs: [], outputDirectory: nil, counts: [:],
            exitCode: LedgerRecorder.exitCode(for: error), outcome: "\(error)")
    }
}

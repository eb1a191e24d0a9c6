import AirlockIO
import AirlockModel
import Foundation

/// The one ledger wrapper of the verbs that enter their runs in the migration ledger (`convert`, `merge`, `verify`,
/// `retry`, `diff`, `match`, `mask`): it runs the verb and enters the run, finished or failed, through
/// `LedgerRecorder.record`. A verb says only what its entry holds (`<Verb>Pipeline+Ledger.swift`).
enum LedgeredRun {
    /// Runs `body`, given the time the run starts, and enters the run as `command` in the ledger `ledger` names:
    /// `entry`'s for the result, `failureEntry`'s for an error, which is then thrown again. Neither is asked when the
    /// ledger is off, and either may give none (a plan, a dry run without an output folder).
    ///
    /// That a finished run's entry could not be written is told to `notice`; a failed run's is not, since the run's
    /// error says why it failed (most often for the same reason: a folder that cannot be written).
    static func run<Result>(
        _ command: String, ledger: LedgerOptions, notice: (String) -> Void, body: (Date) throws -> Result,
        entry: (Result) -> LedgerRunEntry?, failureEntry: (any Error) -> LedgerRunEntry?
    ) throws -> Result {
        let started = Date()
        let result: Result
        do {
            result = try withoutActuallyEscaping(failureEntry) { failureEntry in
                // An interrupt enters the run as a failure marked interrupted, with the exit status it gets.
                let token = Interrupts.shared.register(output: nil) {
                    guard ledger.enabled, var interrupted = failureEntry(AirlockError(.interrupted, "interrupted")) else { return }
                    interrupted.exitCode = Interrupts.exitStatus
                    interrupted.outcome = "interrupted"
                    _ = record(interrupted, command: command, ledger: ledger, startedAt: started)
                }
                defer { Interrupts.shared.unregister(token) }
                return try body(started)
            }
        } catch {
            if ledger.enabled, let failed = failureEntry(error) {
                _ = record(failed, command: command, ledger: ledger, startedAt: started)
            }
            throw error
        }
        if ledger.enabled, let finished = entry(result),
            let warning = record(finished, command: command, ledger: ledger, startedAt: started)
        {
            notice(warning)
        }
        return result
    }

    /// Appends `entry` (see `LedgerRecorder.record`); the warning when the ledger could not be written.
    private static func record(_ entry: LedgerRunEntry, command: String, ledger: LedgerOptions, startedAt: Date) -> String? {
        LedgerRecorder.record(
            command: command, options: ledger, migrationFolder: entry.migrationFolder, startedAt: startedAt, inputs: entry.inputs,
            outputs: entry.outputs, outputDirectory: entry.outputDirectory, counts: entry.counts, exitCode: entry.exitCode,
            outcome: entry.outcome, keyRegister: entry.keyRegister)
    }
}

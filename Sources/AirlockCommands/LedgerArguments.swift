import AirlockKit
import ArgumentParser

/// `--no-ledger` and `--ledger PATH`, shared by the commands whose runs go into the migration ledger.
struct LedgerArguments: ParsableArguments {
    @Flag(
        name: .customLong("no-ledger"),
        help: "Do not enter this run in the migration ledger (docs/ledger.md).")
    var noLedger = false

    @Option(
        name: .customLong("ledger"),
        help: "The migration ledger to append this run to (default: airlock-ledger.jsonl in the parent of --out; for verify, of --run).")
    var ledger: String?

    func validate() throws {
        if noLedger, ledger != nil { throw ValidationError("give --no-ledger or --ledger, not both") }
    }

    /// The ledger options for a run of `arguments` (the command line as given).
    func options(arguments: [String]) -> LedgerOptions {
        LedgerOptions(enabled: !noLedger, path: ledger, arguments: arguments)
    }
}

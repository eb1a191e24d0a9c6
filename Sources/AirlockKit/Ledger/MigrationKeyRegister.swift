import Foundation

/// Where a run finds its migration's key register, and the register read and checked (docs/ledger.md, "The key
/// register"): beside the ledger the run's entry goes to, named after it (`RunLayout.keyRegister(ledger:)`).
enum MigrationKeyRegister {
    /// The register of the migration whose ledger `ledger` names for `migrationFolder`, shown relative to the working
    /// folder when inside it; nil when the ledger is off (`--no-ledger`).
    static func path(_ ledger: LedgerOptions, migrationFolder: String) -> (register: String, ledger: String)? {
        guard let ledgerPath = ledger.file(in: migrationFolder) else { return nil }
        let register = LedgerRecorder.relative(RunLayout.keyRegister(ledger: ledgerPath), to: FileManager.default.currentDirectoryPath)
        return (register, ledgerPath)
    }

    /// The register, read and held to what the ledger recorded of it (an absent file is an empty register); nil when
    /// the ledger is off.
    /// - Throws: `KeyRegister`'s and `KeyRegisterLedgerCheck`'s refusals, naming the file and line.
    static func read(_ ledger: LedgerOptions, migrationFolder: String) throws -> KeyRegister? {
        guard let paths = path(ledger, migrationFolder: migrationFolder) else { return nil }
        let register = try KeyRegister.read(paths.register)
        try KeyRegisterLedgerCheck.check(register, ledger: paths.ledger)
        return register
    }
}

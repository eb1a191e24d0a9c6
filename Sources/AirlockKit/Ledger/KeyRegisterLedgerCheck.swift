import Foundation

/// Holds the key register to what the migration ledger recorded of it: each `convert` that appended to the register
/// entered its line count and the SHA-256 of its last line in its ledger entry, so that lines removed from the
/// register's end, or its last line changed, which its own chain cannot show, are found by the next run that reads it.
enum KeyRegisterLedgerCheck {
    /// Refuses `register` when it holds fewer lines than the ledger at `ledger` last recorded, or another line there.
    /// A ledger that does not exist, or records no register, checks nothing.
    /// - Throws: `AirlockError(.invalidValue)` naming the register and the line, and the ledger's line that recorded it.
    static func check(_ register: KeyRegister, ledger: String) throws {
        guard FileManager.default.fileExists(atPath: ledger) else { return }
        let reading = try MigrationLedger.read(ledger)
        let ledgerFolder = URL(fileURLWithPath: ledger).deletingLastPathComponent().standardizedFileURL.path
        let registerPath = URL(fileURLWithPath: register.path).standardizedFileURL.path
        guard
            let (line, entry, mark) = reading.entries.reversed().lazy.compactMap({ line, entry -> (Int, LedgerEntry, LedgerKeyRegister)? in
                guard let mark = entry.keyRegister else { return nil }
                let path = mark.path.hasPrefix("/") ? mark.path : ledgerFolder + "/" + mark.path
                return URL(fileURLWithPath: path).standardizedFileURL.path == registerPath ? (line, entry, mark) : nil
            }).first
        else { return }
        let run = "\(entry.command) of \(entry.outputDirectory ?? "?") at \(entry.finishedAt)"
        guard register.lineCount >= mark.lines else {
            throw AirlockError(
                .invalidValue,
                "the key register holds \(register.lineCount) lines, and the migration ledger's line \(line) (\(run)) recorded \(mark.lines): lines were removed from its end",
                at: SourceLocation(file: register.path, line: register.lineCount))
        }
        guard register.lineDigests.hex(mark.lines - 1) == mark.sha256 else {
            throw AirlockError(
                .invalidValue,
                "the key register's line \(mark.lines) is not the line the migration ledger's line \(line) recorded (\(run)): it was changed after that run",
                at: SourceLocation(file: register.path, line: mark.lines))
        }
    }
}

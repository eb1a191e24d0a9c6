import AirlockIO
import AirlockModel

/// Appends a run's entries to the key register: under an exclusive lock, the register read again as it stands then
/// (another run of the migration may have appended since this one read it) and the entries checked against it, so
/// that two runs never give one record two keys or one key two records, whichever appends first. The file is created
/// with its first entries, never before.
public enum KeyRegisterFile {
    /// Appends `entries` to the register at `path`, each entered as decided by `run` (its output folder as the ledger
    /// names it), after the register's header when it is new; nothing when `entries` is empty.
    /// - Parameter readAs: the register as the run read it before deciding, when it did: an entry that breaks the rules
    ///   of a register another run has appended to since is refused as the race it is.
    /// - Returns: the register as it stands after.
    /// - Throws: `KeyRegister`'s refusals (the register as it stands, or an entry that breaks its rules: nothing is
    ///   appended then); `AirlockError(.io)`.
    @discardableResult
    public static func append(_ entries: [KeyRegisterEntry], run: String, to path: String, readAs: KeyRegister? = nil) throws
        -> KeyRegister
    {
        guard !entries.isEmpty else { return try KeyRegister.read(path) }
        let file = try ChainedLineFile(path: path, what: "the key register")
        defer { file.close() }
        let register = try KeyRegister(path: path, bytes: try file.contents())
        if let readAs, readAs.lineCount != register.lineCount {
            do {
                _ = try register.adding(entries)
            } catch {
                throw AirlockError(
                    .usage,
                    "the key register changed while this run ran: another run of the migration entered \(register.lineCount - readAs.lineCount) lines since it was read, and this run's keys would break it (\(error)); nothing is written: convert again",
                    at: SourceLocation(file: path))
            }
        }
        let stamped = entries.map { entry -> KeyRegisterEntry in
            var entry = entry
            entry.run = run
            return entry
        }
        var next = try register.adding(stamped)
        let header = register.lineCount == 0 ? [FlatJSONLine.encode(KeyRegister.header)] : []
        let digests = try file.append(count: header.count + stamped.count) { index, previous in
            index < header.count ? header[index] : stamped[index - header.count].encoded(previous: previous)
        }
        next.written(digests)
        return next
    }
}

import AirlockIO
import AirlockModel

/// The key register opened by a run that may add to it (`convert`): locked from reading to appending, so that two runs
/// of one migration never number from the same register at once, and checked as `KeyRegister.read` checks it.
public final class KeyRegisterFile {
    /// The register as read, with what this run appended.
    public private(set) var register: KeyRegister
    private let file: ChainedLineFile

    /// Opens, locks and reads the register at `path` (created empty when absent; its folder must exist).
    /// - Throws: `KeyRegister`'s refusals; `AirlockError(.io)`.
    public init(path: String) throws {
        file = try ChainedLineFile(path: path, what: "the key register")
        do {
            register = try KeyRegister(path: path, bytes: try file.contents())
        } catch {
            file.close()
            throw error
        }
    }

    /// Appends `entries`, each entered as decided by `run` (its output folder as the ledger names it), after the
    /// register's header when it is new.
    /// - Throws: `AirlockError(.invalidValue)` when an entry breaks the register's rules (nothing is appended);
    ///   `AirlockError(.io)`.
    public func append(_ entries: [KeyRegisterEntry], run: String) throws {
        guard !entries.isEmpty else { return }
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
        next.written(digests: digests)
        register = next
    }

    /// Unlocks and closes the register.
    public func close() { file.close() }
}

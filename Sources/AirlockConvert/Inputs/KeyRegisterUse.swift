import AirlockReconcile

/// What a conversion does with its migration's key register (docs/ledger.md, "The key register").
public enum KeyRegisterUse: Sendable {
    /// No register (a library call that keeps none): nothing is applied or said.
    case none
    /// The user turned the ledger off (`--no-ledger`): nothing is applied, and a run that numbers or links records
    /// says that it remembers nothing.
    case off
    /// Applied before the flows run; nothing is added (a plan, a dry run, a shard).
    case read(KeyRegister)
    /// The register at `path`, read once the output folder is staged and checked by `check` (the ledger's record of
    /// it), applied before the flows run; the keys and links the run decides are appended before its outputs are moved
    /// into place (`KeyRegisterFile.append`, which checks them against the register as it then stands), entered as
    /// decided by `run` (its output folder as the ledger names it).
    case append(path: String, run: String, check: @Sendable (KeyRegister) throws -> Void)

    /// The register read, if any (the appended one is read once opened).
    var register: KeyRegister? {
        if case .read(let register) = self { return register }
        return nil
    }

    /// Whether the user turned the ledger off.
    var isOff: Bool {
        if case .off = self { return true }
        return false
    }
}

/// The key register as a run's ledger entry records it once the run has appended to it (docs/ledger.md, "The key
/// register"): how many lines it held and the SHA-256 of the last, so that lines removed from its end, or its last
/// line changed, show when the next run reads it.
public struct LedgerKeyRegister: Sendable, Hashable, Codable {
    /// The register's path, relative to the ledger's folder when inside it.
    public var path: String
    /// Its lines then, the header included.
    public var lines: Int
    /// The SHA-256 of its last line then.
    public var sha256: String

    public init(path: String, lines: Int, sha256: String) {
        self.path = path
        self.lines = lines
        self.sha256 = sha256
    }
}

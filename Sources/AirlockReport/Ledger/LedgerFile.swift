import AirlockIO

/// A file a run read or wrote, as a ledger entry lists it: what it was to the run, where it is, its size and its
/// SHA-256 (docs/ledger.md).
public struct LedgerFile: Sendable, Hashable, Codable {
    /// What the file was to the run: `fo`, `sales`, `old`, `new`, `templates`, `catalog`, or an output's name in its
    /// folder (`to-fo.zip`, `rejects/quotes.csv`, `verify.json`).
    public var role: String
    /// Relative to the ledger's folder when the file is inside it, else absolute.
    public var path: String
    /// Nil when the file could not be read (a run that failed on it).
    public var bytes: Int?
    /// Lower-case hex; for a folder package, over its members' names and bytes (as `FileDigest`). Nil when the file
    /// could not be read.
    public var sha256: String?

    public init(role: String, path: String, bytes: Int?, sha256: String?) {
        self.role = role
        self.path = path
        self.bytes = bytes
        self.sha256 = sha256
    }

    /// The file of a report's digest, under `role`.
    public init(role: String, digest: FileDigest) {
        self.init(role: role, path: digest.path, bytes: digest.bytes, sha256: digest.sha256)
    }

    /// The file at `path`, digested now; a file that cannot be read is listed with its path alone.
    public static func digesting(_ path: String, role: String) -> LedgerFile {
        guard let digest = try? FileDigest.of(path) else { return LedgerFile(role: role, path: path, bytes: nil, sha256: nil) }
        return LedgerFile(role: role, digest: digest)
    }

    /// The first 12 hex digits of the SHA-256, for people (`-` when unknown).
    public var shortDigest: String { sha256.map { String($0.prefix(12)) } ?? "-" }
}

/// Whether and where a run is entered in the migration ledger (`--no-ledger`, `--ledger PATH`; docs/ledger.md).
public struct LedgerOptions: Sendable, Hashable {
    /// False: the run writes no ledger entry (`--no-ledger`).
    public var enabled: Bool
    /// The ledger file (`--ledger`); nil: `airlock-ledger.jsonl` in the run's migration folder (the parent of its
    /// output folder; for `verify`, of the conversion's folder).
    public var path: String?
    /// The command line as given, verb first (`["convert", "--fo", …]`), as the entry records it.
    public var arguments: [String]

    public init(enabled: Bool = true, path: String? = nil, arguments: [String] = []) {
        self.enabled = enabled
        self.path = path
        self.arguments = arguments
    }

    /// No ledger entry.
    public static let off = LedgerOptions(enabled: false)

    /// The ledger file for a run whose migration folder is `folder`: `path`, else the folder's
    /// `airlock-ledger.jsonl`; nil when disabled.
    public func file(in folder: String) -> String? {
        guard enabled else { return nil }
        return path ?? folder + "/" + RunLayout.ledger
    }
}

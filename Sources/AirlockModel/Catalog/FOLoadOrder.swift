/// A self-reference of an F&O entity that fixes the order of its rows within one file: a row whose `references`
/// name the `key` of another row of the same file must come after that row (a customer before the customers that
/// name it as their invoice account). The staging table registers the pair with F&O's import sequencer
/// (`resolveImportSequence`), so that a file in this order loads in one pass.
public struct FOLoadOrder: Sendable, Hashable, Codable {
    /// The key fields of the row named (UPPERCASE), e.g. `CUSTOMERACCOUNT`.
    public let key: [String]
    /// The fields that name it, in the order of `key` (UPPERCASE), e.g. `INVOICEACCOUNT`.
    public let references: [String]
    /// Where the pair comes from (the staging table).
    public let source: String?

    public init(key: [String], references: [String], source: String? = nil) {
        self.key = key.map { $0.uppercased() }
        self.references = references.map { $0.uppercased() }
        self.source = source
    }

    /// `CUSTOMERACCOUNT ← INVOICEACCOUNT`, for messages.
    public var description: String {
        "\(key.joined(separator: ", ")) ← \(references.joined(separator: ", "))"
    }
}

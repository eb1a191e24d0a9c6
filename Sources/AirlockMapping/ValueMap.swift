/// A named table from source values to target values, shared by the templates (`value-maps.yaml`).
public struct ValueMap: Sendable, Hashable {
    /// The name templates use in `valueMap:`.
    public var name: String
    /// The pairs, in file order.
    public let entries: [ValueMapEntry]
    /// Match the source exactly; otherwise case and surrounding blanks are ignored.
    public let isCaseSensitive: Bool
    /// Where the map comes from.
    public var provenance: Provenance
    /// The map is an inference worth checking.
    public var isInferred: Bool
    /// Free text.
    public var note: String?
    private let index: [String: Int]

    /// - Precondition: no two entries have the same matching key (the loader reports duplicates as errors).
    public init(
        name: String, entries: [ValueMapEntry], isCaseSensitive: Bool = false, provenance: Provenance, isInferred: Bool,
        note: String? = nil
    ) {
        self.name = name
        self.entries = entries
        self.isCaseSensitive = isCaseSensitive
        self.provenance = provenance
        self.isInferred = isInferred
        self.note = note
        var index: [String: Int] = [:]
        for (position, entry) in entries.enumerated() where index[Self.matchKey(entry.from, isCaseSensitive)] == nil {
            index[Self.matchKey(entry.from, isCaseSensitive)] = position
        }
        self.index = index
    }

    /// The target value for `value`, or nil when the map has no entry (a blank value never matches).
    public func value(for value: String) -> String? {
        let key = Self.matchKey(value, isCaseSensitive)
        guard !key.isEmpty, let position = index[key] else { return nil }
        return entries[position].to
    }

    /// The key `value` is matched by.
    static func matchKey(_ value: String, _ isCaseSensitive: Bool) -> String {
        let trimmed = value.trimmingASCIIWhitespace()
        return isCaseSensitive ? trimmed : trimmed.lowercased()
    }
}

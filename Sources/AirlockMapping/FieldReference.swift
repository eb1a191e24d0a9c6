/// A field on one side, possibly reached through a Sales lookup: `accountnumber` or `quoteid.quotenumber`
/// (the lookup `quoteid`, then the referenced record's `quotenumber`).
public struct FieldReference: Sendable, Hashable, CustomStringConvertible {
    /// The field or attribute on the entity itself (for a path, the lookup attribute).
    public var field: String
    /// The field of the referenced record, for a lookup path.
    public var referencedField: String?

    public init(field: String, referencedField: String? = nil) {
        self.field = field
        self.referencedField = referencedField
    }

    /// Parses `field` or `lookup.field`; nil for a blank part or more than one dot.
    public init?(_ text: String) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard (1...2).contains(parts.count), parts.allSatisfy({ !$0.isEmpty && !$0.contains(" ") }) else { return nil }
        field = parts[0]
        referencedField = parts.count == 2 ? parts[1] : nil
    }

    /// `field` or `lookup.field`.
    public var description: String { referencedField.map { "\(field).\($0)" } ?? field }
}

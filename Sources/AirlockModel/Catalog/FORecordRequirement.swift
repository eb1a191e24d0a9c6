/// A field set an F&O record must fill when another field has one of some values: an organisation customer
/// (`PARTYTYPE` Organization, or blank, which F&O takes as Organization) needs `ORGANIZATIONNAME`, a person one of
/// its name fields. `validate` reports a record that fills none of `anyOf` as an error, and `convert` refuses it.
public struct FORecordRequirement: Sendable, Hashable, Codable {
    /// The field whose value decides whether the requirement applies (UPPERCASE).
    public let field: String
    /// The values of `field` it applies to, compared ignoring case; `""` stands for an empty or absent value.
    public let values: [String]
    /// The fields of which at least one must hold a value (UPPERCASE).
    public let anyOf: [String]
    /// Where the requirement comes from.
    public let source: String?

    public init(field: String, values: [String], anyOf: [String], source: String? = nil) {
        self.field = field.uppercased()
        self.values = values
        self.anyOf = anyOf.map { $0.uppercased() }
        self.source = source
    }

    /// Whether the requirement applies to a record whose `field` holds `value` (nil or empty: no value).
    public func applies(to value: String?) -> Bool {
        let text = value?.trimmingASCIIWhitespace() ?? ""
        return values.contains { $0.lowercased() == text.lowercased() }
    }

    /// `PARTYTYPE Organization (or empty) needs ORGANIZATIONNAME`, for messages.
    public var description: String {
        let cases = values.map { $0.isEmpty ? "empty" : $0 }.joined(separator: " or ")
        let needs = anyOf.count == 1 ? anyOf[0] : "one of \(anyOf.joined(separator: ", "))"
        return "\(field) \(cases) needs \(needs)"
    }
}

/// A field value that did not decode by its schema type, collected by `CMTDataReader` in
/// `CMTValueProblemMode.collect` instead of stopping the read.
///
/// The value itself stays in the table as written (XML-decoded, not canonicalised), so the record can be
/// rejected or repaired by the caller.
public struct CMTValueProblemRecord: Sendable, Equatable, CustomStringConvertible {
    /// Longest `value` kept, in characters; longer values are clipped and end with `…`.
    public static let valueLimit = 200

    /// The record's row in `CMTEntityData.records` (for a party list member: its owning record's row).
    public var row: Int
    /// The field's name; for a party list member `<party list field>/<member field>` (e.g. `to/donotemail`),
    /// as in error locations.
    public var field: String
    /// For a party list member: its row in `CMTEntityData.partyMembers` (where the raw value is); nil otherwise.
    public var partyMember: Int?
    /// The value as written in `data.xml` (XML-decoded), clipped to `valueLimit` characters.
    public var value: String
    /// The schema type it failed to decode as.
    public var type: CMTFieldType
    /// Why it does not decode, as the codec says it (e.g. `expected True or False`).
    public var message: String
    /// The line in `data.xml` of the `<field>` element, when known.
    public var line: Int?

    public init(
        row: Int, field: String, partyMember: Int? = nil, value: String, type: CMTFieldType, message: String, line: Int? = nil
    ) {
        self.row = row
        self.field = field
        self.partyMember = partyMember
        self.value = Self.clip(value)
        self.type = type
        self.message = message
        self.line = line
    }

    /// `field creditlimit: '12,50' is not a valid money: <message>` (with the line when known).
    public var description: String {
        let place = line.map { "line \($0): " } ?? ""
        return "\(place)field \(field): '\(value)' is not a valid \(type.rawValue): \(message)"
    }

    static func clip(_ text: String) -> String {
        guard text.utf8.count > valueLimit else { return text }
        let end = text.index(text.startIndex, offsetBy: valueLimit, limitedBy: text.endIndex) ?? text.endIndex
        return end == text.endIndex ? text : String(text[..<end]) + "…"
    }
}

/// What an update changes in one field of existing records: how many records, and one example of the value the
/// target holds and the value the package writes (`CUSTOMERGROUPID 10 → 20 on 1,488 existing records`).
public struct FieldChange: Sendable, Codable, Equatable {
    /// Existing records whose value the package changes.
    public var records: Int
    /// The first such record's value in the target export ("" when it has none).
    public var from: String
    /// The value the package writes for it ("" when none).
    public var to: String

    public init(records: Int, from: String, to: String) {
        self.records = records
        self.from = from
        self.to = to
    }

    /// `CUSTOMERGROUPID 10 → 20 on 1,488 existing records`, values quoted when they hold blanks or are empty.
    public func text(field: String) -> String {
        func shown(_ value: String) -> String {
            let clipped = value.count > 40 ? String(value.prefix(40)) + "…" : value
            return value.isEmpty || value.contains(" ") ? "'\(clipped)'" : clipped
        }
        return "\(field) \(shown(from)) → \(shown(to)) on \(records) existing record\(records == 1 ? "" : "s")"
    }

    /// Every change of `changes`, most records first: one text.
    public static func list(_ changes: [String: FieldChange]) -> String {
        changes.sorted { ($1.value.records, $0.key) < ($0.value.records, $1.key) }.map { $0.value.text(field: $0.key) }
            .joined(separator: "; ")
    }
}

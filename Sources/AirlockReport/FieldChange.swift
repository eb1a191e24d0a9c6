/// What an update changes in one field of existing records: how many records, and one example of the value the
/// target holds and the value the package writes (`CUSTOMERGROUPID on 1,488 existing records, e.g. 10 → 20`).
public struct FieldChange: Sendable, Codable, Equatable {
    /// Existing records whose value the package changes.
    public var records: Int
    /// The first such record's value in the target export ("" when it holds none; nil when the export lacks the
    /// column, so that its value cannot be told).
    public var from: String?
    /// The value the package writes for it ("" when none).
    public var to: String

    public init(records: Int, from: String?, to: String) {
        self.records = records
        self.from = from
        self.to = to
    }

    /// `CUSTOMERGROUPID on 1,488 existing records, e.g. 10 → 20`, values quoted when they hold blanks or are empty, a
    /// column the target export lacks as `(not exported)`: the pair is the first record's, marked as an example, as the
    /// others may hold and get other values.
    public func text(field: String) -> String {
        "\(field) on \(records) existing record\(records == 1 ? ", " : "s, e.g. ")\(example)"
    }

    /// The example's pair: `10 → 20`, `'' → 20` (the record holds no value), `(not exported) → 20` (the target export
    /// lacks the column).
    public var example: String { "\(from.map(Self.shown) ?? Self.notExported) → \(Self.shown(to))" }

    /// How an example shows the value of a column the target export lacks: not an empty value, an unknown one.
    public static let notExported = "(not exported)"

    /// A value as an example shows it: quoted when empty or holding a space, line breaks as `\n`, cut at 40
    /// characters.
    public static func shown(_ value: String) -> String {
        let oneLine = value.replacingOccurrences(of: "\r\n", with: "\\n").replacingOccurrences(of: "\n", with: "\\n")
            .replacingOccurrences(of: "\r", with: "\\n")
        let clipped = oneLine.count > 40 ? String(oneLine.prefix(40)) + "…" : oneLine
        return oneLine.isEmpty || oneLine.contains(" ") ? "'\(clipped)'" : clipped
    }

    /// Every change of `changes`, most records first, a line each with the fields aligned: the short table a summary
    /// shows (`CUSTOMERGROUPID  1,488 existing records, e.g. 10 → 20`), not one line of all of them.
    public static func table(_ changes: [String: FieldChange]) -> [String] {
        let sorted = changes.sorted { ($1.value.records, $0.key) < ($0.value.records, $1.key) }
        let width = sorted.map(\.key.count).max() ?? 0
        return sorted.map { field, change in
            let text = change.text(field: field)
            let rest = text.dropFirst(field.count + " on ".count)
            return field + String(repeating: " ", count: width - field.count) + "  " + rest
        }
    }
}

/// Looks up a file column in a manifest line's field map (`XMLField` → `EntityField`).
///
/// Exact names first, then case-insensitive (re-saved exports show `DataAreaId` for `DATAAREAID`).
public struct FOColumnMap: Sendable {
    private let exact: [String: String]
    private let folded: [String: String]

    public init(_ mappings: [FOEntityMapping]) {
        var exact: [String: String] = [:]
        var folded: [String: String] = [:]
        for mapping in mappings {
            exact[mapping.xmlField] = exact[mapping.xmlField] ?? mapping.entityField
            folded[mapping.xmlField.uppercased()] = folded[mapping.xmlField.uppercased()] ?? mapping.entityField
        }
        self.exact = exact
        self.folded = folded
    }

    /// The entity field fed by file column `column`, or nil when the map does not mention it.
    public func entityField(for column: String) -> String? {
        exact[column] ?? folded[column.uppercased()]
    }
}

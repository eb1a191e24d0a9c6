/// Limits Dataverse enforces in every environment, whatever a column's own metadata says.
///
/// Source: Microsoft's Dataverse documentation on column types ("Text" columns take at most 4,000 characters,
/// "Multiline text" at most 1,048,576); see docs/sources.md.
public enum DataversePlatformLimits {
    /// The most characters a single-line text column can hold.
    public static let singleLineTextLength = 4_000
    /// The most characters a multiline text (memo) column can hold.
    public static let multilineTextLength = 1_048_576

    /// The platform's limit for a text attribute of the given format (`memo` for multiline text).
    public static func textLength(format: String?) -> Int {
        format?.lowercased() == "memo" ? multilineTextLength : singleLineTextLength
    }
}

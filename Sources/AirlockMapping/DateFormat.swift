/// A date format of one side's files.
public enum DateFormat: String, Sendable, Hashable, CaseIterable {
    /// F&O data-management text: `M/d/yyyy` with an optional `h:mm:ss AM` time.
    case enUS = "en-US"
    /// ISO 8601 as Configuration Migration writes it: `yyyy-MM-ddTHH:mm:ss.fffffff`.
    case iso8601
}

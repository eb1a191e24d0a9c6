/// Rows of a template's reference table that it leaves out on purpose, with why (`notCarried:` in YAML).
///
/// A test holds each template of a set transcribed from a reference table to it: every row the template's direction
/// carries is a field map or listed here, so a map cannot lose or gain a row silently.
public struct OmittedRows: Sendable, Hashable {
    /// The row numbers in the reference table (from 1).
    public var rows: [Int]
    /// Why they are not carried.
    public var reason: String

    public init(rows: [Int], reason: String) {
        self.rows = rows
        self.reason = reason
    }
}

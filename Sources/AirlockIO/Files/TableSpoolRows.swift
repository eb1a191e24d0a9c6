import AirlockModel

/// A spool file (`TableSpoolWriter`) held as its bytes, with each row's key and where the row starts: rows taken out in
/// any order and appended to a table without first building the spool's own table, as `airlock merge` puts several
/// shards' spools into one export order.
public struct TableSpoolRows: Sendable {
    /// The table's name and column names, as the spool's header holds them.
    public let name: String
    public let columnNames: [String]
    /// Each row's ordering key, in file order.
    public let keys: [UInt64]
    /// The file's bytes, and where each row's first value starts in them.
    private let bytes: [UInt8]
    private let starts: [Int]

    /// Reads the spool at `path`, checking that every row is whole.
    /// - Throws: `AirlockError(.io)` when the file cannot be read or is not a whole spool.
    public init(path: String) throws {
        var name = ""
        var columns: [String] = []
        var keys: [UInt64] = []
        var starts: [Int] = []
        let bytes = try TableSpoolReader.forEachRow(path: path) {
            name = $0
            columns = $1
        } _: { key, start, _, _, _ in
            keys.append(key)
            starts.append(start)
        }
        self.name = name
        self.columnNames = columns
        self.keys = keys
        self.bytes = bytes
        self.starts = starts
    }

    /// The number of rows.
    public var count: Int { keys.count }

    /// Appends row `row` to `table`, whose columns are the spool's, in order.
    public func appendRow(_ row: Int, to table: inout Table) throws {
        try bytes.withUnsafeBytes { try TableSpoolReader.appendRow(at: starts[row], of: $0, to: &table) }
    }
}

import AirlockModel

/// Writes a table to a spool file, each row with an ordering key: what one process hands another (a shard's
/// records to `airlock merge`), read back by `TableSpoolReader` value for value, nulls kept apart from empty values.
///
/// The file: `AIRLOCK-SPOOL 1\n`, the table's name and its column names (each a length and UTF-8 bytes), then per
/// row its key (8 bytes) and per column a length (4 bytes; `0xFFFFFFFF` for null) and the value's bytes. Integers
/// are little-endian.
public final class TableSpoolWriter {
    /// The first bytes of every spool file.
    static let magic = Array("AIRLOCK-SPOOL 1\n".utf8)
    /// The length that marks a null value.
    static let nullLength = UInt32.max

    private let sink: FileByteSink
    private let writer: BufferedByteWriter
    private let columnCount: Int
    /// Rows written so far.
    public private(set) var rowCount = 0

    /// Creates `path` (replacing a file there) for a table named `name` with `columns`.
    /// - Throws: `AirlockError(.io)` when the file cannot be created.
    public init(path: String, name: String, columns: [String]) throws {
        sink = try FileByteSink(path: path)
        writer = BufferedByteWriter(sink: sink)
        columnCount = columns.count
        try writer.write(contentsOf: Self.magic)
        try writeText(name)
        try writeInteger(UInt32(columns.count))
        for column in columns { try writeText(column) }
    }

    /// Appends row `row` of `table` (whose columns are the spool's, in order) with `key`.
    public func append(row: Int, of table: Table, key: UInt64) throws {
        precondition(table.columns.count == columnCount, "a spooled row needs one value per column")
        // The row is laid into the writer's buffer in one call: its key, then each value as `encode` writes it.
        let columns = columnCount
        try writer.append { bytes in
            withUnsafeBytes(of: key.littleEndian) { bytes.append(contentsOf: $0) }
            for column in 0..<columns {
                table.withValue(row: row, column: column) { Self.encode($0, into: &bytes) }
            }
        }
        rowCount += 1
    }

    /// Appends row `row` of `table` with `key`, the spool's column `i` taken from `table`'s column `columns[i]`, null
    /// where that is nil: a row laid out in other columns than its table's, spooled with no table built for it.
    public func append(row: Int, of table: Table, columns: [Int?], key: UInt64) throws {
        precondition(columns.count == columnCount, "a spooled row needs one value per column")
        try writer.append { bytes in
            withUnsafeBytes(of: key.littleEndian) { bytes.append(contentsOf: $0) }
            for column in columns {
                guard let column else {
                    Self.encode(nil, into: &bytes)
                    continue
                }
                table.withValue(row: row, column: column) { Self.encode($0, into: &bytes) }
            }
        }
        rowCount += 1
    }

    /// Appends a row given as its values already encoded (what `TableSpoolReader.forEachRow` hands out: per column a
    /// length and the value's bytes) with `key`: a row moved from one spool to another without decoding it.
    public func appendEncoded(_ values: UnsafeRawBufferPointer, key: UInt64) throws {
        try writeInteger(key)
        try writer.write(values)
        rowCount += 1
    }

    /// The encoded form of `value` as a row's column holds it (`appendEncoded`): its length, then its bytes.
    public static func encode(_ value: UnsafeRawBufferPointer?, into bytes: inout [UInt8]) {
        guard let value else { return withUnsafeBytes(of: nullLength.littleEndian) { bytes.append(contentsOf: $0) } }
        withUnsafeBytes(of: UInt32(value.count).littleEndian) { bytes.append(contentsOf: $0) }
        bytes.append(contentsOf: value)
    }

    /// Flushes and closes the file.
    public func close() throws {
        try writer.flush()
        try sink.close()
    }

    private func writeText(_ text: String) throws {
        let bytes = Array(text.utf8)
        try writeInteger(UInt32(bytes.count))
        try writer.write(contentsOf: bytes)
    }

    private func writeInteger<T: FixedWidthInteger>(_ value: T) throws {
        try withUnsafeBytes(of: value.littleEndian) { try writer.write($0) }
    }
}

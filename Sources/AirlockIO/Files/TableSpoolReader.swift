import AirlockModel

/// Reads a spool file that `TableSpoolWriter` wrote: the table and each row's ordering key.
public enum TableSpoolReader {
    /// The spooled table and the key of each of its rows.
    /// - Throws: `AirlockError(.io)` when the file cannot be read, also when it is not a whole spool.
    public static func read(path: String) throws -> (table: Table, keys: [UInt64]) {
        let stream = try FileByteStream(path: path)
        let bytes = try stream.readAll()
        var cursor = 0
        func fail(_ what: String) -> AirlockError {
            AirlockError(.io, "not a whole Airlock spool file: \(what) at byte \(cursor)", at: SourceLocation(file: path))
        }
        func integer<T: FixedWidthInteger>(_: T.Type) throws -> T {
            let size = MemoryLayout<T>.size
            guard cursor + size <= bytes.count else { throw fail("it ends early") }
            var value = T.zero
            for index in 0..<size { value |= T(bytes[cursor + index]) << (8 * index) }
            cursor += size
            return value
        }
        func text() throws -> String {
            let count = Int(try integer(UInt32.self))
            guard cursor + count <= bytes.count else { throw fail("it ends early") }
            defer { cursor += count }
            return String(decoding: bytes[cursor..<(cursor + count)], as: UTF8.self)
        }
        guard bytes.starts(with: TableSpoolWriter.magic) else { throw fail("no spool header") }
        cursor = TableSpoolWriter.magic.count
        let name = try text()
        let columnCount = Int(try integer(UInt32.self))
        var columns: [String] = []
        for _ in 0..<columnCount { columns.append(try text()) }
        var table = Table(name: name, columnNames: columns)
        var keys: [UInt64] = []
        try bytes.withUnsafeBytes { buffer in
            while cursor < bytes.count {
                keys.append(try integer(UInt64.self))
                try table.appendRow { _, append in
                    let length = try integer(UInt32.self)
                    if length == TableSpoolWriter.nullLength { return try append(nil) }
                    guard cursor + Int(length) <= bytes.count else { throw fail("a value runs past the end") }
                    defer { cursor += Int(length) }
                    try append(UnsafeRawBufferPointer(rebasing: buffer[cursor..<(cursor + Int(length))]))
                }
            }
        }
        return (table, keys)
    }
}

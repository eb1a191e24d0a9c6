import AirlockModel

/// Reads a spool file that `TableSpoolWriter` wrote: the table and each row's ordering key.
public enum TableSpoolReader {
    /// The spooled table and the key of each of its rows, the file read through a buffer (`TableSpoolCursor`), never
    /// held whole beside the table, and the table's buffers cut to size once read (`Table.shrinkToFit`).
    /// - Throws: `AirlockError(.io)` when the file cannot be read, also when it is not a whole spool.
    public static func read(path: String) throws -> (table: Table, keys: [UInt64]) {
        let cursor = try TableSpoolCursor(path: path)
        var table = Table(name: cursor.name, columnNames: cursor.columnNames)
        var keys: [UInt64] = []
        while try cursor.next() {
            keys.append(cursor.key)
            try cursor.appendRow(to: &table)
        }
        table.shrinkToFit()
        return (table, keys)
    }

    /// The spooled table in `bytes` (a spool file's contents; `path` names it in errors) and the key of each row.
    /// - Throws: `AirlockError(.io)` when it is not a whole spool.
    public static func read(bytes: [UInt8], path: String) throws -> (table: Table, keys: [UInt64]) {
        var table = Table(name: "")
        var keys: [UInt64] = []
        try forEachRow(bytes: bytes, path: path) { name, columns in
            table = Table(name: name, columnNames: columns)
        } _: { key, _, values in
            keys.append(key)
            try table.appendRow { column, append in try append(values[column]) }
        }
        return (table, keys)
    }

    /// Reads the spool at `path` row by row without building a table, through a buffer (`TableSpoolCursor`): `header`
    /// gets the table's name and columns, then `body` each row's key, its values as encoded
    /// (`TableSpoolWriter.appendEncoded` takes them), and each column's value (nil for a null), all valid during the
    /// call.
    /// - Throws: `AirlockError(.io)` when the file cannot be read or is not a whole spool; what the closures throw.
    public static func forEachRow(
        path: String, header: (_ name: String, _ columns: [String]) throws -> Void,
        _ body: (_ key: UInt64, _ encoded: UnsafeRawBufferPointer, _ values: [UnsafeRawBufferPointer?]) throws -> Void
    ) throws {
        let cursor = try TableSpoolCursor(path: path)
        try header(cursor.name, cursor.columnNames)
        while try cursor.next() {
            try cursor.withRow { encoded, values in try body(cursor.key, encoded, values) }
        }
    }

    /// `forEachRow(path:header:_:)` over a spool file's contents, `bytes`.
    static func forEachRow(
        bytes: [UInt8], path: String, header: (_ name: String, _ columns: [String]) throws -> Void,
        _ body: (_ key: UInt64, _ encoded: UnsafeRawBufferPointer, _ values: [UnsafeRawBufferPointer?]) throws -> Void
    ) throws {
        try bytes.withUnsafeBytes { buffer in
            var cursor = 0
            func fail(_ what: String) -> AirlockError {
                AirlockError(.io, "not a whole Airlock spool file: \(what) at byte \(cursor)", at: SourceLocation(file: path))
            }
            func next<T: FixedWidthInteger>(_: T.Type) throws -> T {
                guard cursor + MemoryLayout<T>.size <= buffer.count else { throw fail("it ends early") }
                defer { cursor += MemoryLayout<T>.size }
                return integer(T.self, in: buffer, at: cursor)
            }
            func text() throws -> String {
                let count = Int(try next(UInt32.self))
                guard cursor + count <= buffer.count else { throw fail("it ends early") }
                defer { cursor += count }
                return String(decoding: UnsafeRawBufferPointer(rebasing: buffer[cursor..<(cursor + count)]), as: UTF8.self)
            }
            guard bytes.starts(with: TableSpoolWriter.magic) else { throw fail("no spool header") }
            cursor = TableSpoolWriter.magic.count
            let name = try text()
            let columnCount = Int(try next(UInt32.self))
            var columns: [String] = []
            for _ in 0..<columnCount { columns.append(try text()) }
            try header(name, columns)
            var values = [UnsafeRawBufferPointer?](repeating: nil, count: columnCount)
            while cursor < buffer.count {
                let key = try next(UInt64.self)
                let start = cursor
                for column in 0..<columnCount {
                    let length = try next(UInt32.self)
                    if length == TableSpoolWriter.nullLength {
                        values[column] = nil
                        continue
                    }
                    guard cursor + Int(length) <= buffer.count else { throw fail("a value runs past the end") }
                    values[column] = UnsafeRawBufferPointer(rebasing: buffer[cursor..<(cursor + Int(length))])
                    cursor += Int(length)
                }
                try body(key, UnsafeRawBufferPointer(rebasing: buffer[start..<cursor]), values)
            }
        }
    }

    /// Appends to `table` the row whose values (each a length and its bytes, as `TableSpoolWriter` writes them) start at
    /// `start` of `bytes`, which a walk of the spool has checked holds them whole.
    static func appendRow(at start: Int, of bytes: UnsafeRawBufferPointer, to table: inout Table) throws {
        var cursor = start
        try table.appendRow { _, append in
            let length = integer(UInt32.self, in: bytes, at: cursor)
            cursor += 4
            guard length != TableSpoolWriter.nullLength else { return try append(nil) }
            try append(UnsafeRawBufferPointer(rebasing: bytes[cursor..<(cursor + Int(length))]))
            cursor += Int(length)
        }
    }

    /// The little-endian integer at `offset` of `buffer`, which the caller has checked holds it.
    @inline(__always)
    static func integer<T: FixedWidthInteger>(_: T.Type, in buffer: UnsafeRawBufferPointer, at offset: Int) -> T {
        T(littleEndian: buffer.loadUnaligned(fromByteOffset: offset, as: T.self))
    }
}

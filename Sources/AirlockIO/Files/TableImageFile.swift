import AirlockModel

/// A table kept in a file as it is held in memory, each column's buffers whole (`TableColumnImage`), with a key per
/// row: written once and read back in a few large reads, where a spool (`TableSpoolWriter`) is read a value at a time.
/// For a table that many processes read whole (the reference data every shard of a partition reads).
///
/// The file: `AIRLOCK-TABLE 1\n`, the table's name, its row count (8 bytes), its column count (4 bytes), the rows'
/// keys (8 bytes each); then per column its name, its form (1 byte: 0 dictionary, 1 plain, 2 wide dictionary), its
/// row count and presence words, and the buffers of its form: codes (one or two bytes each), distinct values and
/// their ends; or values and their ends. A name or a buffer is its length (8 bytes) and its contents. Integers are
/// little-endian.
public enum TableImageFile {
    /// The first bytes of every image file.
    static let magic = Array("AIRLOCK-TABLE 1\n".utf8)

    /// Writes `table` with `keys` (one per row) to `path`, replacing a file there.
    /// - Throws: `AirlockError(.io)` when the file cannot be written.
    public static func write(_ table: Table, keys: [UInt64], to path: String) throws {
        precondition(keys.count == table.rowCount, "an image needs one key per row")
        let sink = try FileByteSink(path: path)
        let writer = BufferedByteWriter(sink: sink)
        func integer<T: FixedWidthInteger>(_ value: T) throws {
            try withUnsafeBytes(of: value.littleEndian) { try writer.write($0) }
        }
        func buffer<T: FixedWidthInteger>(_ values: [T]) throws {
            try integer(UInt64(values.count))
            #if _endian(little)
            try values.withUnsafeBytes { try writer.write($0) }  // as they lie in memory
            #else
            for value in values { try integer(value) }
            #endif
        }
        try writer.write(contentsOf: magic)
        try buffer(Array(table.name.utf8))
        try integer(UInt64(table.rowCount))
        try integer(UInt32(table.columns.count))
        try buffer(keys)
        for column in table.columns {
            let image = try column.image
            try buffer(Array(image.name.utf8))
            try integer(UInt8(image.codes != nil ? 0 : image.wideCodes != nil ? 2 : 1))
            try integer(UInt64(image.count))
            try buffer(image.present)
            if let codes = image.codes {
                try buffer(codes)
                try buffer(image.dictionaryBytes)
                try buffer(image.dictionaryEnds)
            } else if let wideCodes = image.wideCodes {
                try buffer(wideCodes)
                try buffer(image.dictionaryBytes)
                try buffer(image.dictionaryEnds)
            } else {
                try integer(UInt64(image.bytes.count))
                try image.bytes.withBytes { try writer.write($0) }
                try buffer(image.ends)
            }
        }
        try writer.flush()
        try sink.close()
    }

    /// The table at `path` and its rows' keys.
    /// - Throws: `AirlockError(.io)` naming the file when it cannot be read, is cut short, or holds no whole table.
    public static func read(path: String) throws -> (table: Table, keys: [UInt64]) {
        try read(bytes: FileByteStream.contents(of: path), path: path)
    }

    /// The table in `bytes` (an image file's contents; `path` names it in errors) and its rows' keys.
    /// - Throws: `AirlockError(.io)` when it holds no whole table.
    public static func read(bytes: [UInt8], path: String) throws -> (table: Table, keys: [UInt64]) {
        var cursor = magic.count
        func fail(_ what: String) -> AirlockError {
            AirlockError(.io, "not a whole Airlock table file: \(what) at byte \(cursor)", at: SourceLocation(file: path))
        }
        return try bytes.withUnsafeBytes { file in
            func take(_ count: Int) throws -> UnsafeRawBufferPointer {
                guard count >= 0, count <= file.count - cursor else { throw fail("it ends early") }
                defer { cursor += count }
                return UnsafeRawBufferPointer(rebasing: file[cursor..<(cursor + count)])
            }
            func integer<T: FixedWidthInteger>(_: T.Type) throws -> T {
                T(littleEndian: try take(MemoryLayout<T>.size).loadUnaligned(as: T.self))
            }
            func buffer<T: FixedWidthInteger>(_: T.Type) throws -> [T] {
                let count = try integer(UInt64.self)
                guard count <= UInt64(file.count) else { throw fail("a length past the end") }
                let raw = try take(Int(count) * MemoryLayout<T>.size)
                let values = [T](unsafeUninitializedCapacity: Int(count)) { values, initialized in
                    UnsafeMutableRawBufferPointer(values).copyMemory(from: raw)
                    initialized = Int(count)
                }
                #if _endian(little)
                return values
                #else
                return values.map { T(littleEndian: $0) }
                #endif
            }
            func text() throws -> String { String(decoding: try buffer(UInt8.self), as: UTF8.self) }
            guard bytes.starts(with: magic) else {
                cursor = 0
                throw fail("no table header")
            }
            let name = try text()
            let rowCount = try integer(UInt64.self)
            let columnCount = try integer(UInt32.self)
            let keys = try buffer(UInt64.self)
            guard UInt64(keys.count) == rowCount else { throw fail("\(keys.count) keys for \(rowCount) rows") }
            guard columnCount > 0 || rowCount == 0 else { throw fail("rows without a column") }
            var columns: [TableColumn] = []
            for _ in 0..<columnCount {
                let columnName = try text()
                let form = try integer(UInt8.self)
                guard form <= 2 else { throw fail("a column of unknown form \(form)") }
                let count = try integer(UInt64.self)
                guard count == rowCount else { throw fail("column \(columnName) holds \(count) rows of \(rowCount)") }
                let present = try buffer(UInt64.self)
                let codes = form == 0 ? try buffer(UInt8.self) : nil
                let wideCodes = form == 2 ? try buffer(UInt16.self) : nil
                let dictionaryBytes = form != 1 ? try buffer(UInt8.self) : []
                var bytes = ByteStore(capacity: 0)
                if form == 1 {
                    // The values go from the file straight into the column's store.
                    let length = try integer(UInt64.self)
                    guard length <= UInt64(file.count) else { throw fail("a length past the end") }
                    bytes = ByteStore(capacity: Int(length))
                    bytes.append(try take(Int(length)))
                }
                let ends = try buffer(UInt32.self)
                let image = TableColumnImage(
                    name: columnName, count: Int(count), present: present, codes: codes, wideCodes: wideCodes,
                    dictionaryBytes: dictionaryBytes, dictionaryEnds: form == 1 ? [] : ends, bytes: bytes, ends: form == 1 ? ends : [])
                do {
                    columns.append(try TableColumn(image: image))
                } catch let error as AirlockError {
                    throw AirlockError(.io, "not a whole Airlock table file: \(error.message)", at: SourceLocation(file: path))
                }
            }
            guard cursor == file.count else { throw fail("bytes after the last column") }
            return (Table(name: name, columns: columns), keys)
        }
    }
}

import AirlockModel

/// Reads a table image (`TableImageFile`) a column at a time: the header (name, rows, keys) at once, then each
/// column as `nextColumn()` is called, so that a reader that handles one column at a time (the partition's join,
/// cutting a table into parts) holds one column, not the table.
public final class TableImageReader {
    /// The table's name.
    public private(set) var name = ""
    /// Its rows.
    public private(set) var rowCount = 0
    /// Its columns.
    public private(set) var columnCount = 0
    /// One key per row.
    public private(set) var keys: [UInt64] = []
    private let stream: ByteStream
    private let path: String
    /// The file's size: no length read in it may pass it.
    private let size: Int
    /// Bytes read so far, for messages.
    private var offset = 0
    private var columnsRead = 0

    /// Opens the image file at `path` and reads its header.
    /// - Throws: `AirlockError(.io)` naming the file when it cannot be read or holds no table image.
    public convenience init(path: String) throws {
        let size = Int(try FileStatus.of(path).size)
        try self.init(stream: FileByteStream(path: path), size: size, path: path)
    }

    /// Reads the header of the image in `stream`, of `size` bytes (`path` names it in errors).
    /// - Throws: `AirlockError(.io)` when it holds no table image.
    public init(stream: ByteStream, size: Int, path: String) throws {
        self.stream = stream
        self.size = size
        self.path = path
        (name, rowCount, columnCount, keys) = try readHeader()
    }

    private func readHeader() throws -> (String, Int, Int, [UInt64]) {
        let magic = try take(TableImageFile.magic.count)
        guard magic == TableImageFile.magic else {
            offset = 0
            throw fail("no table header")
        }
        let name = try text()
        let rowCount = try integer(UInt64.self)
        let columnCount = try integer(UInt32.self)
        let keys = try buffer(UInt64.self)
        guard UInt64(keys.count) == rowCount else { throw fail("\(keys.count) keys for \(rowCount) rows") }
        guard columnCount > 0 || rowCount == 0 else { throw fail("rows without a column") }
        return (name, Int(rowCount), Int(columnCount), keys)
    }

    /// The next column's image (not checked: `TableColumn.init(image:)` checks it), or nil after the last, when
    /// the file must end.
    /// - Throws: `AirlockError(.io)` when the file ends early, holds a column of an unknown form or of other rows,
    ///   or goes on after the last column.
    public func nextColumn() throws -> TableColumnImage? {
        guard columnsRead < columnCount else {
            var extra: UInt8 = 0
            guard try withUnsafeMutableBytes(of: &extra, { try stream.read(into: $0) }) == 0 else {
                throw fail("bytes after the last column")
            }
            return nil
        }
        columnsRead += 1
        let columnName = try text()
        let formByte = try integer(UInt8.self)
        guard let form = TableImageFile.ColumnForm(rawValue: formByte) else { throw fail("a column of unknown form \(formByte)") }
        let count = try integer(UInt64.self)
        guard count == UInt64(rowCount) else { throw fail("column \(columnName) holds \(count) rows of \(rowCount)") }
        let present = try buffer(UInt64.self)
        var image = TableColumnImage(
            name: columnName, count: rowCount, present: present, codes: nil, dictionaryBytes: [], dictionaryEnds: [],
            bytes: ByteStore(capacity: 0), ends: [])
        switch form {
        case .dictionary, .wideDictionary:
            if form == .dictionary { image.codes = try buffer(UInt8.self) } else { image.wideCodes = try buffer(UInt16.self) }
            image.dictionaryBytes = try buffer(UInt8.self)
            image.dictionaryEnds = try buffer(UInt32.self)
        case .guid:
            let code = try integer(UInt8.self)
            guard let letters = TableImageFile.letters(code: code) else { throw fail("GUID letters of unknown case \(code)") }
            image.guidLetters = letters
            image.bytes = try store()
        case .plain:
            image.bytes = try store()
            image.ends = try buffer(UInt32.self)
        }
        return image
    }

    private func fail(_ what: String) -> AirlockError {
        AirlockError(.io, "not a whole Airlock table file: \(what) at byte \(offset)", at: SourceLocation(file: path))
    }

    /// Fills `buffer` from the stream.
    private func fill(_ buffer: UnsafeMutableRawBufferPointer) throws {
        var filled = 0
        while filled < buffer.count {
            let read = try stream.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[filled...]))
            guard read > 0 else { throw fail("it ends early") }
            filled += read
            offset += read
        }
    }

    private func take(_ count: Int) throws -> [UInt8] {
        guard count >= 0, count <= size - offset else { throw fail("it ends early") }
        return try [UInt8](unsafeUninitializedCapacity: count) { bytes, initialized in
            try fill(UnsafeMutableRawBufferPointer(bytes))
            initialized = count
        }
    }

    private func integer<T: FixedWidthInteger>(_: T.Type) throws -> T {
        var value = T.zero
        try withUnsafeMutableBytes(of: &value) { try fill($0) }
        return T(littleEndian: value)
    }

    /// A length, then that many values of `T`, read straight into the array.
    private func buffer<T: FixedWidthInteger>(_: T.Type) throws -> [T] {
        let count = try integer(UInt64.self)
        guard count <= UInt64(size - offset) / UInt64(MemoryLayout<T>.size) else { throw fail("a length past the end") }
        let values = try [T](unsafeUninitializedCapacity: Int(count)) { values, initialized in
            try fill(UnsafeMutableRawBufferPointer(values))
            initialized = Int(count)
        }
        #if _endian(little)
        return values
        #else
        return values.map { T(littleEndian: $0) }
        #endif
    }

    private func text() throws -> String { String(decoding: try buffer(UInt8.self), as: UTF8.self) }

    /// A length, then that many bytes, read into a store of their size.
    private func store() throws -> ByteStore {
        let length = try integer(UInt64.self)
        guard length <= UInt64(size - offset) else { throw fail("a length past the end") }
        var store = ByteStore(capacity: Int(length))
        try store.appendFilling(Int(length)) { try fill($0) }
        return store
    }
}

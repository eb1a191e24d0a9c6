import AirlockModel

/// Writes a table image (`TableImageFile`) a column at a time: the header at once, then each column as it is
/// appended, so that a writer that makes one column at a time (the partition's join, cutting a table into parts)
/// holds one column, not the table.
public final class TableImageWriter {
    private let sink: FileByteSink
    private let writer: BufferedByteWriter
    private let rowCount: Int
    private let columnCount: Int
    private var columnsWritten = 0

    /// Creates (or replaces) the file at `path` with the header of a table `name` of `keys.count` rows and
    /// `columnCount` columns.
    /// - Throws: `AirlockError(.io)` when the file cannot be written.
    public init(path: String, name: String, columnCount: Int, keys: [UInt64]) throws {
        sink = try FileByteSink(path: path)
        writer = BufferedByteWriter(sink: sink)
        rowCount = keys.count
        self.columnCount = columnCount
        try writer.write(contentsOf: TableImageFile.magic)
        try buffer(Array(name.utf8))
        try integer(UInt64(keys.count))
        try integer(UInt32(columnCount))
        try buffer(keys)
    }

    /// Appends the next column.
    /// - Throws: `AirlockError(.io)` when the file cannot be written.
    public func append(_ image: TableColumnImage) throws {
        precondition(image.count == rowCount && columnsWritten < columnCount, "a column of the table's rows, within its columns")
        columnsWritten += 1
        try buffer(Array(image.name.utf8))
        let form = TableImageFile.ColumnForm(of: image)
        try integer(form.rawValue)
        try integer(UInt64(image.count))
        try buffer(image.present)
        switch form {
        case .dictionary, .wideDictionary:
            if let codes = image.codes { try buffer(codes) }
            if let wideCodes = image.wideCodes { try buffer(wideCodes) }
            try buffer(image.dictionaryBytes)
            try buffer(image.dictionaryEnds)
        case .guid, .plain:
            if let letters = image.guidLetters { try integer(TableImageFile.code(of: letters)) }
            try integer(UInt64(image.bytes.count))
            try image.bytes.withBytes { try writer.write($0) }
            if form == .plain { try buffer(image.ends) }
        }
    }

    /// Writes what is buffered and closes the file.
    /// - Throws: `AirlockError(.io)` when the file cannot be written.
    public func close() throws {
        precondition(columnsWritten == columnCount, "every column of the table appended")
        try writer.flush()
        try sink.close()
    }

    private func integer<T: FixedWidthInteger>(_ value: T) throws {
        try withUnsafeBytes(of: value.littleEndian) { try writer.write($0) }
    }

    private func buffer<T: FixedWidthInteger>(_ values: [T]) throws {
        try integer(UInt64(values.count))
        #if _endian(little)
        try values.withUnsafeBytes { try writer.write($0) }  // as they lie in memory
        #else
        for value in values { try integer(value) }
        #endif
    }
}

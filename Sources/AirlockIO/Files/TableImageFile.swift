import AirlockModel

/// A table kept in a file as it is held in memory, each column's buffers whole (`TableColumnImage`), with a key per
/// row: written once and read back in a few large reads, where a spool (`TableSpoolWriter`) is read a value at a time.
/// For a table that other processes read whole (a partition's reference data and parts).
///
/// The file: `AIRLOCK-TABLE 1\n`, the table's name, its row count (8 bytes), its column count (4 bytes), the rows'
/// keys (8 bytes each); then per column its name, its form (1 byte: 0 dictionary, 1 plain, 2 wide dictionary,
/// 3 GUID), its row count and presence words, and the buffers of its form: codes (one or two bytes each), distinct
/// values and their ends; values and their ends; or the case of the GUIDs' letters (1 byte: 0 none, 1 lower,
/// 2 upper) and 16 bytes a row. A name or a buffer is its length (8 bytes) and its contents. Integers are
/// little-endian. `TableImageWriter` and `TableImageReader` write and read it a column at a time.
public enum TableImageFile {
    /// The first bytes of every image file.
    static let magic = Array("AIRLOCK-TABLE 1\n".utf8)

    /// A column's form as the file numbers it (its byte after the column's name).
    enum ColumnForm: UInt8 {
        case dictionary = 0
        case plain = 1
        case wideDictionary = 2
        case guid = 3

        /// The form `image` holds.
        init(of image: TableColumnImage) {
            self =
                image.codes != nil ? .dictionary : image.wideCodes != nil ? .wideDictionary : image.guidLetters != nil ? .guid : .plain
        }
    }

    /// The byte a GUID column's letters are written as, and back.
    static func code(of letters: GUIDText.Letters) -> UInt8 {
        switch letters {
        case .none: 0
        case .lower: 1
        case .upper: 2
        }
    }

    static func letters(code: UInt8) -> GUIDText.Letters? {
        switch code {
        case 0: GUIDText.Letters.none
        case 1: .lower
        case 2: .upper
        default: nil
        }
    }

    /// Writes `table` with `keys` (one per row) to `path`, replacing a file there.
    /// - Throws: `AirlockError(.io)` when the file cannot be written.
    public static func write(_ table: Table, keys: [UInt64], to path: String) throws {
        precondition(keys.count == table.rowCount, "an image needs one key per row")
        let writer = try TableImageWriter(path: path, name: table.name, columnCount: table.columns.count, keys: keys)
        for column in table.columns { try writer.append(try column.image) }
        try writer.close()
    }

    /// The table at `path` and its rows' keys.
    /// - Throws: `AirlockError(.io)` naming the file when it cannot be read, is cut short, or holds no whole table.
    public static func read(path: String) throws -> (table: Table, keys: [UInt64]) {
        try read(try TableImageReader(path: path), path: path)
    }

    /// The table in `bytes` (an image file's contents; `path` names it in errors) and its rows' keys.
    /// - Throws: `AirlockError(.io)` when it holds no whole table.
    public static func read(bytes: [UInt8], path: String) throws -> (table: Table, keys: [UInt64]) {
        try read(try TableImageReader(stream: MemoryByteStream(bytes), size: bytes.count, path: path), path: path)
    }

    private static func read(_ reader: TableImageReader, path: String) throws -> (table: Table, keys: [UInt64]) {
        var columns: [TableColumn] = []
        while let image = try reader.nextColumn() {
            do {
                columns.append(try TableColumn(image: image))
            } catch let error as AirlockError {
                throw AirlockError(.io, "not a whole Airlock table file: \(error.message)", at: SourceLocation(file: path))
            }
        }
        return (Table(name: reader.name, columns: columns), reader.keys)
    }
}

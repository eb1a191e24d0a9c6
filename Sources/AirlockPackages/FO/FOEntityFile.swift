import AirlockIO
import AirlockModel

/// One entity data file to write into an F&O package: the manifest line that names it, its records, and
/// how the CSV is encoded.
public struct FOEntityFile: Sendable {
    /// The manifest line; its `InputFilePath` is the zip entry and its `EntityMapList` names the CSV columns.
    public var entity: FOManifestEntity
    /// The records; columns named by `EntityField` (the map's `XMLField` becomes the CSV header text).
    public var table: Table
    /// UTF-8 with BOM for `CSV`, UTF-16 LE for `CSV-Unicode`.
    public var encoding: TextEncoding
    public var dialect: CSVDialect

    public init(entity: FOManifestEntity, table: Table, encoding: TextEncoding, dialect: CSVDialect = .standard) {
        self.entity = entity
        self.table = table
        self.encoding = encoding
        self.dialect = dialect
    }
}

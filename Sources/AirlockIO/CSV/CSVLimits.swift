/// Bounds on what the CSV reader accepts, so a broken or hostile file fails fast with a clear error.
public struct CSVLimits: Sendable, Equatable {
    /// Largest field accepted, in bytes of UTF-8. An unbalanced quote otherwise swallows the rest of the file.
    public var maxFieldBytes: Int
    /// Most fields accepted on one record.
    public var maxFields: Int

    public init(maxFieldBytes: Int = 32 << 20, maxFields: Int = 10_000) {
        self.maxFieldBytes = maxFieldBytes
        self.maxFields = maxFields
    }

    /// 32 MiB per field, 10,000 fields per record.
    public static let `default` = CSVLimits()
}

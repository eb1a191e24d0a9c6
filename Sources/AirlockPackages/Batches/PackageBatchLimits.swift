import AirlockModel

/// The most a package of a batched run may hold: a record count, a zip size, or both (`convert --batch-records`,
/// `--batch-mb`). A side's package is cut into a numbered series whose every member stays under both.
public struct PackageBatchLimits: Sendable, Hashable, Codable {
    /// The most records one package holds (party list members and associations are not counted), or nil.
    public var records: Int?
    /// The most bytes one package's zip file takes, or nil.
    public var bytes: Int64?

    /// Limits of at most `records` records and `bytes` bytes (nil: no such limit).
    /// - Throws: `AirlockError(.usage)` for a limit below one record, or below `minimumBytes`.
    public init(records: Int? = nil, bytes: Int64? = nil) throws {
        if let records, records < 1 {
            throw AirlockError(.usage, "a batch must hold at least one record (--batch-records \(records))")
        }
        if let bytes, bytes < Self.minimumBytes {
            throw AirlockError(.usage, "a batch of under \(Self.minimumBytes / 1_000) kB cannot hold a package's own files (--batch-mb)")
        }
        self.records = records
        self.bytes = bytes
    }

    /// The smallest size limit taken: a package's fixed members (schema or manifest and header) need room.
    public static let minimumBytes: Int64 = 200_000

    /// Bytes in one MB as `--batch-mb` counts them: 1,000,000, the unit upload limits are stated in (counting
    /// 2^20 would let a batch exceed a limit given in decimal megabytes).
    public static let bytesPerMB: Int64 = 1_000_000

    /// Whether neither limit is set (the run writes one package per side).
    public var isUnlimited: Bool { records == nil && bytes == nil }
}

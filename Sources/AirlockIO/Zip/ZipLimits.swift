/// Bounds that protect against zip bombs; the defaults pass real multi-gigabyte migrations.
public struct ZipLimits: Sendable, Equatable {
    /// Largest uncompressed size accepted for one entry.
    public var maxEntrySize: Int64
    /// Largest number of entries accepted.
    public var maxEntries: Int

    public init(maxEntrySize: Int64 = 64 << 30, maxEntries: Int = 1_000_000) {
        self.maxEntrySize = maxEntrySize
        self.maxEntries = maxEntries
    }

    /// 64 GiB per entry, a million entries.
    public static let `default` = ZipLimits()
}

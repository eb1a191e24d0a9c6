/// Bounds that protect against zip bombs; the defaults pass real multi-gigabyte migrations.
public struct ZipLimits: Sendable, Equatable {
    /// Largest uncompressed size accepted for one entry.
    public var maxEntrySize: Int64
    /// Largest uncompressed size accepted for all entries together.
    public var maxTotalSize: Int64
    /// Largest ratio of the entries' total uncompressed size to the archive's size. Real exports compress
    /// 5 to 50 times; zip bombs compress thousands of times.
    public var maxCompressionRatio: Int64
    /// Largest number of entries accepted.
    public var maxEntries: Int

    public init(
        maxEntrySize: Int64 = 64 << 30, maxTotalSize: Int64 = 256 << 30, maxCompressionRatio: Int64 = 1000, maxEntries: Int = 1_000_000
    ) {
        self.maxEntrySize = maxEntrySize
        self.maxTotalSize = maxTotalSize
        self.maxCompressionRatio = maxCompressionRatio
        self.maxEntries = maxEntries
    }

    /// 64 GiB per entry, 256 GiB in all, a ratio of 1000 to 1, a million entries.
    public static let `default` = ZipLimits()
}

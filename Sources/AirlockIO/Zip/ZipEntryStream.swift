import AirlockModel
internal import CArchive

/// The decompressed bytes of one zip entry, read straight from the archive.
final class ZipEntryStream: ByteStream {
    private var archive: OpaquePointer?
    private let location: SourceLocation
    private let maxSize: Int64
    /// Whether `maxSize` is the size the archive declares (a larger output means a lying header).
    private let sizeIsDeclared: Bool
    private var produced: Int64 = 0
    /// Keeps an in-memory archive alive while its entry is read.
    private let keepAlive: ZipMemoryImage?

    init(archive: OpaquePointer, location: SourceLocation, maxSize: Int64, sizeIsDeclared: Bool = false, keepAlive: ZipMemoryImage? = nil) {
        self.sizeIsDeclared = sizeIsDeclared
        self.keepAlive = keepAlive
        self.archive = archive
        self.location = location
        self.maxSize = maxSize
    }

    deinit {
        if let archive { archive_read_free(archive) }
    }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        guard let archive, let base = buffer.baseAddress, buffer.count > 0 else { return 0 }
        let count = archive_read_data(archive, base, buffer.count)
        if count < 0 {
            let cause = LibArchive.errorText(archive)
            archive_read_free(archive)
            self.archive = nil
            throw AirlockError(
                .corruptArchive, "the entry is corrupt or truncated after \(produced) bytes", at: location, cause: cause)
        }
        produced += Int64(count)
        if produced > maxSize {
            throw sizeIsDeclared
                ? AirlockError(.corruptArchive, "the entry inflates past the \(maxSize) bytes its header declares", at: location)
                : AirlockError(.limitExceeded, "the entry inflates past the \(maxSize)-byte limit", at: location)
        }
        if count == 0 {
            archive_read_free(archive)
            self.archive = nil
        }
        return count
    }
}

import AirlockModel
internal import CArchive

/// Hands bytes to libarchive for the entry currently open in a zip writer.
final class ZipEntrySink: ByteSink {
    private let archive: OpaquePointer
    private let location: SourceLocation

    init(archive: OpaquePointer, location: SourceLocation) {
        self.archive = archive
        self.location = location
    }

    func write(_ bytes: UnsafeRawBufferPointer) throws {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return }
        var offset = 0
        while offset < bytes.count {
            let written = archive_write_data(archive, base + offset, bytes.count - offset)
            if written < 0 {
                throw AirlockError(.io, "cannot write the entry data", at: location, cause: LibArchive.errorText(archive))
            }
            offset += written
        }
    }
}

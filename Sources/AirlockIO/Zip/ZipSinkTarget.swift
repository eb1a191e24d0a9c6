internal import CArchive

/// The sink a `ZipArchiveWriter` writes into when it writes into another sink (a workbook inside a package's entry),
/// and the sink's first error, which libarchive only sees as a failed write. Handed to libarchive as its client data.
///
/// Used by one thread at a time: the writer's, or the thread that deflates its current entry (`PipelinedByteSink`),
/// which hands back to the writer's thread when the entry is finished.
final class ZipSinkTarget {
    let sink: ByteSink
    /// The error the sink threw, rethrown in place of libarchive's text.
    var failure: Error?

    init(sink: ByteSink) {
        self.sink = sink
    }

    /// libarchive's write callback: the bytes to the target's sink, or -1 (the error kept) when it throws.
    static let write: @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?, UnsafeRawPointer?, Int) -> la_ssize_t = {
        _, client, buffer, length in
        guard let client else { return -1 }
        let target = Unmanaged<ZipSinkTarget>.fromOpaque(client).takeUnretainedValue()
        guard target.failure == nil else { return -1 }
        do {
            try target.sink.write(UnsafeRawBufferPointer(start: buffer, count: buffer == nil ? 0 : length))
            return la_ssize_t(length)
        } catch {
            target.failure = error
            return -1
        }
    }
}

import AirlockModel

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The compared values of the sent records, written to a file in the staging folder as the packages are read and
/// read back only for a record that did not land as its digest says (`SentDigests`), to compare it value by value
/// and print what was sent: memory holds four bytes of offset per record, not the values. The packages are read
/// once: reading the one that is Configuration Migration XML again would cost as much as reading it the first time.
///
/// A record is its compared values that are not blank, each as its column (varint), its length (varint) and its
/// bytes; records are laid end to end, entity after entity (a `Segment` each).
///
/// `@unchecked Sendable`: one thread writes (`append`, `endSegment`); another may read segments already
/// ended (`values`), which touches only the file, by `pread`, and the segment it is given.
final class SentValueSpool: @unchecked Sendable {
    /// Where one entity's records are in the file.
    struct Segment: Sendable {
        /// The file offset of the first record.
        let base: UInt64
        /// Per record, the end of its bytes, from `base`.
        let ends: [UInt32]
    }

    let path: String
    private var descriptor: Int32
    /// Bytes added and not yet written, and the bytes written before them.
    private var pending: [UInt8] = []
    private var written: UInt64 = 0
    private var segmentBase: UInt64 = 0
    private var ends: [UInt32] = []

    /// Creates (or truncates) the file at `path`.
    /// - Throws: `AirlockError(.io)` when it cannot be created.
    init(path: String) throws {
        let descriptor = open(path, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw AirlockError(.io, "cannot create a work file", at: SourceLocation(file: path), cause: String(cString: strerror(errno)))
        }
        self.descriptor = descriptor
        self.path = path
        pending.reserveCapacity(Self.flushSize + 4096)
    }

    deinit {
        if descriptor >= 0 { Glibc.close(descriptor) }
    }

    /// Appends value `value` of column `column` to `record`, a record being made for `append(record:)`.
    static func encode(column: Int, value: UnsafeRawBufferPointer, into record: ByteBuffer) {
        Varint.append(UInt64(column), to: record)
        Varint.append(UInt64(value.count), to: record)
        record.append(value)
    }

    /// Writes the next record of the entity being written: its values as `encode` laid them out.
    /// - Throws: `AirlockError(.limitExceeded)` past 4 GiB of one entity's values; `.io` when the file cannot be written.
    func append(record: UnsafeRawBufferPointer) throws {
        pending.append(contentsOf: record)
        let end = written + UInt64(pending.count) - segmentBase
        guard end <= UInt64(UInt32.max) else {
            throw AirlockError(.limitExceeded, "an entity sent more than 4 GiB of values", at: SourceLocation(file: path))
        }
        ends.append(UInt32(end))
        if pending.count >= Self.flushSize { try flush() }
    }

    /// Ends the entity being written: its records are in the file from now on, and the next record starts a new one.
    /// - Throws: `AirlockError(.io)` when the file cannot be written.
    func endSegment() throws -> Segment {
        try flush()
        let segment = Segment(base: segmentBase, ends: Self.exactCopy(ends))
        segmentBase = written
        ends.removeAll()
        return segment
    }

    /// The values of record `row` of `segment`.
    /// - Throws: `AirlockError(.io)` when the file cannot be read.
    func values(of row: Int, in segment: Segment) throws -> SentValues {
        let start = row == 0 ? 0 : Int(segment.ends[row - 1])
        var bytes = [UInt8](repeating: 0, count: Int(segment.ends[row]) - start)
        var done = 0
        try bytes.withUnsafeMutableBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            while done < buffer.count {
                let count = pread(descriptor, base + done, buffer.count - done, off_t(segment.base) + off_t(start + done))
                if count < 0, errno == EINTR { continue }
                guard count > 0 else {
                    throw AirlockError(
                        .io, "cannot read back a work file", at: SourceLocation(file: path), cause: String(cString: strerror(errno)))
                }
                done += count
            }
        }
        return SentValues(bytes)
    }

    /// Closes and deletes the file.
    func remove() {
        if descriptor >= 0 { Glibc.close(descriptor) }
        descriptor = -1
        unlink(path)
    }

    // MARK: writing

    private static let flushSize = 1 << 20

    private func flush() throws {
        guard !pending.isEmpty else { return }
        try pending.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            var done = 0
            while done < buffer.count {
                let count = pwrite(descriptor, base + done, buffer.count - done, off_t(written) + off_t(done))
                if count < 0, errno == EINTR { continue }
                guard count > 0 else {
                    throw AirlockError(
                        .io, "cannot write a work file", at: SourceLocation(file: path), cause: String(cString: strerror(errno)))
                }
                done += count
            }
        }
        written += UInt64(pending.count)
        pending.removeAll(keepingCapacity: true)
    }

    private static func exactCopy(_ array: [UInt32]) -> [UInt32] {
        var copy: [UInt32] = []
        copy.reserveCapacity(array.count)
        copy.append(contentsOf: array)
        return copy
    }
}

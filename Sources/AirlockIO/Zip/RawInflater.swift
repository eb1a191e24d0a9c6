import AirlockModel
internal import CZlib

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Inflates the raw deflate stream of a member's stored bytes (`MemberBytes`), from its start or from a read point
/// (`MemberReadPoint`), stopping at each deflate block's end so that the caller can note where the next block starts;
/// a member stored plain is copied as it is.
///
/// Resuming inside a deflate stream needs the input from a block's first bit and the 32 KiB of output before it (RFC
/// 1951, 3.2: a match may refer that far back); zlib's `inflatePrime` and `inflateSetDictionary` take both, as in the
/// `zran` example that ships with zlib.
final class RawInflater {
    /// How much output a match may refer back to.
    static let windowSize = 32 * 1024

    private let descriptor: Int32
    private let member: MemberBytes
    private let location: SourceLocation
    private let stream: UnsafeMutablePointer<z_stream>
    private let input: UnsafeMutableRawPointer
    private static let inputSize = 256 * 1024
    /// The next stored byte to read into `input`, from the member's first.
    private var nextInput: Int64
    private(set) var ended = false

    /// Starts inflating `member` at `point` (its start when nil).
    /// - Throws: `AirlockError(.io)` when the file cannot be opened or read.
    init(_ member: MemberBytes, location: SourceLocation, from point: MemberReadPoint? = nil) throws {
        self.member = member
        self.location = location
        let descriptor = open(member.file, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw AirlockError(.io, "cannot open the file", at: location, cause: String(cString: strerror(errno)))
        }
        self.descriptor = descriptor
        stream = .allocate(capacity: 1)
        stream.initialize(to: z_stream())
        input = .allocate(byteCount: Self.inputSize, alignment: 1)
        nextInput = point?.input ?? 0
        // On a throw from here on, deinit closes the file and ends the stream (`inflateEnd` of one never started is
        // harmless).
        guard member.form == .plain || inflateInit2_(stream, -15, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw AirlockError(.io, "cannot start inflating the member", at: location)
        }
        if let point, member.form == .deflated { try resume(at: point) }
    }

    deinit {
        if member.form == .deflated { inflateEnd(stream) }
        stream.deinitialize(count: 1)
        stream.deallocate()
        input.deallocate()
        close(descriptor)
    }

    /// Stored bytes taken so far, from the member's first, and the bits of the last one not yet used.
    var position: (input: Int64, bits: Int) {
        (nextInput - Int64(stream.pointee.avail_in), Int(stream.pointee.data_type & 7))
    }

    /// Whether the last `inflate(into:)` stopped at the end of a block that is not the stream's last.
    var atBlockEnd: Bool {
        member.form == .deflated && stream.pointee.data_type & 128 != 0 && stream.pointee.data_type & 64 == 0
    }

    /// Inflates into `buffer` until it is full, the stream ends, or a block ends (`atBlockEnd`).
    /// - Returns: the bytes written into `buffer`.
    /// - Throws: `AirlockError(.corruptArchive)` when the stored bytes are not a deflate stream or end before it does.
    func inflate(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        guard !ended, let base = buffer.baseAddress, buffer.count > 0 else { return 0 }
        if member.form == .plain { return try copy(into: buffer) }
        stream.pointee.next_out = base.assumingMemoryBound(to: Bytef.self)
        stream.pointee.avail_out = uInt(min(buffer.count, Int(UInt32.max)))
        let before = Int(stream.pointee.avail_out)
        while stream.pointee.avail_out > 0 {
            // zlib may still hold output with no input left: only the stream's end, or no progress, tells.
            if stream.pointee.avail_in == 0, nextInput < member.storedBytes { try refill() }
            let status = CZlib.inflate(stream, Z_BLOCK)
            if status == Z_STREAM_END {
                ended = true
                break
            }
            if status == Z_BUF_ERROR {
                throw AirlockError(.corruptArchive, "the member's deflated bytes end before its deflate stream does", at: location)
            }
            guard status == Z_OK else {
                let detail = stream.pointee.msg.map { String(cString: $0) } ?? "zlib status \(status)"
                throw AirlockError(.corruptArchive, "the member's deflated bytes are damaged (\(detail))", at: location)
            }
            if atBlockEnd { break }
        }
        return before - Int(stream.pointee.avail_out)
    }

    /// Copies the next stored bytes of a member stored plain.
    private func copy(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        let count = Int(min(Int64(buffer.count), member.storedBytes - nextInput))
        guard count > 0 else {
            ended = true
            return 0
        }
        try readStored(into: UnsafeMutableRawBufferPointer(rebasing: buffer[0..<count]), at: nextInput)
        nextInput += Int64(count)
        return count
    }

    /// Gives zlib the next stored bytes (some are left).
    private func refill() throws {
        let count = Int(min(Int64(Self.inputSize), member.storedBytes - nextInput))
        try readStored(into: UnsafeMutableRawBufferPointer(start: input, count: count), at: nextInput)
        nextInput += Int64(count)
        stream.pointee.next_in = input.assumingMemoryBound(to: Bytef.self)
        stream.pointee.avail_in = uInt(count)
    }

    /// Primes zlib with the bits of the stored byte before `point` and its window.
    private func resume(at point: MemberReadPoint) throws {
        if point.bits > 0 {
            var byte: UInt8 = 0
            try withUnsafeMutableBytes(of: &byte) { try readStored(into: $0, at: point.input - 1) }
            inflatePrime(stream, Int32(point.bits), Int32(byte >> (8 - point.bits)))
        }
        if !point.window.isEmpty {
            let status = point.window.withUnsafeBytes {
                inflateSetDictionary(stream, $0.baseAddress?.assumingMemoryBound(to: Bytef.self), uInt($0.count))
            }
            guard status == Z_OK else { throw AirlockError(.io, "cannot resume inflating the member", at: location) }
        }
    }

    /// Reads stored bytes at `offset` (from the member's first) into `buffer`, whole.
    private func readStored(into buffer: UnsafeMutableRawBufferPointer, at offset: Int64) throws {
        guard let base = buffer.baseAddress else { return }
        var done = 0
        while done < buffer.count {
            let got = pread(descriptor, base + done, buffer.count - done, off_t(member.offset + offset) + off_t(done))
            if got > 0 {
                done += got
            } else if got < 0, errno == EINTR {
                continue
            } else {
                throw AirlockError(
                    .io, "cannot read the member's stored bytes", at: location,
                    cause: got < 0 ? String(cString: strerror(errno)) : "end of file")
            }
        }
    }
}

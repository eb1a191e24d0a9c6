import AirlockModel
internal import CZlib

/// Deflates the bytes it is given into a raw deflate stream (RFC 1951) cut into sections of `sectionSize` input
/// bytes, each deflated as if alone: zlib is reset at every section's start, and each section but the stream's last
/// ends with a sync flush (an empty stored block), so it ends on a byte boundary and refers to nothing before it; the
/// last ends the stream (`Z_FINISH`). A section's deflate bytes therefore depend on its input alone, whoever deflates
/// it: a member written whole and one joined from runs of sections deflated by other processes (`DeflatedRun`) are
/// byte for byte the same. Level 6, 32 KiB window, memory level 8: zlib's defaults, which libarchive's zip writer
/// also uses, so that a member of one section is deflated as libarchive would. The output is the same however the
/// input is split across `write` calls.
public final class SectionedDeflater: ByteSink {
    /// The section size unless told otherwise: large enough that the reset costs nothing measurable in ratio.
    public static let defaultSectionSize = 16 << 20

    private let output: ByteSink
    private let sectionSize: Int
    private let location: SourceLocation
    private let stream: UnsafeMutablePointer<z_stream>
    private let buffer: UnsafeMutablePointer<UInt8>
    private static let bufferSize = 256 * 1024
    /// Input bytes of the current section so far.
    private var sectionFill = 0
    private var run = DeflatedRun()
    private var crc: UInt = 0

    /// Starts a stream whose deflate bytes go to `output`; `location` names the member in errors.
    /// - Throws: `AirlockError(.io)` when zlib cannot start.
    public init(output: ByteSink, sectionSize: Int = SectionedDeflater.defaultSectionSize, location: SourceLocation) throws {
        self.output = output
        self.sectionSize = max(1, sectionSize)
        self.location = location
        stream = .allocate(capacity: 1)
        stream.initialize(to: z_stream())
        buffer = .allocate(capacity: Self.bufferSize)
        let status = deflateInit2_(
            stream, Z_DEFAULT_COMPRESSION, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY, zlibVersion(), Int32(MemoryLayout<z_stream>.size))
        guard status == Z_OK else {
            stream.deinitialize(count: 1)
            stream.deallocate()
            buffer.deallocate()
            throw AirlockError(.io, "cannot start deflating (zlib status \(status))", at: location)
        }
    }

    deinit {
        deflateEnd(stream)
        stream.deinitialize(count: 1)
        stream.deallocate()
        buffer.deallocate()
    }

    public func write(_ bytes: UnsafeRawBufferPointer) throws {
        guard var base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return }
        var remaining = bytes.count
        while remaining > 0 {
            // A full section ends when more input comes: the stream's last ends with `finish`.
            if sectionFill == sectionSize { try endSection() }
            let take = min(remaining, sectionSize - sectionFill, 1 << 30)
            crc = crc32(crc, base, UInt32(take))
            try deflate(base, count: take, flush: Z_NO_FLUSH)
            sectionFill += take
            run.inputBytes += Int64(take)
            base += take
            remaining -= take
        }
    }

    /// Ends the last section: with the stream when `final` (the bytes given are the stream's last), else with a sync
    /// flush (unless it is empty), so that another run may follow; returns what the whole output stands for. Nothing
    /// may be written after.
    /// - Throws: `AirlockError(.io)` when zlib fails, or what `output` throws.
    public func finish(final: Bool) throws -> DeflatedRun {
        if final {
            try deflate(nil, count: 0, flush: Z_FINISH)
        } else if sectionFill > 0 {
            try deflate(nil, count: 0, flush: Z_SYNC_FLUSH)
        }
        sectionFill = 0
        run.crc = UInt32(truncatingIfNeeded: crc)
        return run
    }

    private func endSection() throws {
        try deflate(nil, count: 0, flush: Z_SYNC_FLUSH)
        guard deflateReset(stream) == Z_OK else { throw AirlockError(.io, "cannot reset the deflater", at: location) }
        sectionFill = 0
    }

    /// Feeds `count` bytes at `input` to zlib with `flush`, handing every full output buffer (and, after a flush,
    /// the rest) to `output`.
    private func deflate(_ input: UnsafePointer<UInt8>?, count: Int, flush: Int32) throws {
        stream.pointee.next_in = UnsafeMutablePointer(mutating: input)
        stream.pointee.avail_in = UInt32(count)
        repeat {
            stream.pointee.next_out = buffer
            stream.pointee.avail_out = UInt32(Self.bufferSize)
            let status = CZlib.deflate(stream, flush)
            guard status == Z_OK || status == Z_STREAM_END || status == Z_BUF_ERROR else {
                throw AirlockError(.io, "cannot deflate (zlib status \(status))", at: location)
            }
            let produced = Self.bufferSize - Int(stream.pointee.avail_out)
            if produced > 0 {
                try output.write(UnsafeRawBufferPointer(start: buffer, count: produced))
                run.outputBytes += Int64(produced)
            }
        } while stream.pointee.avail_out == 0 || stream.pointee.avail_in > 0
    }
}

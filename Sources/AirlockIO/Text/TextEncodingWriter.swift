import AirlockModel

/// Writes UTF-8 text to a sink in a chosen encoding: UTF-8 (with or without BOM) or UTF-16 (LE or BE, with BOM).
///
/// Callers hand it UTF-8 bytes; for UTF-16 they are transcoded on the way out. The BOM is written at creation.
public final class TextEncodingWriter {
    public let encoding: TextEncoding
    private let writer: BufferedByteWriter

    /// Starts text in `encoding` on `sink`, writing the byte-order mark first when the encoding has one.
    /// - Throws: the sink's error.
    public init(sink: ByteSink, encoding: TextEncoding) throws {
        self.encoding = encoding
        self.writer = BufferedByteWriter(sink: sink)
        try writer.write(contentsOf: encoding.byteOrderMark)
    }

    /// Writes UTF-8 bytes (valid UTF-8 is assumed: it comes from Airlock's own decoded tables).
    public func write(_ bytes: UnsafeRawBufferPointer) throws {
        guard encoding.isUTF16 else { return try writer.write(bytes) }
        // Transcoded into a scratch block on the stack, handed to the buffer a block at a time.
        let bigEndian = encoding == .utf16BE
        let count = bytes.count
        var index = 0
        try withUnsafeTemporaryAllocation(byteCount: Self.scratchSize, alignment: 8) { scratch in
            var used = 0
            while index < count {
                if used > Self.scratchSize - 4 {
                    try writer.write(UnsafeRawBufferPointer(rebasing: scratch[..<used]))
                    used = 0
                }
                let lead = bytes[index]
                let scalar: UInt32
                switch lead {
                case 0..<0x80:
                    scalar = UInt32(lead)
                    index += 1
                case 0xC0..<0xE0 where index + 1 < count:
                    scalar = UInt32(lead & 0x1F) << 6 | UInt32(bytes[index + 1] & 0x3F)
                    index += 2
                case 0xE0..<0xF0 where index + 2 < count:
                    scalar = UInt32(lead & 0x0F) << 12 | UInt32(bytes[index + 1] & 0x3F) << 6 | UInt32(bytes[index + 2] & 0x3F)
                    index += 3
                case 0xF0...0xF7 where index + 3 < count:
                    scalar =
                        UInt32(lead & 0x07) << 18 | UInt32(bytes[index + 1] & 0x3F) << 12
                        | UInt32(bytes[index + 2] & 0x3F) << 6 | UInt32(bytes[index + 3] & 0x3F)
                    index += 4
                default:
                    throw AirlockError(.encoding, "cannot write text that is not valid UTF-8")
                }
                if scalar >= 0x10000 {
                    let value = scalar - 0x10000
                    Self.put(0xD800 + (value >> 10), at: used, in: scratch, bigEndian)
                    Self.put(0xDC00 + (value & 0x3FF), at: used + 2, in: scratch, bigEndian)
                    used += 4
                } else {
                    Self.put(scalar, at: used, in: scratch, bigEndian)
                    used += 2
                }
            }
            if used > 0 { try writer.write(UnsafeRawBufferPointer(rebasing: scratch[..<used])) }
        }
    }

    /// Bytes of UTF-16 transcoded on the stack before they go to the buffer.
    private static let scratchSize = 4096

    /// Stores one UTF-16 code unit at `offset` of `scratch`.
    @inline(__always)
    private static func put(_ value: UInt32, at offset: Int, in scratch: UnsafeMutableRawBufferPointer, _ bigEndian: Bool) {
        let unit = UInt16(truncatingIfNeeded: value)
        scratch.storeBytes(of: bigEndian ? unit.bigEndian : unit.littleEndian, toByteOffset: offset, as: UInt16.self)
    }

    /// Writes text.
    public func write(_ text: String) throws {
        var text = text
        try text.withUTF8 { try write(UnsafeRawBufferPointer($0)) }
    }

    /// Writes one ASCII byte.
    @inline(__always)
    public func writeASCII(_ byte: UInt8) throws {
        if encoding.isUTF16 {
            try unit(UInt32(byte), encoding == .utf16BE)
        } else {
            try writer.write(byte: byte)
        }
    }

    /// Hands everything buffered to the sink.
    public func flush() throws {
        try writer.flush()
    }

    @inline(__always)
    private func unit(_ value: UInt32, _ bigEndian: Bool) throws {
        if bigEndian {
            try writer.write(byte: UInt8(value >> 8))
            try writer.write(byte: UInt8(value & 0xFF))
        } else {
            try writer.write(byte: UInt8(value & 0xFF))
            try writer.write(byte: UInt8(value >> 8))
        }
    }
}

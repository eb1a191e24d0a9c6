import AirlockModel

/// Turns the bytes of a text file into validated UTF-8, whatever the file's encoding.
///
/// The encoding is detected from the byte-order mark (`TextEncoding.detect`); the mark itself is dropped.
/// UTF-16 (LE or BE) is transcoded; UTF-8 is passed through after validation. A file without a byte-order mark is
/// read in a single-byte code page instead when one is given (`codePage`: Excel's "CSV" save, an F&O format with a
/// Windows code page). Invalid sequences, lone surrogates, bytes the code page leaves undefined and NUL characters
/// are errors naming the line, so a damaged file never turns into mojibake; an invalid UTF-8 byte's error ends with
/// `hint` (the option that names a code page).
public final class TextDecodingStream: ByteStream {
    /// The encoding the file turned out to have (`.utf8` for a file read in `codePage`).
    public let encoding: TextEncoding
    /// The code page the file is read in: the one given, for a file without a byte-order mark; else nil.
    public let codePage: SingleByteCodePage?
    private let upperHalf: [[UInt8]]
    private let hint: String?
    private let base: ByteStream
    private let location: SourceLocation
    private var input: UnsafeMutableRawBufferPointer
    private var inputStart = 0
    private var inputEnd = 0
    private var atEnd = false
    /// UTF-8 validation state carried across reads: bytes of an incomplete sequence still expected.
    private var pendingContinuation = 0
    private var sequenceMinimum: UInt32 = 0
    private var sequenceValue: UInt32 = 0
    /// A UTF-16 high surrogate waiting for its low half.
    private var pendingHighSurrogate: UInt32?
    /// 1-based line of the next byte produced, for error messages.
    public private(set) var line = 1

    /// Wraps `base`, reading its first bytes to detect the encoding.
    /// - Parameters:
    ///   - codePage: the code page of a file without a byte-order mark (nil: UTF-8).
    ///   - hint: said after an invalid UTF-8 byte's error, e.g. which option names the file's code page.
    /// - Throws: the underlying stream's error.
    public init(_ base: ByteStream, location: SourceLocation, codePage: SingleByteCodePage? = nil, hint: String? = nil) throws {
        self.base = base
        self.location = location
        self.hint = hint
        self.input = UnsafeMutableRawBufferPointer.allocate(byteCount: 128 * 1024, alignment: 2)
        // Fill at least four bytes (or to the end) so the BOM can be seen.
        while inputEnd < 4 {
            let n = try base.read(into: UnsafeMutableRawBufferPointer(rebasing: input[inputEnd...]))
            if n == 0 {
                atEnd = true
                break
            }
            inputEnd += n
        }
        let prefix = Array(input[0..<min(inputEnd, 4)])
        encoding = TextEncoding.detect(prefix)
        inputStart = encoding.byteOrderMark.count
        self.codePage = encoding == .utf8 ? codePage : nil
        upperHalf = self.codePage?.upperHalf ?? []
    }

    deinit {
        input.deallocate()
    }

    public func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        guard buffer.count >= 4 else {
            throw AirlockError(.io, "read buffer too small for text decoding", at: location)
        }
        while true {
            if inputStart == inputEnd || (encoding.isUTF16 && inputEnd - inputStart < 2) {
                try refill()
                if inputStart == inputEnd || (encoding.isUTF16 && inputEnd - inputStart < 2) {
                    try finish()
                    return 0
                }
            }
            let produced =
                encoding.isUTF16
                ? try transcodeUTF16(into: buffer) : codePage != nil ? try transcodeSingleByte(into: buffer) : try passUTF8(into: buffer)
            if produced > 0 { return produced }
        }
    }

    private func refill() throws {
        if atEnd { return }
        let leftover = inputEnd - inputStart
        if leftover > 0, inputStart > 0 {
            UnsafeMutableRawBufferPointer(rebasing: input[0..<leftover])
                .copyMemory(from: UnsafeRawBufferPointer(rebasing: input[inputStart..<inputEnd]))
        }
        inputStart = 0
        inputEnd = leftover
        let n = try base.read(into: UnsafeMutableRawBufferPointer(rebasing: input[inputEnd...]))
        if n == 0 { atEnd = true } else { inputEnd += n }
    }

    private func finish() throws {
        if pendingContinuation > 0 {
            throw failure("the text ends in the middle of a UTF-8 sequence")
        }
        if pendingHighSurrogate != nil {
            throw failure("the text ends with an unpaired UTF-16 surrogate")
        }
        if encoding.isUTF16 && inputEnd - inputStart == 1 {
            throw failure("the UTF-16 text has an odd number of bytes (truncated?)")
        }
    }

    private func failure(_ message: String) -> AirlockError {
        var place = location
        place.line = line
        return AirlockError(.encoding, message, at: place)
    }

    /// Transcodes single-byte code page text to UTF-8, leaving room for a 3-byte sequence at the end of `buffer`.
    private func transcodeSingleByte(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        var out = 0
        let limit = buffer.count - 3
        while inputStart < inputEnd && out <= limit {
            let byte = input[inputStart]
            if byte < 0x80 {
                if byte == 0x0A {
                    line += 1
                } else if byte == 0 {
                    throw failure("the text contains a NUL byte")
                }
                buffer[out] = byte
                out += 1
            } else {
                let bytes = upperHalf[Int(byte) - 0x80]
                guard !bytes.isEmpty else {
                    throw failure(
                        "byte 0x\(String(byte, radix: 16, uppercase: true)) is no character in \(codePage?.rawValue ?? "the code page") (is the file in another code page?)"
                    )
                }
                for (offset, value) in bytes.enumerated() { buffer[out + offset] = value }
                out += bytes.count
            }
            inputStart += 1
        }
        return out
    }

    /// Validates and copies UTF-8 bytes.
    private func passUTF8(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        let count = min(buffer.count, inputEnd - inputStart)
        let source = UnsafeRawBufferPointer(rebasing: input[inputStart..<(inputStart + count)])
        var index = 0
        while index < count {
            let byte = source[index]
            if pendingContinuation == 0 {
                if byte < 0x80 {
                    if byte == 0x0A {
                        line += 1
                    } else if byte == 0 {
                        throw failure("the text contains a NUL byte")
                    }
                    index += 1
                    continue
                }
                switch byte {
                case 0xC2...0xDF:
                    pendingContinuation = 1
                    sequenceMinimum = 0x80
                    sequenceValue = UInt32(byte & 0x1F)
                case 0xE0...0xEF:
                    pendingContinuation = 2
                    sequenceMinimum = 0x800
                    sequenceValue = UInt32(byte & 0x0F)
                case 0xF0...0xF4:
                    pendingContinuation = 3
                    sequenceMinimum = 0x10000
                    sequenceValue = UInt32(byte & 0x07)
                default:
                    throw failure(
                        "invalid UTF-8 byte 0x\(String(byte, radix: 16, uppercase: true)) (is the file in another encoding?)\(hint.map { "; \($0)" } ?? "")"
                    )
                }
            } else {
                guard byte & 0xC0 == 0x80 else {
                    throw failure(
                        "invalid UTF-8 sequence (a lead byte is not followed by its continuation bytes)\(hint.map { "; \($0)" } ?? "")")
                }
                sequenceValue = sequenceValue << 6 | UInt32(byte & 0x3F)
                pendingContinuation -= 1
                if pendingContinuation == 0 {
                    if sequenceValue < sequenceMinimum || (0xD800...0xDFFF).contains(sequenceValue) || sequenceValue > 0x10FFFF {
                        throw failure("invalid UTF-8 sequence (overlong form or surrogate code point)")
                    }
                }
            }
            index += 1
        }
        buffer.copyMemory(from: source)
        inputStart += count
        return count
    }

    /// The four UTF-16 code units at `offset` of the input as the lanes of a word (unit `i` in bits `16 i ..< 16 i + 16`),
    /// when each is an ASCII character other than NUL; nil otherwise (the units then go one at a time).
    @inline(__always)
    private func asciiUnits(at offset: Int, bigEndian: Bool) -> UInt64? {
        let lowBytes: UInt64 = 0x00FF_00FF_00FF_00FF
        var units = UnsafeRawBufferPointer(input).loadUnaligned(fromByteOffset: offset, as: UInt64.self)
        units = UInt64(littleEndian: units)
        if bigEndian { units = (units & lowBytes) << 8 | (units >> 8) & lowBytes }
        // Every unit below 0x80, and none zero: a unit from 1 to 0x7F keeps bit 7 set once 0x80 is added and 1 taken.
        let ones: UInt64 = 0x0001_0001_0001_0001
        let high: UInt64 = 0x0080_0080_0080_0080
        guard units & 0xFF80_FF80_FF80_FF80 == 0, ((units | high) &- ones) & high == high else { return nil }
        return units
    }

    /// Transcodes UTF-16 code units to UTF-8, leaving room for a 4-byte sequence at the end of `buffer`.
    private func transcodeUTF16(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        let bigEndian = encoding == .utf16BE
        var out = 0
        let limit = buffer.count - 4
        while inputEnd - inputStart >= 2 && out <= limit {
            // Four ASCII characters at a time (most of an export), while no surrogate is pending.
            if pendingHighSurrogate == nil, inputEnd - inputStart >= 8, out + 4 <= buffer.count,
                let units = asciiUnits(at: inputStart, bigEndian: bigEndian)
            {
                for lane in 0..<4 {
                    let byte = UInt8(truncatingIfNeeded: units >> (16 * UInt64(lane)))
                    if byte == 0x0A { line += 1 }
                    buffer[out + lane] = byte
                }
                inputStart += 8
                out += 4
                continue
            }
            let b0 = UInt32(input[inputStart])
            let b1 = UInt32(input[inputStart + 1])
            let unit = bigEndian ? b0 << 8 | b1 : b1 << 8 | b0
            inputStart += 2
            var scalar: UInt32
            if let high = pendingHighSurrogate {
                guard (0xDC00...0xDFFF).contains(unit) else { throw failure("a UTF-16 high surrogate is not followed by a low surrogate") }
                pendingHighSurrogate = nil
                scalar = 0x10000 + ((high - 0xD800) << 10) + (unit - 0xDC00)
            } else if (0xD800...0xDBFF).contains(unit) {
                pendingHighSurrogate = unit
                continue
            } else if (0xDC00...0xDFFF).contains(unit) {
                throw failure("a lone UTF-16 low surrogate")
            } else {
                scalar = unit
            }
            switch scalar {
            case 0:
                throw failure("the text contains a NUL character")
            case 0x01..<0x80:
                if scalar == 0x0A { line += 1 }
                buffer[out] = UInt8(scalar)
                out += 1
            case 0x80..<0x800:
                buffer[out] = UInt8(0xC0 | scalar >> 6)
                buffer[out + 1] = UInt8(0x80 | scalar & 0x3F)
                out += 2
            case 0x800..<0x10000:
                buffer[out] = UInt8(0xE0 | scalar >> 12)
                buffer[out + 1] = UInt8(0x80 | (scalar >> 6) & 0x3F)
                buffer[out + 2] = UInt8(0x80 | scalar & 0x3F)
                out += 3
            default:
                buffer[out] = UInt8(0xF0 | scalar >> 18)
                buffer[out + 1] = UInt8(0x80 | (scalar >> 12) & 0x3F)
                buffer[out + 2] = UInt8(0x80 | (scalar >> 6) & 0x3F)
                buffer[out + 3] = UInt8(0x80 | scalar & 0x3F)
                out += 4
            }
        }
        return out
    }
}

internal import CZlib

/// What a run of raw deflate output stands for: the CRC-32 and length of the bytes deflated and the length of the
/// deflate bytes. Runs deflated apart, each but the last ending on a byte boundary with a block that does not end the
/// stream (RFC 1951 §3.2.3: only a block with `BFINAL` set does), join into one stream by concatenation, and their
/// descriptions by `followed(by:)` (`SectionedDeflater`).
public struct DeflatedRun: Codable, Equatable, Sendable {
    /// CRC-32 (ISO 3309, as zip uses it) of the bytes deflated.
    public var crc: UInt32
    /// How many bytes were deflated.
    public var inputBytes: Int64
    /// How many deflate bytes they became.
    public var outputBytes: Int64

    public init(crc: UInt32 = 0, inputBytes: Int64 = 0, outputBytes: Int64 = 0) {
        self.crc = crc
        self.inputBytes = inputBytes
        self.outputBytes = outputBytes
    }

    /// This run with `next` after it: the CRC of both inputs in order (zlib's `crc32_combine`), the lengths added.
    public func followed(by next: DeflatedRun) -> DeflatedRun {
        DeflatedRun(
            crc: UInt32(truncatingIfNeeded: crc32_combine(UInt(crc), UInt(next.crc), Int(next.inputBytes))),
            inputBytes: inputBytes + next.inputBytes, outputBytes: outputBytes + next.outputBytes)
    }
}

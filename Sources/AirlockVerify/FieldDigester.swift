import AirlockModel

/// Builds the 128-bit digest of one record's compared values in canonical form (`FieldRule.appendSent` for a sent
/// record, `appendFound` for an export's): each value's canonical bytes after their length (a byte, or 255 and four
/// bytes from 255 on), hashed with MurmurHash3 (x64, 128-bit). A sent record and an export record give the same digest exactly when every value
/// digested compares equal, up to a collision (about 2⁻¹²⁸).
struct FieldDigester {
    /// The canonical forms of the values added (its own: a digester is not shared).
    private let buffer = ByteBuffer()

    func reset() {
        buffer.removeAll()
    }

    /// Adds a value sent.
    func addSent(_ value: UnsafeRawBufferPointer, rule: FieldRule) {
        let start = beginValue()
        rule.appendSent(value, to: buffer)
        endValue(from: start)
    }

    /// Adds a value found in an export (for Sales, decoded as the Configuration Migration reader decodes it).
    func addFound(_ value: UnsafeRawBufferPointer, rule: FieldRule, decimalSeparator: UInt8?) {
        let start = beginValue()
        rule.appendFound(value, decimalSeparator: decimalSeparator, to: buffer)
        endValue(from: start)
    }

    /// The digest of the values added since `reset`.
    func digest() -> RecordDigest {
        buffer.withBytes { RecordDigest(of: $0) }
    }

    /// Makes room for a value's length byte; returns where it is.
    private func beginValue() -> Int {
        buffer.append(0)
        return buffer.count - 1
    }

    /// Writes the length of the value after `start`, so that the values' boundaries are part of the digest.
    private func endValue(from start: Int) {
        let length = buffer.count - start - 1
        guard length >= 255 else {
            buffer[start] = UInt8(length)
            return
        }
        // A long value: 255, then its length in four bytes, then the value.
        let value = buffer.withBytes(from: start + 1) { Array($0) }
        buffer.truncate(to: start)
        buffer.append(255)
        withUnsafeBytes(of: UInt32(truncatingIfNeeded: length).littleEndian) { buffer.append($0) }
        buffer.append(value)
    }
}

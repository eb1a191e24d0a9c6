import AirlockModel

/// Builds the 128-bit digest of one record's compared values in canonical form (`FieldRule.appendSent` for a sent
/// record, `appendFound` for an export's): each value's canonical bytes followed by their length (4 bytes), hashed
/// with MurmurHash3 (x64, 128-bit). A sent record and an export record give the same digest exactly when every value
/// digested compares equal, up to a collision (about 2⁻¹²⁸).
struct FieldDigester {
    private var buffer: [UInt8] = []

    init() {
        buffer.reserveCapacity(1024)
    }

    mutating func reset() {
        buffer.removeAll(keepingCapacity: true)
    }

    /// Adds a value sent.
    mutating func addSent(_ value: UnsafeRawBufferPointer, rule: FieldRule) {
        let start = buffer.count
        rule.appendSent(value, to: &buffer)
        endValue(from: start)
    }

    /// Adds a value found in an export (for Sales, decoded as the Configuration Migration reader decodes it).
    mutating func addFound(_ value: UnsafeRawBufferPointer, rule: FieldRule, decimalSeparator: UInt8?) {
        let start = buffer.count
        rule.appendFound(value, decimalSeparator: decimalSeparator, to: &buffer)
        endValue(from: start)
    }

    /// The digest of the values added since `reset`.
    func digest() -> RecordDigest {
        buffer.withUnsafeBytes { RecordDigest(of: $0) }
    }

    /// Ends a value with its length, so that the values' boundaries are part of the digest.
    private mutating func endValue(from start: Int) {
        let length = UInt32(truncatingIfNeeded: buffer.count - start).littleEndian
        withUnsafeBytes(of: length) { buffer.append(contentsOf: $0) }
    }
}

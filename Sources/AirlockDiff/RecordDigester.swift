import AirlockReconcile
import Crypto

/// Builds a record's `RecordDigest` from its compared values, in the entity's compared-column order, and a 16-bit
/// fingerprint per value (for the changed-field counts).
///
/// Values are taken as read, with one trivial normalisation: a single trailing carriage return is dropped (a
/// CR LF file read as LF). A missing value and an empty one are the same (F&O CSV has no null; CMT omits null
/// fields).
struct RecordDigester {
    private var buffer: [UInt8] = []
    /// The fingerprints of the values added since `reset`, in order.
    private(set) var prints: [UInt16] = []

    init() {
        buffer.reserveCapacity(1024)
    }

    mutating func reset() {
        buffer.removeAll(keepingCapacity: true)
        prints.removeAll(keepingCapacity: true)
    }

    /// Adds one compared value.
    mutating func add(_ bytes: UnsafeRawBufferPointer?) {
        var value = bytes ?? UnsafeRawBufferPointer(start: nil, count: 0)
        if let last = value.last, last == 0x0D { value = UnsafeRawBufferPointer(rebasing: value.dropLast()) }
        appendLength(value.count)
        buffer.append(contentsOf: value)
        prints.append(UInt16(truncatingIfNeeded: KeyDigester.finalised(KeyDigester.fnv1a(value))))
    }

    /// Adds bytes to the digest without a fingerprint (an attribute or nested member of the last value).
    mutating func addToLast(_ bytes: UnsafeRawBufferPointer?) {
        let value = bytes ?? UnsafeRawBufferPointer(start: nil, count: 0)
        appendLength(value.count)
        buffer.append(contentsOf: value)
        guard let last = prints.last else { return }
        prints[prints.count - 1] = UInt16(truncatingIfNeeded: KeyDigester.finalised(KeyDigester.fnv1a(value, continuing: UInt64(last))))
    }

    /// The digest of everything added since `reset`.
    func digest() -> RecordDigest {
        let hash = SHA256.hash(data: buffer)
        var high: UInt64 = 0
        var low: UInt64 = 0
        for (index, byte) in hash.prefix(16).enumerated() {
            if index < 8 { high = high << 8 | UInt64(byte) } else { low = low << 8 | UInt64(byte) }
        }
        return RecordDigest(high: high, low: low)
    }

    private mutating func appendLength(_ count: Int) {
        var rest = UInt64(count)
        while rest >= 0x80 {
            buffer.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        buffer.append(UInt8(rest))
    }
}

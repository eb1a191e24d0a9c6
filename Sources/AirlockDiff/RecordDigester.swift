import AirlockModel
import AirlockReconcile

/// Builds a record's `RecordDigest` from its compared values, in the entity's compared-column order, and a 16-bit
/// fingerprint per value (for the changed-field counts).
///
/// Values are taken as read, with one trivial normalisation: a single trailing carriage return is dropped (a
/// CR LF file read as LF). A missing value and an empty one are the same (F&O CSV has no null; CMT omits null
/// fields).
struct RecordDigester {
    private var buffer: [UInt8] = []
    /// The fingerprints of the values added since `reset`, in order (empty without `fingerprints`).
    private(set) var prints: [UInt16] = []
    /// Whether `add` takes each value's fingerprint; off where only the digest is wanted first (a new record,
    /// whose fingerprints matter only when its digest differs, see `fingerprint(_:)`).
    let fingerprints: Bool

    init(fingerprints: Bool = true) {
        self.fingerprints = fingerprints
        buffer.reserveCapacity(1024)
    }

    mutating func reset() {
        buffer.removeAll(keepingCapacity: true)
        prints.removeAll(keepingCapacity: true)
    }

    /// Adds one compared value.
    mutating func add(_ bytes: UnsafeRawBufferPointer?) {
        let value = Self.normalised(bytes)
        appendLength(value.count)
        append(value)
        if fingerprints { prints.append(UInt16(truncatingIfNeeded: KeyDigester.finalised(KeyDigester.fnv1a(value)))) }
    }

    /// The fingerprint `add` takes of a value.
    static func fingerprint(_ bytes: UnsafeRawBufferPointer?) -> UInt16 {
        UInt16(truncatingIfNeeded: KeyDigester.finalised(KeyDigester.fnv1a(normalised(bytes))))
    }

    /// Adds bytes to the digest without a fingerprint (an attribute or nested member of the last value).
    mutating func addToLast(_ bytes: UnsafeRawBufferPointer?) {
        let value = bytes ?? UnsafeRawBufferPointer(start: nil, count: 0)
        appendLength(value.count)
        append(value)
        guard let last = prints.last else { return }
        prints[prints.count - 1] = UInt16(truncatingIfNeeded: KeyDigester.finalised(KeyDigester.fnv1a(value, continuing: UInt64(last))))
    }

    /// The digest of everything added since `reset`: MurmurHash3 (x64, 128-bit) of the length-prefixed values.
    func digest() -> RecordDigest {
        buffer.withUnsafeBytes { RecordDigest(of: $0) }
    }

    /// A value as compared: missing is empty, and a single trailing carriage return is dropped.
    private static func normalised(_ bytes: UnsafeRawBufferPointer?) -> UnsafeRawBufferPointer {
        guard let bytes else { return UnsafeRawBufferPointer(start: nil, count: 0) }
        if let last = bytes.last, last == 0x0D { return UnsafeRawBufferPointer(rebasing: bytes.dropLast()) }
        return bytes
    }

    /// Appends bytes to the buffer in one copy.
    private mutating func append(_ value: UnsafeRawBufferPointer) {
        guard !value.isEmpty else { return }
        buffer.append(contentsOf: value.bindMemory(to: UInt8.self))
    }

    private mutating func appendLength(_ count: Int) {
        Varint.append(UInt64(count), to: &buffer)
    }
}

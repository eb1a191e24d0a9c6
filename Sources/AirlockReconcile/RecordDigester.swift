import AirlockModel

/// Builds a record's `RecordDigest` from its compared values, in the entity's compared-column order, and a 16-bit
/// fingerprint per value (for the changed-field counts).
///
/// A missing value and an empty one are the same (F&O CSV has no null; CMT omits null fields). By default a single
/// trailing carriage return is dropped too (a CR LF file read as LF: `diff`); `exact` digesters take the bytes as
/// they are (`convert --since`, which compares the bytes the exports' tables hold).
public struct RecordDigester: Sendable {
    /// The length-prefixed values added since `reset`: the first `used` bytes (written in place, the array only
    /// growing, so that a value costs one copy and no per-byte appends).
    private var buffer = [UInt8](repeating: 0, count: 1024)
    private var used = 0
    /// The fingerprints of the values added since `reset`, in order (empty without `fingerprints`).
    public private(set) var prints: [UInt16] = []
    /// Whether `add` takes each value's fingerprint; off where only the digest is wanted first (a new record,
    /// whose fingerprints matter only when its digest differs, see `fingerprint(_:)`).
    public let fingerprints: Bool
    /// Whether values are taken as they are, a trailing carriage return included.
    public let exact: Bool

    public init(fingerprints: Bool = true, exact: Bool = false) {
        self.fingerprints = fingerprints
        self.exact = exact
    }

    public mutating func reset() {
        used = 0
        prints.removeAll(keepingCapacity: true)
    }

    /// Adds one compared value.
    public mutating func add(_ bytes: UnsafeRawBufferPointer?) {
        let value = exact ? bytes ?? UnsafeRawBufferPointer(start: nil, count: 0) : Self.normalised(bytes)
        write(value)
        if fingerprints { prints.append(UInt16(truncatingIfNeeded: KeyDigester.finalised(KeyDigester.fnv1a(value)))) }
    }

    /// The fingerprint `add` takes of a value (of a digester that is not `exact`).
    public static func fingerprint(_ bytes: UnsafeRawBufferPointer?) -> UInt16 {
        UInt16(truncatingIfNeeded: KeyDigester.finalised(KeyDigester.fnv1a(normalised(bytes))))
    }

    /// Adds bytes to the digest without a fingerprint (an attribute or nested member of the last value).
    public mutating func addToLast(_ bytes: UnsafeRawBufferPointer?) {
        let value = bytes ?? UnsafeRawBufferPointer(start: nil, count: 0)
        write(value)
        guard let last = prints.last else { return }
        prints[prints.count - 1] = UInt16(truncatingIfNeeded: KeyDigester.finalised(KeyDigester.fnv1a(value, continuing: UInt64(last))))
    }

    /// Bytes added since `reset` (values and their lengths).
    public var byteCount: Int { used }

    /// The digest of everything added since `reset`: MurmurHash3 (x64, 128-bit) of the length-prefixed values.
    public func digest() -> RecordDigest {
        let used = used
        let hash = buffer.withUnsafeBytes { MurmurHash3.hash128(UnsafeRawBufferPointer(rebasing: $0[..<used])) }
        return RecordDigest(high: hash.h1, low: hash.h2)
    }

    /// A value as compared: missing is empty, and a single trailing carriage return is dropped.
    private static func normalised(_ bytes: UnsafeRawBufferPointer?) -> UnsafeRawBufferPointer {
        guard let bytes else { return UnsafeRawBufferPointer(start: nil, count: 0) }
        if let last = bytes.last, last == 0x0D { return UnsafeRawBufferPointer(rebasing: bytes.dropLast()) }
        return bytes
    }

    /// Writes `value`'s length (LEB128) and bytes after those added so far.
    private mutating func write(_ value: UnsafeRawBufferPointer) {
        let count = value.count
        let start = used
        if start + count + 10 > buffer.count {
            buffer.append(contentsOf: repeatElement(0, count: max(buffer.count, count + 10)))
        }
        used = buffer.withUnsafeMutableBytes { out in
            var at = start
            var rest = UInt64(count)
            while rest >= 0x80 {
                out[at] = UInt8(truncatingIfNeeded: rest) | 0x80
                rest >>= 7
                at += 1
            }
            out[at] = UInt8(rest)
            at += 1
            if count > 0 { UnsafeMutableRawBufferPointer(rebasing: out[at..<(at + count)]).copyMemory(from: value) }
            return at + count
        }
    }
}

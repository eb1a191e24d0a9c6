import AirlockModel

/// Builds a record's `RecordDigest` from its compared values, in the entity's compared-column order, and a 16-bit
/// fingerprint per value (for the changed-field counts).
///
/// Each value is hashed on its own (`ValueHash`, 64 bits: its fingerprint is the hash's top 16 bits), and the
/// digest is MurmurHash3 (x64, 128-bit) of those hashes in order (`MurmurHash3.WordHasher`), so a value costs one
/// pass over its bytes and nothing is copied or kept. Two records whose values differ share a digest only when a changed value shares its 64-bit hash with the
/// old one (about 2⁻⁶⁴ for values not crafted to collide).
///
/// A missing value and an empty one are the same (F&O CSV has no null; CMT omits null fields). By default a single
/// trailing carriage return is dropped too (a CR LF file read as LF: `diff`); `exact` digesters take the bytes as
/// they are (`convert --since`, which compares the bytes the exports' tables hold).
public struct RecordDigester: Sendable {
    /// The digest so far, of the hashes of the values (and parts) added since `reset`, in order.
    @usableFromInline var words = MurmurHash3.WordHasher()
    /// Value bytes added since `reset`, one more per value (`byteCount`).
    @usableFromInline var bytes = 0
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
        if fingerprints { prints.reserveCapacity(64) }
    }

    public mutating func reset() {
        words.reset()
        if !prints.isEmpty { prints.removeAll(keepingCapacity: true) }
        bytes = 0
    }

    /// Adds one compared value.
    @inlinable
    public mutating func add(_ bytes: UnsafeRawBufferPointer?) {
        let value = exact ? bytes ?? UnsafeRawBufferPointer(start: nil, count: 0) : Self.normalised(bytes)
        add(hash: ValueHash.hash(value), count: value.count)
    }

    /// Adds one compared value's fingerprint alone, where the record's digest is taken another way (a whole
    /// delimited record, in `diff`).
    @inlinable
    public mutating func addFingerprint(_ bytes: UnsafeRawBufferPointer?) {
        appendPrint(Self.fingerprint(bytes))
    }

    /// The fingerprint `add` takes of a value (of a digester that is not `exact`).
    @inlinable
    public static func fingerprint(_ bytes: UnsafeRawBufferPointer?) -> UInt16 {
        fingerprint(of: ValueHash.hash(normalised(bytes)))
    }

    /// Adds bytes to the digest without a fingerprint of their own (an attribute or nested member of the last
    /// value): they count as a part of their own in the digest, and change the last value's fingerprint.
    public mutating func addToLast(_ bytes: UnsafeRawBufferPointer?) {
        let value = bytes ?? UnsafeRawBufferPointer(start: nil, count: 0)
        let hash = ValueHash.hash(value)
        words.add(hash)
        self.bytes += value.count + 1
        guard let last = prints.last else { return }
        prints[prints.count - 1] = Self.fingerprint(of: ValueHash.combine(UInt64(last), hash))
    }

    /// Bytes added since `reset` (values, and one a value for its boundary).
    public var byteCount: Int { bytes }

    /// The digest of everything added since `reset`: MurmurHash3 (x64, 128-bit) of the values' hashes in order.
    public func digest() -> RecordDigest {
        let hash = words.finish()
        return RecordDigest(high: hash.h1, low: hash.h2)
    }

    @inlinable
    mutating func add(hash: UInt64, count: Int) {
        words.add(hash)
        bytes += count + 1
        if fingerprints { appendPrint(Self.fingerprint(of: hash)) }
    }

    @usableFromInline
    mutating func appendPrint(_ print: UInt16) { prints.append(print) }

    @inlinable
    static func fingerprint(of hash: UInt64) -> UInt16 { UInt16(truncatingIfNeeded: hash >> 48) }

    /// A value as compared: missing is empty, and a single trailing carriage return is dropped.
    @inlinable
    static func normalised(_ bytes: UnsafeRawBufferPointer?) -> UnsafeRawBufferPointer {
        guard let bytes, let last = bytes.last else { return UnsafeRawBufferPointer(start: nil, count: 0) }
        if last == 0x0D { return UnsafeRawBufferPointer(rebasing: bytes.dropLast()) }
        return bytes
    }
}

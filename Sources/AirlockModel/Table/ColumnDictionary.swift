#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The distinct values of a dictionary-encoded `TableColumn`, each stored once and numbered by first
/// appearance, with a small open-addressing table that finds a value's code while the column is built.
///
/// It holds at most `maxEntries` values and `maxBytes` of text; `code(of:)` answers nil past either, and the
/// column then goes back to one copy per row.
@usableFromInline
struct ColumnDictionary: Sendable {
    /// Codes are one byte.
    static let maxEntries = 256
    /// A column of few but long values (notes, addresses) is not worth a dictionary.
    static let maxBytes = 64 * 1024
    /// Twice `maxEntries`: the table is at most half full.
    private static let slotCount = 512

    /// The values end to end; entry `code` ends at `ends[code]` and starts where the previous one ends.
    @usableFromInline private(set) var bytes = ByteStore(capacity: 0)
    @usableFromInline private(set) var ends: [UInt32] = []
    /// Per slot: an entry's code + 1, or 0 when empty. Allocated at the first value.
    private var slots: [UInt16] = []
    /// The code found last: a column that repeats one value (a company, a currency) costs one comparison a row.
    private var lastCode = -1

    @usableFromInline init() {}

    /// Number of distinct values.
    var count: Int { ends.count }

    /// Calls `body` with the bytes of entry `code`.
    @inlinable
    func withEntry<R>(_ code: Int, _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        let start = code == 0 ? 0 : Int(ends[code - 1])
        let end = Int(ends[code])
        return try bytes.withBytes { raw in try body(UnsafeRawBufferPointer(rebasing: raw[start..<end])) }
    }

    /// The code of `value`, which is added when new; nil when it is new and the dictionary is full.
    @usableFromInline
    mutating func code(of value: UnsafeRawBufferPointer) -> UInt8? {
        if lastCode >= 0, entry(lastCode, equals: value) { return UInt8(truncatingIfNeeded: lastCode) }
        if slots.isEmpty { slots = [UInt16](repeating: 0, count: Self.slotCount) }
        let mask = Self.slotCount - 1
        var slot = Self.hash(value) & mask
        while slots[slot] != 0 {
            let code = Int(slots[slot]) - 1
            if entry(code, equals: value) {
                lastCode = code
                return UInt8(truncatingIfNeeded: code)
            }
            slot = (slot + 1) & mask
        }
        guard count < Self.maxEntries, bytes.count + value.count <= Self.maxBytes else { return nil }
        bytes.append(value)
        ends.append(UInt32(truncatingIfNeeded: bytes.count))
        lastCode = count - 1
        slots[slot] = UInt16(truncatingIfNeeded: count)
        return UInt8(truncatingIfNeeded: lastCode)
    }

    private func entry(_ code: Int, equals value: UnsafeRawBufferPointer) -> Bool {
        withEntry(code) { entry in
            entry.hasSameBytes(as: value)
        }
    }

    /// A 64-bit multiply-and-shift mix of the bytes, eight at a time (deterministic: no per-process seed).
    private static func hash(_ value: UnsafeRawBufferPointer) -> Int {
        var hash: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(truncatingIfNeeded: value.count)
        var offset = 0
        while offset + 8 <= value.count {
            hash = (hash ^ value.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* 0xBF58_476D_1CE4_E5B9
            hash ^= hash >> 31
            offset += 8
        }
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        while offset < value.count {
            tail |= UInt64(value[offset]) << shift
            shift += 8
            offset += 1
        }
        hash = (hash ^ tail) &* 0x94D0_49BB_1331_11EB
        hash ^= hash >> 29
        return Int(truncatingIfNeeded: hash >> 16)
    }
}

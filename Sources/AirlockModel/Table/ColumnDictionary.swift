#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The distinct values of a dictionary-encoded `TableColumn`, each stored once and numbered by first
/// appearance, with an open-addressing table that finds a value's code while the column is built.
///
/// A dictionary has a size (`Size`): one-byte codes for few values (a company, a currency, a status), two-byte codes
/// for the many values that repeat (dates, prices, street names, a lookup's display name). It holds at most its
/// size's entries and text; `code(of:)` answers nil past either, and the column then leaves this form.
@usableFromInline
struct ColumnDictionary: Sendable {
    /// How many values a dictionary holds, and so how wide its codes are.
    @usableFromInline
    enum Size: Sendable {
        /// Codes of one byte: up to 256 values and 64 KiB of text (a column of few but long values, notes or
        /// addresses, is not worth one).
        case narrow
        /// Codes of two bytes: up to 65,535 values and 16 MiB of text.
        case wide

        var maxEntries: Int { self == .narrow ? 256 : 65_535 }
        var maxBytes: Int { self == .narrow ? 64 * 1024 : 16 * 1024 * 1024 }
    }

    /// The values end to end; entry `code` ends at `ends[code]` and starts where the previous one ends.
    @usableFromInline private(set) var bytes = ByteStore(capacity: 0)
    @usableFromInline private(set) var ends: [UInt32] = []
    /// Per slot: an entry's code + 1, or 0 when empty; at most half full. Allocated at the first value and let go by
    /// `dropLookup()` (made again at the next `code(of:)`).
    private var slots: [UInt16] = []
    /// The code found last: a column that repeats one value (a company, a currency) costs one comparison a row.
    private var lastCode = -1
    @usableFromInline private(set) var size: Size

    @usableFromInline init(size: Size = .narrow) {
        self.size = size
    }

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
    mutating func code(of value: UnsafeRawBufferPointer) -> Int? {
        if lastCode >= 0, entry(lastCode, equals: value) { return lastCode }
        // Grown while the table would be more than half full, up to its size's most.
        if slots.count < 2 * (count + 1), slots.count < 2 * size.maxEntries { rehash() }
        let mask = slots.count - 1
        var slot = Self.hash(value) & mask
        while slots[slot] != 0 {
            let code = Int(slots[slot]) - 1
            if entry(code, equals: value) {
                lastCode = code
                return code
            }
            slot = (slot + 1) & mask
        }
        guard count < size.maxEntries, bytes.count + value.count <= size.maxBytes else { return nil }
        bytes.append(value)
        ends.append(UInt32(truncatingIfNeeded: bytes.count))
        lastCode = count - 1
        slots[slot] = UInt16(truncatingIfNeeded: count)
        return lastCode
    }

    /// Makes room for `entries` values of `byteCount` bytes in all (a dictionary read back whole), so that adding them
    /// leaves none over: grown by doubling as they come, its buffers would hold up to twice as much.
    mutating func reserve(entries: Int, byteCount: Int) {
        bytes.reserve(byteCount)
        ends.reserveCapacity(entries)
    }

    /// The same values with room for a wide dictionary's.
    func widened() -> ColumnDictionary {
        var wide = self
        wide.size = .wide
        return wide
    }

    /// Lets go of the lookup table (a wide one's is up to 256 KiB), for a column that is complete; the next
    /// `code(of:)` makes it again.
    mutating func dropLookup() {
        slots = []
        lastCode = -1
    }

    /// Makes the lookup table twice the size the entries need (at least 512 slots, at most twice the size's
    /// entries) and enters every entry.
    private mutating func rehash() {
        var slotCount = 512
        while slotCount < 2 * (count + 1) { slotCount *= 2 }
        slotCount = min(slotCount, 2 * Self.powerOfTwo(atLeast: size.maxEntries))
        guard slotCount > slots.count else { return }
        var grown = [UInt16](repeating: 0, count: slotCount)
        let mask = slotCount - 1
        for code in 0..<count {
            var slot = withEntry(code) { Self.hash($0) } & mask
            while grown[slot] != 0 { slot = (slot + 1) & mask }
            grown[slot] = UInt16(truncatingIfNeeded: code + 1)
        }
        slots = grown
    }

    private static func powerOfTwo(atLeast value: Int) -> Int {
        var power = 1
        while power < value { power *= 2 }
        return power
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

import AirlockModel
import AirlockPackages

/// The record ids of one sent Sales entity as 128-bit numbers, found through an open-addressing table (at most 70 %
/// full): 16 bytes a record and a few bytes of slots, instead of the id's 36 characters under a text key index.
///
/// An id looked up is read as Configuration Migration reads a GUID (`CMTValueCodec.guidValue`: any case, braces,
/// with or without hyphens, surrounding whitespace), so it finds what matching the id as written, case-insensitively
/// and trimmed, then as a canonical GUID finds. Of two records with one id the first is found.
struct SentIDIndex {
    /// Per record: the id's upper and lower 64 bits.
    private var ids: [UInt64] = []
    /// Per slot: a record, or -1.
    private var slots = [Int32](repeating: -1, count: 16)

    /// Records sent.
    var count: Int { ids.count / 2 }

    /// Files the next record's id (as the package's reader decoded it).
    /// - Throws: `AirlockError(.invalidValue)` for an id that is not a GUID; `.limitExceeded` past 2³¹ − 1 records.
    mutating func append(_ id: UnsafeRawBufferPointer?, location: SourceLocation) throws {
        guard let bytes = id, let value = CMTValueCodec.guidValue(bytes) else {
            throw AirlockError(.invalidValue, "a record's id is not a GUID", at: location)
        }
        guard count < Int(Int32.max) - 1 else {
            throw AirlockError(.limitExceeded, "more than \(Int32.max - 1) records of one entity", at: location)
        }
        ids.append(value.high)
        ids.append(value.low)
        if count * 10 > slots.count * 7 { grow() } else { place(count - 1) }
    }

    /// The first record whose id is `id` (in any form a GUID is written), or nil.
    func row(for id: UnsafeRawBufferPointer) -> Int? {
        guard let value = CMTValueCodec.guidValue(id) else { return nil }
        let mask = slots.count - 1
        var slot = Self.slot(value.high, value.low) & mask
        while slots[slot] >= 0 {
            let row = Int(slots[slot])
            if ids[2 * row] == value.high, ids[2 * row + 1] == value.low { return row }
            slot = (slot &+ 1) & mask
        }
        return nil
    }

    /// The first record whose id is `id`, or nil.
    func row(for id: String) -> Int? {
        var id = id
        return id.withUTF8 { row(for: UnsafeRawBufferPointer($0)) }
    }

    /// Record `row`'s id as canonical text (lower case `8-4-4-4-12`, as the package's reader gives it).
    func text(of row: Int) -> String {
        CMTValueCodec.guidText(high: ids[2 * row], low: ids[2 * row + 1])
    }

    /// Gives back the spare capacity the ids grew with.
    mutating func shrinkToFit() {
        var exact: [UInt64] = []
        exact.reserveCapacity(ids.count)
        exact.append(contentsOf: ids)
        ids = exact
    }

    private static func slot(_ high: UInt64, _ low: UInt64) -> Int {
        Int(truncatingIfNeeded: MurmurHash3.finalised(high ^ (low &* 0x9E37_79B9_7F4A_7C15)))
    }

    /// Files record `row` in a free slot, unless an earlier record has its id.
    private mutating func place(_ row: Int) {
        let mask = slots.count - 1
        var slot = Self.slot(ids[2 * row], ids[2 * row + 1]) & mask
        while slots[slot] >= 0 {
            let other = Int(slots[slot])
            if ids[2 * other] == ids[2 * row], ids[2 * other + 1] == ids[2 * row + 1] { return }
            slot = (slot &+ 1) & mask
        }
        slots[slot] = Int32(row)
    }

    private mutating func grow() {
        slots = [Int32](repeating: -1, count: slots.count * 2)
        for row in 0..<count { place(row) }
    }
}

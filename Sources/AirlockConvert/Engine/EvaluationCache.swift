import AirlockReconcile

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A field plan's recent results by source value, for a field whose result depends on its source value (and,
/// for a Sales lookup, the entity the row's `lookupentity` names) alone but whose column is not
/// dictionary-encoded: an order line's order, product or customer, resolved through a lookup or checked
/// against a reference, once per distinct value instead of once per line.
///
/// Direct-mapped and bounded: `slotCount` entries, a new key taking the slot of the one it hashes with, so
/// memory stays a few megabytes whatever the table's size, and less for a smaller table (`slotCount(rows:)`).
/// Lines of one order come together, and currencies and units repeat, so most rows hit; a column whose values
/// rarely repeat (a description, a unique number) gains nothing, nor does one whose values repeat only far apart
/// (products in random order), and the cache turns itself off when fewer than `minimumHitShare` of its first
/// `trialLookups` lookups hit (`isWorthKeeping`).
final class EvaluationCache<Value: AnyObject> {
    /// Where a key is, or goes: its digest and slot.
    struct Probe {
        let digest: UInt64
        let slot: Int
    }

    /// One key's result, with the key to tell it from another key of the same slot.
    private final class Entry {
        let digest: UInt64
        let first: [UInt8]?
        let second: [UInt8]?
        let value: Value

        init(digest: UInt64, first: [UInt8]?, second: [UInt8]?, value: Value) {
            self.digest = digest
            self.first = first
            self.second = second
            self.value = value
        }
    }

    /// About four megabytes of results at most, at a few hundred bytes each.
    static var maximumSlots: Int { 1 << 14 }
    static var minimumSlots: Int { 1 << 10 }

    /// The slots of a cache for a column of `rows` rows: the largest power of two within a sixteenth of them, between
    /// `minimumSlots` and `maximumSlots`. The values that hit come together (an order's lines) or are few (currencies,
    /// units), so the rows' later repeats find them in a cache of that size; and its trial ends within the table, so
    /// that a column that does not hit is let go in a table of any size (a shard's part), not only past a quarter of a
    /// million rows (measured: a shard's caches filled with products held a tenth of its memory; docs/performance.md).
    static func slotCount(rows: Int) -> Int {
        var slots = minimumSlots
        while slots < maximumSlots, 2 * slots <= rows / 16 { slots *= 2 }
        return slots
    }

    let slotCount: Int
    /// Long enough for a column of values in random order (products) to fill the cache.
    var trialLookups: Int { 4 * slotCount }
    /// A hit still costs a digest, a comparison and a few reads of scattered memory, a miss an evaluation and
    /// four allocations: measured, product columns at 45–51 % hits in the trial ran no faster cached than
    /// evaluated (and slower in a cache sized to hold them all), while order and invoice numbers (about 78 %),
    /// currencies and units (all but the first) gain (docs/performance.md, History).
    static var minimumHitShare: Double { 0.6 }

    private var slots: [Entry?]
    private var lookups = 0
    private var hits = 0

    /// A cache for a column of `rows` rows (`slotCount(rows:)`).
    init(rows: Int = .max) {
        slotCount = Self.slotCount(rows: rows)
        slots = Array(repeating: nil, count: slotCount)
    }

    /// False once the trial lookups are done and too few hit: the plan evaluates every row from then on.
    var isWorthKeeping: Bool {
        lookups < trialLookups || Double(hits) >= Self.minimumHitShare * Double(lookups)
    }

    /// The result stored for the key of two parts (each nil or bytes), or nil and where to `store` it.
    func find(_ first: UnsafeRawBufferPointer?, _ second: UnsafeRawBufferPointer?) -> (value: Value?, probe: Probe) {
        var hash = Self.digestPart(first, KeyDigester.fnvOffsetBasis)
        hash = Self.digestPart(second, hash)
        let digest = KeyDigester.finalised(hash)
        let probe = Probe(digest: digest, slot: Int(truncatingIfNeeded: digest) & (slotCount - 1))
        let inTrial = lookups < trialLookups
        if inTrial { lookups += 1 }
        guard let entry = slots[probe.slot], entry.digest == digest, Self.equal(entry.first, first), Self.equal(entry.second, second) else {
            return (nil, probe)
        }
        if inTrial { hits += 1 }
        return (entry.value, probe)
    }

    /// Stores `value` for the key that `find` did not find at `probe`.
    func store(_ value: Value, _ first: UnsafeRawBufferPointer?, _ second: UnsafeRawBufferPointer?, at probe: Probe) {
        slots[probe.slot] = Entry(digest: probe.digest, first: first.map { Array($0) }, second: second.map { Array($0) }, value: value)
    }

    /// Folds a part into the digest, with a byte that tells a missing part from an empty one. The digest only
    /// picks the slot: `find` compares the parts themselves.
    private static func digestPart(_ part: UnsafeRawBufferPointer?, _ hash: UInt64) -> UInt64 {
        guard let part else { return (hash ^ 0xFF) &* KeyDigester.fnvPrime }
        return (KeyDigester.fnv1a(part, continuing: hash) ^ 0xFE) &* KeyDigester.fnvPrime
    }

    private static func equal(_ stored: [UInt8]?, _ key: UnsafeRawBufferPointer?) -> Bool {
        guard let stored, let key else { return stored == nil && key == nil }
        return stored.withUnsafeBytes { $0.hasSameBytes(as: key) }
    }
}

import Testing

@testable import AirlockConvert

/// The field plans' bounded cache of results by source value.
struct EvaluationCacheTests {
    private final class Result {
        let text: String
        init(_ text: String) { self.text = text }
    }

    private static func find(_ cache: EvaluationCache<Result>, _ first: String?, _ second: String?) -> (
        value: Result?, probe: EvaluationCache<Result>.Probe
    ) {
        withParts(first, second) { cache.find($0, $1) }
    }

    private static func store(
        _ cache: EvaluationCache<Result>, _ value: Result, _ first: String?, _ second: String?, at probe: EvaluationCache<Result>.Probe
    ) {
        withParts(first, second) { cache.store(value, $0, $1, at: probe) }
    }

    /// Calls `body` with the UTF-8 bytes of each part, nil for nil.
    private static func withParts<R>(_ first: String?, _ second: String?, _ body: (UnsafeRawBufferPointer?, UnsafeRawBufferPointer?) -> R)
        -> R
    {
        let firstBytes = first.map { Array($0.utf8) }
        let secondBytes = second.map { Array($0.utf8) }
        func withSecond(_ part: UnsafeRawBufferPointer?) -> R {
            secondBytes.map { bytes in bytes.withUnsafeBytes { body(part, $0) } } ?? body(part, nil)
        }
        return firstBytes.map { bytes in bytes.withUnsafeBytes { withSecond($0) } } ?? withSecond(nil)
    }

    @Test func aStoredKeyIsFoundAndOnlyWithBothPartsEqual() {
        let cache = EvaluationCache<Result>()
        let (missing, probe) = Self.find(cache, "ORD-1", "salesorder")
        #expect(missing == nil)
        Self.store(cache, Result("resolved"), "ORD-1", "salesorder", at: probe)
        #expect(Self.find(cache, "ORD-1", "salesorder").value?.text == "resolved")
        #expect(Self.find(cache, "ORD-1", "quote").value == nil)
        #expect(Self.find(cache, "ORD-1", nil).value == nil)
        #expect(Self.find(cache, "ORD-2", "salesorder").value == nil)
    }

    @Test func nullEmptyAndMissingPartsAreDifferentKeys() {
        let cache = EvaluationCache<Result>()
        let (_, probe) = Self.find(cache, nil, nil)
        Self.store(cache, Result("null"), nil, nil, at: probe)
        #expect(Self.find(cache, nil, nil).value?.text == "null")
        #expect(Self.find(cache, "", nil).value == nil)
        #expect(Self.find(cache, nil, "").value == nil)
    }

    @Test func aKeyOfTheSameSlotReplacesTheOtherAndIsNotTakenForIt() throws {
        let cache = EvaluationCache<Result>()
        let (_, first) = Self.find(cache, "key-0", nil)
        var other: (String, EvaluationCache<Result>.Probe)?
        for index in 1..<1_000_000 where other == nil {
            let (_, probe) = Self.find(cache, "key-\(index)", nil)
            if probe.slot == first.slot { other = ("key-\(index)", probe) }
        }
        let (otherKey, otherProbe) = try #require(other)
        Self.store(cache, Result("first"), "key-0", nil, at: first)
        #expect(Self.find(cache, otherKey, nil).value == nil)
        Self.store(cache, Result("other"), otherKey, nil, at: otherProbe)
        #expect(Self.find(cache, otherKey, nil).value?.text == "other")
        #expect(Self.find(cache, "key-0", nil).value == nil)
    }

    @Test func theCacheTurnsItselfOffWhenTooFewLookupsHit() {
        let unique = EvaluationCache<Result>()
        for index in 0..<unique.trialLookups {
            let (_, probe) = Self.find(unique, "unique-\(index)", nil)
            Self.store(unique, Result("x"), "unique-\(index)", nil, at: probe)
        }
        #expect(!unique.isWorthKeeping)

        let repeating = EvaluationCache<Result>()
        for index in 0..<repeating.trialLookups {
            let key = "order-\(index / 4)"
            let (found, probe) = Self.find(repeating, key, nil)
            if found == nil { Self.store(repeating, Result(key), key, nil, at: probe) }
        }
        #expect(repeating.isWorthKeeping)
    }

    /// A cache has a sixteenth of its column's rows in slots (a power of two, 1,024 to 16,384), and its trial ends
    /// within the column: a small table's column that does not hit is let go too.
    @Test func aCacheIsSizedByItsColumnsRows() {
        #expect(EvaluationCache<Result>.slotCount(rows: 0) == 1_024)
        #expect(EvaluationCache<Result>.slotCount(rows: 32_767) == 1_024)
        #expect(EvaluationCache<Result>.slotCount(rows: 32_768) == 2_048)
        #expect(EvaluationCache<Result>.slotCount(rows: 70_000) == 4_096)
        #expect(EvaluationCache<Result>.slotCount(rows: 262_144) == 16_384)
        #expect(EvaluationCache<Result>.slotCount(rows: 10_000_000) == 16_384)
        let small = EvaluationCache<Result>(rows: 33_000)
        #expect(small.slotCount == 2_048 && small.trialLookups < 33_000)
        for index in 0..<small.trialLookups {
            let (_, probe) = Self.find(small, "product-\(index % 20_000)", nil)
            Self.store(small, Result("x"), "product-\(index % 20_000)", nil, at: probe)
        }
        #expect(!small.isWorthKeeping)
    }
}

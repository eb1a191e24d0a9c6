import Testing

@testable import AirlockValidate

/// A sorted list of ids finds exactly the ids it was given, whether they spread over its runs (random GUIDs) or
/// share their first bits (sequential GUIDs), repeats and all.
struct CMTSortedIDsTests {
    /// SplitMix64: the same numbers on every run.
    static func random(_ state: inout UInt64) -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }

    static func check(_ given: [CMTGUID], absent: [CMTGUID]) {
        let ids = CMTSortedIDs(sorting: given + given.prefix(given.count / 3))
        let present = Set(given)
        #expect(ids.count == present.count)
        #expect(given.allSatisfy { ids.contains($0) })
        #expect(absent.filter { !present.contains($0) }.allSatisfy { !ids.contains($0) })
    }

    @Test func randomIdsAreFoundAndOthersAreNot() {
        var state: UInt64 = 7
        let given = (0..<20_000).map { _ in CMTGUID(high: Self.random(&state), low: Self.random(&state)) }
        let absent = (0..<2_000).map { _ in CMTGUID(high: Self.random(&state), low: Self.random(&state)) }
        // An absent id that shares a present one's run, and the extremes of the first bits.
        let neighbours = given.prefix(100).map { CMTGUID(high: $0.high, low: $0.low &+ 1) }
        Self.check(given, absent: absent + neighbours + [CMTGUID(high: 0, low: 0), CMTGUID(high: .max, low: .max)])
    }

    @Test func sequentialIdsAreFoundAndOthersAreNot() {
        let given = (0..<20_000).map { CMTGUID(high: 0x0000_0001_0000_0000 | UInt64($0 / 100), low: UInt64($0)) }
        let absent = (20_000..<21_000).map { CMTGUID(high: 0x0000_0001_0000_0000 | UInt64($0 / 100), low: UInt64($0)) }
        Self.check(given, absent: absent + [CMTGUID(high: .max, low: 0)])
    }

    @Test func fewIdsAndNoneAreSearchedWhole() {
        Self.check([], absent: [CMTGUID(high: 1, low: 2)])
        Self.check([CMTGUID(high: .max, low: 3)], absent: [CMTGUID(high: .max, low: 2), CMTGUID(high: 0, low: 3)])
        Self.check((0..<15).map { CMTGUID(high: UInt64($0) << 60, low: 0) }, absent: [CMTGUID(high: 1, low: 0)])
    }
}

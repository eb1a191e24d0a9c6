import Testing

@testable import AirlockMatch

/// Candidate pairs from blocking keys: every pair of records sharing a key that is not too common, each once,
/// however many slices make them.
@Suite struct MatchCandidatePairsTests {
    /// Per record, a few keys out of `keySpace`, from a seeded generator.
    static func randomKeys(records: Int, keySpace: UInt64, seed: UInt64) -> [[UInt64]] {
        var state = seed
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 33
        }
        return (0..<records).map { _ in (0..<(1 + next() % 4)).map { _ in next() % keySpace } }
    }

    /// The pairs by brute force: every left and right record sharing a key held by few enough pairs.
    static func expectedBetween(_ left: [[UInt64]], _ right: [[UInt64]], maxPairsPerKey: Int) -> [PairIndex] {
        var leftHolders: [UInt64: Set<Int>] = [:]
        var rightHolders: [UInt64: Set<Int>] = [:]
        for (index, keys) in left.enumerated() { for key in keys { leftHolders[key, default: []].insert(index) } }
        for (index, keys) in right.enumerated() { for key in keys { rightHolders[key, default: []].insert(index) } }
        var pairs: Set<PairIndex> = []
        for (key, lefts) in leftHolders {
            guard let rights = rightHolders[key], lefts.count * rights.count <= maxPairsPerKey else { continue }
            for a in lefts { for b in rights { pairs.insert(PairIndex(a, b)) } }
        }
        return pairs.sorted()
    }

    @Test(arguments: [1, 7, 1_000_000])
    func betweenTwoSidesEveryPairOnceInAnySlices(sliceBudget: Int) {
        let left = Self.randomKeys(records: 300, keySpace: 400, seed: 1)
        let right = Self.randomKeys(records: 250, keySpace: 400, seed: 2)
        var (leftKeys, rightKeys) = (CandidatePairs.keys(left), CandidatePairs.keys(right))
        let found = CandidatePairs.between(&leftKeys, &rightKeys, maxPairsPerKey: 6, sliceBudget: sliceBudget)
        #expect(found.pairs == Self.expectedBetween(left, right, maxPairsPerKey: 6))
        #expect(found.keysTooCommon > 0)
        #expect(leftKeys.isEmpty && rightKeys.isEmpty)
    }

    @Test(arguments: [1, 7, 1_000_000])
    func withinOneSideEveryPairOnceLowerFirst(sliceBudget: Int) {
        let records = Self.randomKeys(records: 300, keySpace: 300, seed: 3)
        var holders: [UInt64: Set<Int>] = [:]
        for (index, keys) in records.enumerated() { for key in keys { holders[key, default: []].insert(index) } }
        var expected: Set<PairIndex> = []
        for (_, group) in holders where group.count > 1 && group.count * (group.count - 1) / 2 <= 6 {
            for a in group { for b in group where a < b { expected.insert(PairIndex(a, b)) } }
        }
        var keys = CandidatePairs.keys(records)
        let found = CandidatePairs.within(&keys, maxPairsPerKey: 6, sliceBudget: sliceBudget)
        #expect(found.pairs == expected.sorted())
    }

    @Test func keysInPartsMergeIntoOneSortedList() {
        let records = Self.randomKeys(records: 200, keySpace: 50, seed: 4)
        let whole = CandidatePairs.keys(records)
        var parts = stride(from: 0, to: records.count, by: 64).map { start in
            CandidatePairs.keys(records.indices.map { $0 >= start && $0 < start + 64 ? records[$0] : [] })
        }
        let merged = CandidatePairs.merged(&parts)
        #expect(merged.map(\.key) == whole.map(\.key) && merged.map(\.record) == whole.map(\.record) && parts.isEmpty)
    }
}

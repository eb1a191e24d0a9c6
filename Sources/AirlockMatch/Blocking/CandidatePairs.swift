/// The pairs of records that share a blocking key (`BlockingKeys`), each once: a merge of the two sides' sorted
/// keys, so time and memory grow with the records and their keys, not with their product. A key that would pair
/// more than `maxPairsPerKey` records (a common postcode, a frequent pair of words) is left out: it says too little,
/// and the records have other keys. Pairs are made a slice of left records at a time, each slice sorted and rid of
/// repeats (two records sharing several keys) before the next, so what is held beyond the result is one slice's.
public struct CandidatePairs: Sendable {
    /// Pairs as `left << 32 | right` (indexes into each side's records), sorted.
    public var pairs: [PairIndex]
    /// How many keys were left out for pairing too many records.
    public var keysTooCommon: Int

    /// One side's blocking keys: each key a record holds, once, sorted by key and record.
    public typealias Keys = [(key: UInt64, record: UInt32)]

    /// About how many pairs, repeats included, one slice makes.
    public static let sliceBudget = 4_000_000

    /// `perRecord` (each record's keys, in record order) as `Keys`.
    public static func keys(_ perRecord: [[UInt64]]) -> Keys {
        var keys: Keys = []
        for (record, recordKeys) in perRecord.enumerated() { for key in recordKeys { keys.append((key, UInt32(record))) } }
        return sortedUnique(keys)
    }

    /// `keys` sorted by key and record, each once.
    public static func sortedUnique(_ keys: Keys) -> Keys {
        var keys = keys
        keys.sort { $0.key != $1.key ? $0.key < $1.key : $0.record < $1.record }
        var kept = 0
        for index in keys.indices where kept == 0 || keys[kept - 1] != keys[index] {
            keys[kept] = keys[index]
            kept += 1
        }
        keys.removeLast(keys.count - kept)
        return keys
    }

    /// Keys of records in parts (each sorted, of records apart from the other parts') as one sorted `Keys`; each part
    /// is let go as it is taken in (`parts` is left empty).
    public static func merged(_ parts: inout [Keys]) -> Keys {
        var keys: Keys = []
        keys.reserveCapacity(parts.reduce(0) { $0 + $1.count })
        for index in parts.indices {
            keys.append(contentsOf: parts[index])
            parts[index] = []
        }
        parts = []
        // Sorted runs end to end, which the sort merges.
        keys.sort { $0.key != $1.key ? $0.key < $1.key : $0.record < $1.record }
        return keys
    }

    /// The pairs of a left and a right side. The keys are let go (left empty) once the pairs are made, before they are
    /// laid end to end.
    /// - Parameter sliceBudget: about how many pairs, repeats included, one slice makes.
    public static func between(_ left: inout Keys, _ right: inout Keys, maxPairsPerKey: Int, sliceBudget: Int = sliceBudget)
        -> CandidatePairs
    {
        var tooCommon = 0
        var perLeft: [Int] = []
        forEachSharedKey(left, right) { l, r in
            guard l.count * r.count <= maxPairsPerKey else {
                tooCommon += 1
                return
            }
            for a in l {
                let record = Int(left[a].record)
                if record >= perLeft.count { perLeft += [Int](repeating: 0, count: record + 1 - perLeft.count) }
                perLeft[record] += r.count
            }
        }
        var parts = slices(perLeft, budget: sliceBudget) { slice, pairs in
            forEachSharedKey(left, right) { l, r in
                guard l.count * r.count <= maxPairsPerKey else { return }
                for a in l where slice.contains(Int(left[a].record)) {
                    for b in r { pairs.append(PairIndex(Int(left[a].record), Int(right[b].record))) }
                }
            }
        }
        left = []
        right = []
        return CandidatePairs(pairs: joined(&parts), keysTooCommon: tooCommon)
    }

    /// The pairs of records of one side (`left < right`). The keys are let go as by `between`.
    public static func within(_ keys: inout Keys, maxPairsPerKey: Int, sliceBudget: Int = sliceBudget) -> CandidatePairs {
        var tooCommon = 0
        var perLeft: [Int] = []
        forEachGroup(keys) { group in
            guard group.count * (group.count - 1) / 2 <= maxPairsPerKey else {
                tooCommon += 1
                return
            }
            // Records are sorted within a key: each pairs with those after it.
            for a in group {
                let record = Int(keys[a].record)
                if record >= perLeft.count { perLeft += [Int](repeating: 0, count: record + 1 - perLeft.count) }
                perLeft[record] += group.upperBound - a - 1
            }
        }
        var parts = slices(perLeft, budget: sliceBudget) { slice, pairs in
            forEachGroup(keys) { group in
                guard group.count * (group.count - 1) / 2 <= maxPairsPerKey else { return }
                for a in group where slice.contains(Int(keys[a].record)) {
                    for b in (a + 1)..<group.upperBound { pairs.append(PairIndex(Int(keys[a].record), Int(keys[b].record))) }
                }
            }
        }
        keys = []
        return CandidatePairs(pairs: joined(&parts), keysTooCommon: tooCommon)
    }

    /// Calls `body` with the positions in `left` and in `right` of each key both hold.
    static func forEachSharedKey(_ left: Keys, _ right: Keys, _ body: (Range<Int>, Range<Int>) -> Void) {
        var i = 0
        var j = 0
        while i < left.count && j < right.count {
            let key = left[i].key
            if key < right[j].key {
                i += 1
                continue
            }
            if key > right[j].key {
                j += 1
                continue
            }
            var iEnd = i
            while iEnd < left.count && left[iEnd].key == key { iEnd += 1 }
            var jEnd = j
            while jEnd < right.count && right[jEnd].key == key { jEnd += 1 }
            body(i..<iEnd, j..<jEnd)
            i = iEnd
            j = jEnd
        }
    }

    /// Calls `body` with the positions of each key held by more than one record.
    static func forEachGroup(_ keys: Keys, _ body: (Range<Int>) -> Void) {
        var i = 0
        while i < keys.count {
            var end = i
            while end < keys.count && keys[end].key == keys[i].key { end += 1 }
            if end - i > 1 { body(i..<end) }
            i = end
        }
    }

    /// The pairs `make` appends, slice by slice of left records (about `budget` pairs by `perLeft`, each left
    /// record's count of pairs with repeats), each slice sorted and rid of repeats.
    static func slices(_ perLeft: [Int], budget sliceBudget: Int, _ make: (Range<Int>, inout [PairIndex]) -> Void) -> [[PairIndex]] {
        var parts: [[PairIndex]] = []
        var start = 0
        var scratch: [PairIndex] = []
        while start < perLeft.count {
            var end = start
            var budget = 0
            while end < perLeft.count && (end == start || budget + perLeft[end] <= sliceBudget) {
                budget += perLeft[end]
                end += 1
            }
            scratch.removeAll(keepingCapacity: true)
            scratch.reserveCapacity(budget)
            make(start..<end, &scratch)
            scratch.sort()
            var kept = 0
            for index in scratch.indices where kept == 0 || scratch[kept - 1] != scratch[index] {
                scratch[kept] = scratch[index]
                kept += 1
            }
            parts.append(Array(scratch[..<kept]))
            start = end
        }
        return parts
    }

    /// The slices laid end to end in one array of the exact size, each let go as it is copied (`parts` is left
    /// empty).
    static func joined(_ parts: inout [[PairIndex]]) -> [PairIndex] {
        let total = parts.reduce(0) { $0 + $1.count }
        var pairs: [PairIndex] = []
        pairs.reserveCapacity(total)
        for index in parts.indices {
            pairs.append(contentsOf: parts[index])
            parts[index] = []
        }
        parts = []
        return pairs
    }
}

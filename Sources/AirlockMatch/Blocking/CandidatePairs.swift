/// The pairs of records that share a blocking key (`BlockingKeys`), each once: a sort and a merge of the two
/// sides' keys, so time and memory grow with the records and their keys, not with their product. A key that
/// would pair more than `maxPairsPerKey` records (a common postcode, a frequent pair of words) is left out: it
/// says too little, and the records have other keys.
public struct CandidatePairs: Sendable {
    /// Pairs as `left << 32 | right` (indexes into each side's records), sorted.
    public var pairs: [UInt64]
    /// How many keys were left out for pairing too many records.
    public var keysTooCommon: Int

    /// The pairs of a left and a right side (`left` and `right`: per record, its keys).
    public static func between(_ left: [[UInt64]], _ right: [[UInt64]], maxPairsPerKey: Int) -> CandidatePairs {
        let leftKeys = flatten(left)
        let rightKeys = flatten(right)
        var pairs: [UInt64] = []
        var tooCommon = 0
        var i = 0
        var j = 0
        while i < leftKeys.count && j < rightKeys.count {
            let key = leftKeys[i].key
            if key < rightKeys[j].key {
                i += 1
                continue
            }
            if key > rightKeys[j].key {
                j += 1
                continue
            }
            var iEnd = i
            while iEnd < leftKeys.count && leftKeys[iEnd].key == key { iEnd += 1 }
            var jEnd = j
            while jEnd < rightKeys.count && rightKeys[jEnd].key == key { jEnd += 1 }
            if (iEnd - i) * (jEnd - j) <= maxPairsPerKey {
                for a in i..<iEnd {
                    for b in j..<jEnd { pairs.append(UInt64(leftKeys[a].record) << 32 | UInt64(rightKeys[b].record)) }
                }
            } else {
                tooCommon += 1
            }
            i = iEnd
            j = jEnd
        }
        pairs.sort()
        return CandidatePairs(pairs: unique(pairs), keysTooCommon: tooCommon)
    }

    /// The pairs of records of one side (`left < right`).
    public static func within(_ records: [[UInt64]], maxPairsPerKey: Int) -> CandidatePairs {
        let keys = flatten(records)
        var pairs: [UInt64] = []
        var tooCommon = 0
        var i = 0
        while i < keys.count {
            var end = i
            while end < keys.count && keys[end].key == keys[i].key { end += 1 }
            let count = end - i
            if count > 1 {
                if count * (count - 1) / 2 <= maxPairsPerKey {
                    for a in i..<end {
                        for b in (a + 1)..<end {
                            let (x, y) = (min(keys[a].record, keys[b].record), max(keys[a].record, keys[b].record))
                            if x != y { pairs.append(UInt64(x) << 32 | UInt64(y)) }
                        }
                    }
                } else {
                    tooCommon += 1
                }
            }
            i = end
        }
        pairs.sort()
        return CandidatePairs(pairs: unique(pairs), keysTooCommon: tooCommon)
    }

    static func flatten(_ records: [[UInt64]]) -> [(key: UInt64, record: UInt32)] {
        var flat: [(key: UInt64, record: UInt32)] = []
        flat.reserveCapacity(records.reduce(0) { $0 + $1.count })
        for (index, keys) in records.enumerated() {
            for key in Set(keys) { flat.append((key, UInt32(index))) }
        }
        flat.sort { $0.key != $1.key ? $0.key < $1.key : $0.record < $1.record }
        return flat
    }

    static func unique(_ sorted: [UInt64]) -> [UInt64] {
        var result: [UInt64] = []
        result.reserveCapacity(sorted.count)
        for pair in sorted where result.last != pair { result.append(pair) }
        return result
    }
}

/// Similarities of folded text, each from 0 (nothing in common) to 1 (equal).
public enum StringSimilarity {
    /// The Jaro–Winkler similarity of two byte strings (prefix scale 0.1, up to 4 bytes): forgiving of a typo,
    /// a transposition or a dropped letter, and of more towards a word's end.
    public static func jaroWinkler(_ a: [UInt8], _ b: [UInt8]) -> Double {
        if a == b { return a.isEmpty ? 0 : 1 }
        if a.isEmpty || b.isEmpty { return 0 }
        let (short, long) = a.count <= b.count ? (a, b) : (b, a)
        let window = max(0, long.count / 2 - 1)
        var longUsed = [Bool](repeating: false, count: long.count)
        var shortMatched: [UInt8] = []
        shortMatched.reserveCapacity(short.count)
        var shortPositions: [Int] = []
        for (i, byte) in short.enumerated() {
            let start = max(0, i - window)
            let end = min(long.count - 1, i + window)
            guard start <= end else { continue }
            for j in start...end where !longUsed[j] && long[j] == byte {
                longUsed[j] = true
                shortMatched.append(byte)
                shortPositions.append(i)
                break
            }
        }
        let matches = shortMatched.count
        if matches == 0 { return 0 }
        var transpositions = 0
        var k = 0
        for j in 0..<long.count where longUsed[j] {
            if long[j] != shortMatched[k] { transpositions += 1 }
            k += 1
        }
        let m = Double(matches)
        let jaro = (m / Double(short.count) + m / Double(long.count) + (m - Double(transpositions / 2)) / m) / 3
        var prefix = 0
        while prefix < 4, prefix < short.count, a[prefix] == b[prefix] { prefix += 1 }
        return jaro + Double(prefix) * 0.1 * (1 - jaro)
    }

    /// How far two lists of words name the same thing, weighting each word (a rare word says more than a
    /// common one): each word of one list pairs with the most similar word of the other (Jaro–Winkler, counted
    /// from `wordFloor` up), in both directions, and the weighted shares are averaged. Word order does not count.
    public static func words(_ a: [WordID], _ b: [WordID], vocabulary: MatchVocabulary, wordFloor: Double = 0.85) -> Double {
        if a.isEmpty || b.isEmpty { return 0 }
        func share(_ from: [WordID], _ to: [WordID]) -> Double {
            var total = 0.0
            var found = 0.0
            for word in from {
                let weight = vocabulary.weight(word)
                total += weight
                var best = 0.0
                for other in to {
                    if other == word {
                        best = 1
                        break
                    }
                    let similarity = jaroWinkler(vocabulary.bytes(word), vocabulary.bytes(other))
                    if similarity > best { best = similarity }
                }
                if best >= wordFloor { found += weight * best }
            }
            return total > 0 ? found / total : 0
        }
        return (share(a, b) + share(b, a)) / 2
    }
}

/// Similarities of folded text, each from 0 (nothing in common) to 1 (equal).
public enum StringSimilarity {
    /// The Jaro–Winkler similarity of two byte strings (prefix scale 0.1, up to 4 bytes): forgiving of a typo,
    /// a transposition or a dropped letter, and of more towards a word's end.
    public static func jaroWinkler(_ a: [UInt8], _ b: [UInt8]) -> Double {
        a.withUnsafeBufferPointer { a in b.withUnsafeBufferPointer { b in jaroWinkler(a, b) } }
    }

    /// The same for two strings' UTF-8 bytes.
    public static func jaroWinkler(_ a: String, _ b: String) -> Double {
        var a = a
        var b = b
        return a.withUTF8 { a in b.withUTF8 { b in jaroWinkler(a, b) } }
    }

    /// The same for two byte buffers.
    public static func jaroWinkler(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Double {
        if a.isEmpty || b.isEmpty { return 0 }
        if a.count == b.count && a.elementsEqual(b) { return 1 }
        let (short, long) = a.count <= b.count ? (a, b) : (b, a)
        guard long.count <= 64 else { return jaroWinklerLong(Array(a), Array(b)) }
        let window = max(0, long.count / 2 - 1)
        // Which bytes of each side are matched, one bit per position.
        var longUsed: UInt64 = 0
        var shortUsed: UInt64 = 0
        var matches = 0
        // While loops over raw positions: this runs for every word pair of every candidate pair, and a range's
        // iterator cost as much as the comparisons.
        var i = 0
        while i < short.count {
            let byte = short[i]
            var j = max(0, i - window)
            let end = min(long.count - 1, i + window)
            while j <= end {
                if long[j] == byte && longUsed & (1 << UInt64(j)) == 0 {
                    longUsed |= 1 << UInt64(j)
                    shortUsed |= 1 << UInt64(i)
                    matches += 1
                    break
                }
                j += 1
            }
            i += 1
        }
        if matches == 0 { return 0 }
        var transpositions = 0
        var j = 0
        i = 0
        while i < short.count {
            if shortUsed & (1 << UInt64(i)) != 0 {
                while longUsed & (1 << UInt64(j)) == 0 { j += 1 }
                if short[i] != long[j] { transpositions += 1 }
                j += 1
            }
            i += 1
        }
        return winkler(matches: matches, transpositions: transpositions, short: short.count, long: long.count, a: a, b: b)
    }

    static func winkler(
        matches: Int, transpositions: Int, short: Int, long: Int, a: UnsafeBufferPointer<UInt8>, b: UnsafeBufferPointer<UInt8>
    ) -> Double {
        let m = Double(matches)
        let jaro = (m / Double(short) + m / Double(long) + (m - Double(transpositions / 2)) / m) / 3
        var prefix = 0
        while prefix < 4, prefix < short, a[prefix] == b[prefix] { prefix += 1 }
        return jaro + Double(prefix) * 0.1 * (1 - jaro)
    }

    /// Jaro–Winkler for strings longer than 64 bytes (flags in arrays).
    static func jaroWinklerLong(_ a: [UInt8], _ b: [UInt8]) -> Double {
        let (short, long) = a.count <= b.count ? (a, b) : (b, a)
        let window = max(0, long.count / 2 - 1)
        var longUsed = [Bool](repeating: false, count: long.count)
        var shortUsed = [Bool](repeating: false, count: short.count)
        var matches = 0
        for i in short.indices {
            let start = max(0, i - window)
            let end = min(long.count - 1, i + window)
            guard start <= end else { continue }
            for j in start...end where !longUsed[j] && long[j] == short[i] {
                longUsed[j] = true
                shortUsed[i] = true
                matches += 1
                break
            }
        }
        if matches == 0 { return 0 }
        var transpositions = 0
        var j = 0
        for i in short.indices where shortUsed[i] {
            while !longUsed[j] { j += 1 }
            if short[i] != long[j] { transpositions += 1 }
            j += 1
        }
        return a.withUnsafeBufferPointer { a in
            b.withUnsafeBufferPointer { b in
                winkler(matches: matches, transpositions: transpositions, short: short.count, long: long.count, a: a, b: b)
            }
        }
    }

    /// Whether the Jaro–Winkler similarity of `a` and `b` can reach `floor`: at most the bytes of the shorter found
    /// anywhere in the longer match, with no transposition, and the common prefix (up to 4) lifts that as the
    /// similarity does. A bound, never below the similarity: words it rules out stay below `floor`.
    static func mayReach(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>, _ floor: Double) -> Bool {
        if a.isEmpty || b.isEmpty { return false }
        let (short, long) = a.count <= b.count ? (a, b) : (b, a)
        var present: UInt64 = 0
        for byte in long { present |= 1 << UInt64(byte & 63) }
        var matches = 0
        for byte in short where present & (1 << UInt64(byte & 63)) != 0 { matches += 1 }
        if matches == 0 { return false }
        let m = Double(matches)
        let jaro = (m / Double(short.count) + m / Double(long.count) + 1) / 3
        var prefix = 0
        while prefix < 4, prefix < short.count, a[prefix] == b[prefix] { prefix += 1 }
        return jaro + Double(prefix) * 0.1 * (1 - jaro) + 1e-9 >= floor
    }

    /// How far two lists of words name the same thing, weighting each word (a rare word says more than a
    /// common one): each word of one list pairs with the most similar word of the other (Jaro–Winkler, counted
    /// from `wordFloor` up), in both directions, and the weighted shares are averaged. Word order does not count.
    public static func words(
        _ a: UnsafeBufferPointer<WordID>, _ b: UnsafeBufferPointer<WordID>, vocabulary: MatchVocabulary, wordFloor: Double = 0.85
    ) -> Double {
        if a.isEmpty || b.isEmpty { return 0 }
        return vocabulary.withStorage { bytes, starts in
            func word(_ id: WordID) -> UnsafeBufferPointer<UInt8> {
                UnsafeBufferPointer(rebasing: bytes[starts[Int(id)]..<starts[Int(id) + 1]])
            }
            // Each pair of words once: the similarity is symmetric, and both directions read it. Only a similarity
            // from `wordFloor` up counts, so a pair that cannot reach it (`mayReach`) is not computed: 0 stands in.
            return withUnsafeTemporaryAllocation(of: Double.self, capacity: a.count * b.count) { similarity in
                for (i, x) in a.enumerated() {
                    let first = word(x)
                    for (j, y) in b.enumerated() {
                        let second = word(y)
                        similarity[i * b.count + j] =
                            x == y ? 1 : mayReach(first, second, wordFloor) ? jaroWinkler(first, second) : 0
                    }
                }
                func share(_ from: UnsafeBufferPointer<WordID>, across: Bool) -> Double {
                    var total = 0.0
                    var found = 0.0
                    let others = across ? a.count : b.count
                    for (index, id) in from.enumerated() {
                        let weight = vocabulary.weight(id)
                        total += weight
                        var best = 0.0
                        for other in 0..<others {
                            let value = across ? similarity[other * b.count + index] : similarity[index * b.count + other]
                            if value > best { best = value }
                            if best == 1 { break }
                        }
                        if best >= wordFloor { found += weight * best }
                    }
                    return total > 0 ? found / total : 0
                }
                return (share(a, across: false) + share(b, across: true)) / 2
            }
        }
    }
}

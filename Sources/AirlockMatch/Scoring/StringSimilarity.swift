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
        for i in 0..<short.count {
            let start = max(0, i - window)
            let end = min(long.count - 1, i + window)
            guard start <= end else { continue }
            for j in start...end where longUsed & (1 << UInt64(j)) == 0 && long[j] == short[i] {
                longUsed |= 1 << UInt64(j)
                shortUsed |= 1 << UInt64(i)
                matches += 1
                break
            }
        }
        if matches == 0 { return 0 }
        var transpositions = 0
        var j = 0
        for i in 0..<short.count where shortUsed & (1 << UInt64(i)) != 0 {
            while longUsed & (1 << UInt64(j)) == 0 { j += 1 }
            if short[i] != long[j] { transpositions += 1 }
            j += 1
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

    /// How far two lists of words name the same thing, weighting each word (a rare word says more than a
    /// common one): each word of one list pairs with the most similar word of the other (Jaro–Winkler, counted
    /// from `wordFloor` up), in both directions, and the weighted shares are averaged. Word order does not count.
    public static func words(_ a: [WordID], _ b: [WordID], vocabulary: MatchVocabulary, wordFloor: Double = 0.85) -> Double {
        if a.isEmpty || b.isEmpty { return 0 }
        return vocabulary.withStorage { bytes, starts in
            func word(_ id: WordID) -> UnsafeBufferPointer<UInt8> {
                UnsafeBufferPointer(rebasing: bytes[starts[Int(id)]..<starts[Int(id) + 1]])
            }
            func share(_ from: [WordID], _ to: [WordID]) -> Double {
                var total = 0.0
                var found = 0.0
                for id in from {
                    let weight = vocabulary.weight(id)
                    total += weight
                    var best = 0.0
                    for other in to {
                        if other == id {
                            best = 1
                            break
                        }
                        let similarity = jaroWinkler(word(id), word(other))
                        if similarity > best { best = similarity }
                    }
                    if best >= wordFloor { found += weight * best }
                }
                return total > 0 ? found / total : 0
            }
            return (share(a, b) + share(b, a)) / 2
        }
    }
}

import Foundation

/// The index of a word in a `MatchVocabulary`.
public typealias WordID = Int32

/// The words of the names of both sides, each stored once, with how many records hold it: a word's weight is
/// its inverse document frequency, so `global` or `services` weigh less than `northwind`.
public struct MatchVocabulary: Sendable {
    private var words: [[UInt8]] = []
    private var counts: [Int32] = []
    private var ids: [String: WordID] = [:]
    private var weights: [Double] = []

    public init() {}

    /// The id of `word`, adding it.
    mutating func id(_ word: String) -> WordID {
        if let id = ids[word] { return id }
        let id = WordID(words.count)
        ids[word] = id
        words.append(Array(word.utf8))
        counts.append(0)
        return id
    }

    /// The ids of `words`, each counted once for the record that holds them.
    mutating func ids(_ words: [String]) -> [WordID] {
        let ids = words.map { id($0) }
        var seen: Set<WordID> = []
        for id in ids where seen.insert(id).inserted { counts[Int(id)] += 1 }
        return ids
    }

    /// Computes the weights once every record is in.
    mutating func finish() {
        let records = Double(counts.reduce(0) { $0 + Int($1) }) / 2 + 1
        weights = counts.map { log((records + 1) / (Double($0) + 1)) + 1 }
    }

    /// The word's bytes.
    public func bytes(_ id: WordID) -> [UInt8] { words[Int(id)] }

    /// The word's text.
    public func text(_ id: WordID) -> String { String(decoding: words[Int(id)], as: UTF8.self) }

    /// How many records hold the word.
    public func count(_ id: WordID) -> Int { Int(counts[Int(id)]) }

    /// The word's weight (1 for a word every record has, more the rarer it is).
    public func weight(_ id: WordID) -> Double { weights.isEmpty ? 1 : weights[Int(id)] }
}

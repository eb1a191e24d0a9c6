import Foundation

/// The index of a word in a `MatchVocabulary`.
public typealias WordID = Int32

/// The words of the names of both sides, each stored once, with how many records hold it: a word's weight is
/// its inverse document frequency, so `global` or `services` weigh less than `northwind`.
public struct MatchVocabulary: Sendable {
    /// Every word's bytes end to end; word `i` is `bytes[offsets[i]..<offsets[i + 1]]`.
    private var bytes: [UInt8] = []
    private var offsets: [Int] = [0]
    private var counts: [Int32] = []
    private var ids: [String: WordID] = [:]
    private var weights: [Double] = []
    /// How many records' words were counted.
    private var documents = 0

    public init() {}

    /// The id of `word`, adding it.
    mutating func id(_ word: String) -> WordID {
        if let id = ids[word] { return id }
        let id = WordID(counts.count)
        ids[word] = id
        bytes.append(contentsOf: word.utf8)
        offsets.append(bytes.count)
        counts.append(0)
        return id
    }

    /// The ids of `words`, each counted once for the record that holds them.
    mutating func ids(_ words: [String]) -> [WordID] {
        let ids = words.map { id($0) }
        documents += 1
        var seen: Set<WordID> = []
        for id in ids where seen.insert(id).inserted { counts[Int(id)] += 1 }
        return ids
    }

    /// Computes the weights once every record is in.
    mutating func finish() {
        let records = Double(documents)
        weights = counts.map { log((records + 1) / (Double($0) + 1)) + 1 }
    }

    /// The word's bytes.
    public func bytes(_ id: WordID) -> [UInt8] { Array(bytes[offsets[Int(id)]..<offsets[Int(id) + 1]]) }

    /// Calls `body` with every word's bytes end to end and where each starts (`starts[i]..<starts[i + 1]`).
    public func withStorage<R>(_ body: (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<Int>) throws -> R) rethrows -> R {
        try bytes.withUnsafeBufferPointer { bytes in try offsets.withUnsafeBufferPointer { offsets in try body(bytes, offsets) } }
    }

    /// The word's text.
    public func text(_ id: WordID) -> String { String(decoding: bytes[offsets[Int(id)]..<offsets[Int(id) + 1]], as: UTF8.self) }

    /// How many words there are (ids `0..<count`).
    public var count: Int { counts.count }

    /// The word's weight (1 for a word every record has, more the rarer it is).
    public func weight(_ id: WordID) -> Double { weights.isEmpty ? 1 : weights[Int(id)] }
}

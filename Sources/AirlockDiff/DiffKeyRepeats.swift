import AirlockModel

/// The keys of one entity that several records of one export share, as the diff meets them (docs/diff.md,
/// "Repeated keys"). A record whose key and compared values an earlier record of the export has is an exact copy:
/// counted, and otherwise left out. A key with records that differ is tracked: the digest and first line of each
/// of its distinct records. Only keys that repeat are held, so an export without repeats costs nothing here.
struct DiffKeyRepeats {
    /// A key (its entry in the entity's `DiffKeyIndex`) and the digest of one of its records.
    private struct Variant: Hashable {
        var entry: Int
        var digest: RecordDigest
    }

    /// A tracked key: how many distinct records it has (1 for a key tracked from its first record, see `track`),
    /// and the line of its first record.
    private struct TrackedKey {
        var distinct: Int
        var firstLine: Int
    }

    /// A key met, with the lines of the first records of it (at most `maxLines`).
    struct Example: Equatable {
        var entry: Int
        var lines: [Int]
    }

    /// Examples kept per kind, and lines kept per example.
    static let maxExamples = 5
    static let maxLines = 6

    /// Per tracked key, the line of each distinct record's first occurrence.
    private var variants: [Variant: Int] = [:]
    /// The tracked keys, by entry.
    private var keys: [Int: TrackedKey] = [:]
    /// Records left out as exact copies of an earlier record.
    private(set) var copies = 0
    /// The first keys with exact copies, each with the line of the record copied and of its copies.
    private(set) var copyExamples: [Example] = []
    /// The first keys with different records, each with the lines of its distinct records.
    private(set) var conflictExamples: [Example] = []
    /// Keys with more than one distinct record.
    private(set) var conflictingKeys = 0

    /// Whether the key `entry` is tracked (it has different records, or `track` was called for it).
    func isTracked(_ entry: Int) -> Bool { !keys.isEmpty && keys[entry] != nil }

    /// How many distinct records the key `entry` has; nil when it is not tracked.
    func distinctCount(of entry: Int) -> Int? { keys[entry]?.distinct }

    /// The tracked keys, in entry order.
    var trackedKeys: [Int] { keys.keys.sorted() }

    /// The line of the first record of key `entry` with `digest`; nil when the key is not tracked or has no such record.
    func firstLine(of entry: Int, digest: RecordDigest) -> Int? { variants[Variant(entry: entry, digest: digest)] }

    /// Calls `body` with every tracked key's distinct records (key, digest), in no particular order.
    func forEachVariant(_ body: (_ entry: Int, _ digest: RecordDigest) -> Void) {
        for variant in variants.keys { body(variant.entry, variant.digest) }
    }

    /// Whether the key `entry` has a record with `digest`, when it is tracked.
    func hasVariant(_ entry: Int, digest: RecordDigest) -> Bool { variants[Variant(entry: entry, digest: digest)] != nil }

    /// Tracks the key `entry` from its first record (`digest`, on `line`), whether or not it repeats: the new
    /// export's records of a key the old export has different records of are all kept track of.
    mutating func track(_ entry: Int, digest: RecordDigest, line: Int) {
        guard keys[entry] == nil else { return }
        keys[entry] = TrackedKey(distinct: 1, firstLine: line)
        variants[Variant(entry: entry, digest: digest)] = line
    }

    /// Notes a record of key `entry` (`digest`, on `line`) that an earlier record of the same export has the key
    /// of; `first` and `firstLine` are the digest and line of the key's first record.
    /// - Returns: whether the record is an exact copy of an earlier one (then it is counted here, and left out).
    mutating func noteRepeat(_ entry: Int, digest: RecordDigest, line: Int, first: RecordDigest, firstLine: Int) -> Bool {
        guard let tracked = keys[entry] else {
            if digest == first {
                noteCopy(entry, line: line, of: firstLine)
                return true
            }
            keys[entry] = TrackedKey(distinct: 2, firstLine: firstLine)
            variants[Variant(entry: entry, digest: first)] = firstLine
            variants[Variant(entry: entry, digest: digest)] = line
            noteConflict(entry, lines: [firstLine, line])
            return false
        }
        let variant = Variant(entry: entry, digest: digest)
        if let original = variants[variant] {
            noteCopy(entry, line: line, of: original)
            return true
        }
        variants[variant] = line
        keys[entry]?.distinct += 1
        if tracked.distinct == 1 {
            // A key tracked from its first record (`track`) whose second distinct record this is.
            noteConflict(entry, lines: [tracked.firstLine, line])
        } else if let example = conflictExamples.firstIndex(where: { $0.entry == entry }),
            conflictExamples[example].lines.count < Self.maxLines
        {
            conflictExamples[example].lines.append(line)
        }
        return false
    }

    private mutating func noteCopy(_ entry: Int, line: Int, of original: Int) {
        copies += 1
        if let example = copyExamples.firstIndex(where: { $0.entry == entry }) {
            if copyExamples[example].lines.count < Self.maxLines { copyExamples[example].lines.append(line) }
        } else if copyExamples.count < Self.maxExamples {
            copyExamples.append(Example(entry: entry, lines: [original, line]))
        }
    }

    private mutating func noteConflict(_ entry: Int, lines: [Int]) {
        conflictingKeys += 1
        if conflictExamples.count < Self.maxExamples { conflictExamples.append(Example(entry: entry, lines: lines)) }
    }
}

import AirlockModel
import AirlockReconcile

/// Matches the new export's records of one entity against the old export's key index as they stream, and counts
/// them, following the rule for repeated keys (docs/diff.md, "Repeated keys"):
///
/// - an exact copy (same key and compared values as an earlier record of the same export) is counted once;
/// - a key is unchanged only when the distinct records under it are the same in both exports; otherwise each
///   distinct new record of it goes to the delta, created when the old export lacks the key and changed when it has
///   it, and a key with different records in either export is ambiguous.
///
/// A record's fate is mostly known when it is read. Two cases are not: a key the old export has different records
/// of is decided once the new file has been read (its records are `deferred`), and a key whose first new record
/// was unchanged may show a different record later, which sends that first record to the delta too. Either sets
/// `needsRewrite`: the delta is then written again from the new file in one more pass (`carries`), so that it
/// holds the new export's records in its order. Only keys that repeat are held beyond the index.
struct DiffNewSideMatcher {
    /// What becomes of one record of the new export.
    enum Verdict {
        /// It goes to the delta as created.
        case created
        /// It goes to the delta as changed; the old record of its key is `entry`.
        case changed(Int)
        case unchanged
        /// An exact copy of an earlier record of the new export: counted, and left out.
        case copy
        /// Its key's old records differ from each other: decided by `finish`.
        case deferred
    }

    var index: DiffKeyIndex
    var oldRepeats: DiffKeyRepeats
    private(set) var newRepeats = DiffKeyRepeats()
    private(set) var created = 0
    private(set) var changed = 0
    private(set) var unchanged = 0
    /// Whether a record not sent to the delta as it streamed goes there after all: the delta must be written again.
    private(set) var needsRewrite = false
    /// What became of each ambiguous key (filled by `finish`).
    private(set) var outcomes: [Int: DiffKeyOutcome] = [:]

    init(index: DiffKeyIndex, oldRepeats: DiffKeyRepeats = DiffKeyRepeats()) {
        self.index = index
        self.oldRepeats = oldRepeats
    }

    /// Matches one record of the new export by its key, on `line` (F&O: its line; CMT: its record number);
    /// `digest` is the digest of its compared values.
    mutating func match(key: UnsafeRawBufferPointer, line: Int, digest: RecordDigest) throws -> Verdict {
        switch try index.matchNew(key: key, line: line) {
        case .created(let entry):
            created += 1
            index.noteCarried(entry, digest: digest)
            return .created
        case .existing(let entry):
            if oldRepeats.isTracked(entry) {
                newRepeats.track(entry, digest: digest, line: line)
                return .deferred
            }
            guard digest != index.digest(of: entry) else {
                unchanged += 1
                return .unchanged
            }
            changed += 1
            index.noteCarried(entry, digest: digest)
            return .changed(entry)
        case .repeated(let entry):
            let isCopy = newRepeats.noteRepeat(
                entry, digest: digest, line: line, first: index.digest(of: entry), firstLine: index.line(of: entry))
            if isCopy { return .copy }
            if oldRepeats.isTracked(entry) { return .deferred }
            if entry >= index.oldCount {
                created += 1
                return .created
            }
            changed += 1
            if !index.isCarried(entry) {
                // The key's first new record was the old record unchanged: with another record under the key, it goes
                // to the delta too.
                unchanged -= 1
                changed += 1
                needsRewrite = true
                index.noteCarried(entry, digest: index.digest(of: entry))
            }
            return .changed(entry)
        }
    }

    /// Decides the keys whose old records differ from each other, once every new record has been matched: unchanged
    /// when the new export holds the same distinct records under the key, deleted when it has none, else changed.
    mutating func finish() {
        var differing = Set<Int>()
        newRepeats.forEachVariant { entry, digest in
            if oldRepeats.isTracked(entry), !oldRepeats.hasVariant(entry, digest: digest) { differing.insert(entry) }
        }
        for entry in oldRepeats.trackedKeys {
            guard let new = newRepeats.distinctCount(of: entry) else {
                outcomes[entry] = .deleted
                continue
            }
            if new == oldRepeats.distinctCount(of: entry), !differing.contains(entry) {
                outcomes[entry] = .unchanged
                unchanged += new
            } else {
                outcomes[entry] = .changed
                changed += new
                needsRewrite = true
            }
        }
        for entry in newRepeats.trackedKeys where outcomes[entry] == nil {
            outcomes[entry] = entry >= index.oldCount ? .created : .changed
        }
    }

    /// The ambiguous keys' counts (after `finish`), without examples.
    var ambiguity: DiffAmbiguity {
        var ambiguity = DiffAmbiguity()
        for (entry, outcome) in outcomes {
            let old = entry < index.oldCount ? oldRepeats.distinctCount(of: entry) ?? 1 : 0
            let new = newRepeats.distinctCount(of: entry) ?? 0
            ambiguity.keys += 1
            ambiguity.old += old
            ambiguity.new += new
            switch outcome {
            case .created: ambiguity.created += new
            case .changed: ambiguity.changed += new
            case .unchanged: ambiguity.unchanged += new
            case .deleted: ambiguity.deleted += 1
            }
        }
        return ambiguity
    }

    /// Whether the new record with `key` on `line` goes to the delta, once every record has been matched and
    /// `finish` has run: the first record of each distinct content of a key that was created or changed.
    func carries(key: UnsafeRawBufferPointer, line: Int, digest: RecordDigest) -> Bool {
        guard let entry = index.entry(for: key) else { return false }
        if let outcome = outcomes[entry] {
            guard outcome == .created || outcome == .changed else { return false }
            return newRepeats.firstLine(of: entry, digest: digest) == line
        }
        // The index keeps a line as 32 bits.
        return index.isCarried(entry) && index.line(of: entry) == Int(UInt32(clamping: line))
    }
}

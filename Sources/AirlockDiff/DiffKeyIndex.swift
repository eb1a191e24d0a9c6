import AirlockModel
import AirlockReconcile

/// The key index of one entity: every old record's natural key (its text, for the delete list), the digest of
/// its compared values and a fingerprint per compared value; then the keys of new records the old export lacks,
/// so that a key repeated in the new export is caught too. No record values are kept.
///
/// Keys live in one byte arena; an open-addressing table (at most 70 % full) finds them by a 64-bit digest: each
/// slot holds an entry number and the digest's upper 32 bits, so a probe that does not match is told apart
/// without reading the entry, and a match is confirmed against the key bytes, so matching is exact. About
/// 50 bytes an old record plus its key text and 2 bytes per compared column.
struct DiffKeyIndex {
    /// What matching a new record's key found.
    enum Match {
        /// No old record has the key (it is now remembered as seen).
        case created
        /// The old record `entry` has it.
        case existing(Int)
        /// An earlier record of the new export has it, on this line.
        case repeated(firstLine: Int)
    }

    /// Compared values per record (the stride of the fingerprints).
    let fieldCount: Int
    private var arena: [UInt8] = []
    private var starts: [UInt32] = []
    private var keyEnds: [UInt32] = []
    private var hashes: [UInt64] = []
    private var lines: [UInt32] = []
    private var seen: [Bool] = []
    private var digests: [RecordDigest] = []
    private var prints: [UInt16] = []
    /// Per slot: 0 (empty), or the digest's upper 32 bits above the entry number plus one.
    private var slots = [UInt64](repeating: 0, count: 1024)
    /// Entries made from the old export (they come first).
    private(set) var oldCount = 0

    init(fieldCount: Int) {
        self.fieldCount = fieldCount
    }

    var count: Int { starts.count }

    /// Files an old record. `extra` is kept beside the key for the delete list (e.g. a record's name) and is not
    /// part of it.
    /// - Returns: the line of the earlier old record with the same key, if any (then nothing is filed).
    /// - Throws: `AirlockError(.limitExceeded)` past 2³¹ − 1 records or 4 GiB of key text.
    mutating func insertOld(key: [UInt8], extra: [UInt8] = [], digest: RecordDigest, prints fieldPrints: [UInt16], line: Int) throws -> Int?
    {
        let hash = Self.hash(key)
        if let entry = find(key, hash: hash) { return Int(lines[entry]) }
        try append(key, extra: extra, hash: hash, line: line, seen: false)
        digests.append(digest)
        prints.append(contentsOf: fieldPrints)
        oldCount += 1
        return nil
    }

    /// Matches a new record's key against the old records and the new keys seen so far.
    mutating func matchNew(key: [UInt8], line: Int) throws -> Match {
        let hash = Self.hash(key)
        guard let entry = find(key, hash: hash) else {
            try append(key, extra: [], hash: hash, line: line, seen: true)
            return .created
        }
        if seen[entry] { return .repeated(firstLine: Int(lines[entry])) }
        seen[entry] = true
        lines[entry] = UInt32(clamping: line)
        return .existing(entry)
    }

    func digest(of entry: Int) -> RecordDigest { digests[entry] }

    func prints(of entry: Int) -> ArraySlice<UInt16> { prints[entry * fieldCount..<(entry + 1) * fieldCount] }

    /// The old records no new record matched, in old-export order.
    var unseenOld: [Int] { (0..<oldCount).filter { !seen[$0] } }

    /// The key parts of `entry`, as text.
    func keyParts(of entry: Int) -> [String] {
        DiffKeyBuilder.parts(arena[Int(starts[entry])..<Int(keyEnds[entry])])
    }

    /// The extra parts filed with `entry`, as text.
    func extraParts(of entry: Int) -> [String] {
        let end = entry + 1 < starts.count ? Int(starts[entry + 1]) : arena.count
        return DiffKeyBuilder.parts(arena[Int(keyEnds[entry])..<end])
    }

    // MARK: table

    private static func hash(_ key: [UInt8]) -> UInt64 {
        key.withUnsafeBytes { KeyDigester.finalised(KeyDigester.fnv1a($0)) }
    }

    private func find(_ key: [UInt8], hash: UInt64) -> Int? {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        let tag = hash >> 32
        return arena.withUnsafeBytes { arena in
            key.withUnsafeBytes { key in
                while true {
                    let value = slots[slot]
                    if value == 0 { return nil }
                    if value >> 32 == tag {
                        let entry = Int(truncatingIfNeeded: value & 0xFFFF_FFFF) - 1
                        let start = Int(starts[entry])
                        if UnsafeRawBufferPointer(rebasing: arena[start..<Int(keyEnds[entry])]).hasSameBytes(as: key) { return entry }
                    }
                    slot = (slot &+ 1) & mask
                }
            }
        }
    }

    private mutating func append(_ key: [UInt8], extra: [UInt8], hash: UInt64, line: Int, seen isSeen: Bool) throws {
        guard starts.count < Int(Int32.max) - 1, arena.count + key.count + extra.count < Int(UInt32.max) else {
            throw AirlockError(.limitExceeded, "an entity has more records or key text than the diff's key index holds (2³¹ keys, 4 GiB)")
        }
        let entry = starts.count
        starts.append(UInt32(arena.count))
        arena.append(contentsOf: key)
        keyEnds.append(UInt32(arena.count))
        arena.append(contentsOf: extra)
        hashes.append(hash)
        lines.append(UInt32(clamping: line))
        seen.append(isSeen)
        if (entry + 1) * 10 > slots.count * 7 { grow() } else { place(entry) }
    }

    private mutating func place(_ entry: Int) {
        let mask = slots.count - 1
        let hash = hashes[entry]
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] != 0 { slot = (slot &+ 1) & mask }
        slots[slot] = (hash >> 32) << 32 | UInt64(entry + 1)
    }

    private mutating func grow() {
        slots = [UInt64](repeating: 0, count: slots.count * 2)
        for entry in 0..<starts.count { place(entry) }
    }
}

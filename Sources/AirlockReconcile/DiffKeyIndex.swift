import AirlockModel

/// The key index of one entity of an earlier export: every old record's natural key (its text, for a delete list),
/// the digest of its compared values and, where asked, a fingerprint per compared value; then the keys of new
/// records the old export lacks, so that a key repeated in the new export is found too. No record values are kept.
/// `diff` matches a new export against it, and `convert --since` tells unchanged source records by it.
///
/// Keys live in one byte arena; an open-addressing table (at most 70 % full) finds them by a 64-bit hash: each
/// slot holds an entry number and the hash's upper 32 bits, so a probe that does not match is told apart
/// without reading the entry, and a match is confirmed against the key bytes, so matching is exact. An entry
/// keeps its key's place, line, digest and whether a new record matched it side by side (one cache line read per
/// match). About 50 bytes an old record plus its key text and 2 bytes per fingerprinted column.
public struct DiffKeyIndex: Sendable {
    /// What matching a new record's key found.
    public enum Match {
        /// No old record has the key: it is now filed as `entry`, seen.
        case created(Int)
        /// The old record `entry` has it.
        case existing(Int)
        /// An earlier record of the new export has it: the key's entry (an old record's, or the one `created` filed),
        /// whose line is now the earlier new record's.
        case repeated(Int)
    }

    /// One key filed: where its bytes lie in the arena, the record's line and digest, whether it was matched and
    /// whether the new record that matched it went to a delta (both flags fit in the padding the other fields leave).
    private struct Entry {
        var hash: UInt64
        var digest: RecordDigest
        var keyStart: UInt32
        var keyEnd: UInt32
        var line: UInt32
        var seen: Bool
        var carried = false
    }

    /// Fingerprints per old record (the stride of `prints`).
    public let fieldCount: Int
    private var arena = ByteStore(capacity: 4096)
    private var entries: [Entry] = []
    private var prints: [UInt16] = []
    /// Per slot: 0 (empty), or the key hash's upper 32 bits above the entry number plus one.
    private var slots = [UInt64](repeating: 0, count: 1024)
    /// The entry the last `matchNew` found: exports list records in the same order more often than not, so the
    /// next new record's key is tried against the entry after it before the table is probed.
    private var lastMatched = -1
    /// Entries made from the old export (they come first).
    public private(set) var oldCount = 0
    /// Old entries in the table; those from here to `oldCount` were filed by `appendOld` and wait for
    /// `placeAppended`.
    private var placedCount = 0

    /// An empty index whose old records carry `fieldCount` fingerprints each (0: none).
    public init(fieldCount: Int) {
        self.fieldCount = fieldCount
    }

    public var count: Int { entries.count }

    /// Makes room for `oldRecords` records in all, with `keyBytes` of key and extra text, so that the index is not
    /// copied as it grows to them (the table is sized when the records are placed).
    public mutating func reserve(oldRecords: Int, keyBytes: Int) {
        guard oldRecords > entries.count else { return }
        entries.reserveCapacity(oldRecords)
        prints.reserveCapacity(oldRecords * fieldCount)
        arena.reserve(keyBytes)
    }

    /// Files an old record. `extra` is kept beside the key for the delete list (e.g. a record's name) and is not
    /// part of it; `prints` must hold `fieldCount` fingerprints.
    /// - Returns: the entry of the earlier old record with the same key, if any (then nothing is filed: the first
    ///   record of a key is kept).
    /// - Throws: `AirlockError(.limitExceeded)` past 2³¹ − 1 records or 4 GiB of key text.
    public mutating func insertOld(
        key: UnsafeRawBufferPointer, extra: UnsafeRawBufferPointer = UnsafeRawBufferPointer(start: nil, count: 0), digest: RecordDigest,
        prints fieldPrints: [UInt16] = [], line: Int
    ) throws -> Int? {
        precondition(placedCount == oldCount, "insertOld after appendOld without placeAppended")
        let hash = Self.hash(key)
        if let entry = find(key, hash: hash) { return entry }
        try append(key, extra: extra, hash: hash, digest: digest, line: line, seen: false)
        prints.append(contentsOf: fieldPrints)
        oldCount += 1
        placedCount = oldCount
        return nil
    }

    /// Files an old record like `insertOld`, but leaves finding it (and its key's repeats) to `placeAppended`: a
    /// file read record by record then costs no random access to the table per record, and the table is filled in
    /// one pass at the end, several of its cache misses at a time.
    public mutating func appendOld(key: UnsafeRawBufferPointer, digest: RecordDigest, prints fieldPrints: [UInt16] = [], line: Int) throws {
        precondition(oldCount == entries.count, "appendOld after a new record was matched")
        try append(
            key, extra: UnsafeRawBufferPointer(start: nil, count: 0), hash: Self.hash(key), digest: digest, line: line, seen: false,
            placing: false)
        prints.append(contentsOf: fieldPrints)
        oldCount += 1
    }

    /// A later old record whose key an earlier one has: the later record's entry, and the entry of the key's first
    /// record (the one in the table).
    public struct RepeatedKey: Sendable, Equatable {
        public var entry: Int
        public var first: Int

        public init(entry: Int, first: Int) {
            self.entry = entry
            self.first = first
        }
    }

    /// Puts the records `appendOld` filed into the table, in the order filed. A record whose key an earlier record
    /// has stays out of the table (the first is kept: new records are matched against it) and counts as matched (it
    /// is no delete); its entry keeps its line and digest.
    /// - Returns: every such record, in the order filed (none in an export whose keys are unique).
    @discardableResult
    public mutating func placeAppended() -> [RepeatedKey] {
        guard placedCount < oldCount else { return [] }
        var capacity = slots.count
        while entries.count * 10 > capacity * 7 { capacity *= 2 }
        if capacity > slots.count {
            slots = [UInt64](repeating: 0, count: capacity)
            for entry in 0..<placedCount { place(entry) }
        }
        var repeated: [RepeatedKey] = []
        let batch = 16
        var firstSlots = [UInt64](repeating: 0, count: batch)
        let mask = slots.count - 1
        var start = placedCount
        while start < oldCount {
            let end = min(start + batch, oldCount)
            // The batch's first slots are read before any is used, so that their cache misses overlap.
            for entry in start..<end { firstSlots[entry - start] = slots[Int(truncatingIfNeeded: entries[entry].hash) & mask] }
            for entry in start..<end {
                let hash = entries[entry].hash
                let slot = Int(truncatingIfNeeded: hash) & mask
                if firstSlots[entry - start] == 0, slots[slot] == 0 {
                    slots[slot] = (hash >> 32) << 32 | UInt64(entry + 1)
                } else if let first = placedEntry(withKeyOf: entry) {
                    entries[entry].seen = true
                    repeated.append(RepeatedKey(entry: entry, first: first))
                } else {
                    place(entry)
                }
            }
            start = end
        }
        placedCount = oldCount
        return repeated
    }

    /// Matches a new record's key against the old records and the new keys seen so far.
    public mutating func matchNew(key: UnsafeRawBufferPointer, line: Int) throws -> Match {
        precondition(placedCount == oldCount, "matchNew before placeAppended")
        let next = lastMatched + 1
        if next < oldCount, !entries[next].seen, hasKey(next, key) {
            // The same entry `find` would give: an unseen old entry is in the table (an old record repeating an
            // earlier one's key is filed seen, and left out of it).
            lastMatched = next
            return claim(next, line: line)
        }
        let hash = Self.hash(key)
        guard let entry = find(key, hash: hash) else {
            let entry = entries.count
            try append(
                key, extra: UnsafeRawBufferPointer(start: nil, count: 0), hash: hash, digest: RecordDigest(high: 0, low: 0), line: line,
                seen: true)
            return .created(entry)
        }
        if entry < oldCount { lastMatched = entry }
        return claim(entry, line: line)
    }

    /// The old record with `key`, without marking it matched; nil when no old record has it.
    public func oldEntry(for key: UnsafeRawBufferPointer) -> Int? {
        guard let entry = find(key, hash: Self.hash(key)), entry < oldCount else { return nil }
        return entry
    }

    /// The entry of `key` (an old record's, or the one a new record's `created` filed), without marking anything;
    /// nil when neither export has it.
    public func entry(for key: UnsafeRawBufferPointer) -> Int? {
        find(key, hash: Self.hash(key))
    }

    /// The digest filed with `entry`: the old record's, until `noteCarried` replaces it with a new record's.
    public func digest(of entry: Int) -> RecordDigest { entries[entry].digest }

    /// Notes that the first new record of `entry`'s key, whose digest is `digest`, went to the delta: the digest
    /// replaces the one filed (a later new record of the key is then compared with it, not with the old record).
    public mutating func noteCarried(_ entry: Int, digest: RecordDigest) {
        entries[entry].digest = digest
        entries[entry].carried = true
    }

    /// Whether the first new record of `entry`'s key went to the delta (`noteCarried`).
    public func isCarried(_ entry: Int) -> Bool { entries[entry].carried }

    /// The line filed with `entry` (of the old record, or of the new record that matched or created it).
    public func line(of entry: Int) -> Int { Int(entries[entry].line) }

    public func prints(of entry: Int) -> ArraySlice<UInt16> { prints[entry * fieldCount..<(entry + 1) * fieldCount] }

    /// The old records no new record matched, in old-export order.
    public var unseenOld: [Int] { (0..<oldCount).filter { !entries[$0].seen } }

    /// The key parts of `entry`, as text.
    public func keyParts(of entry: Int) -> [String] {
        DiffKeyBuilder.parts(arena[Int(entries[entry].keyStart)..<Int(entries[entry].keyEnd)])
    }

    /// The extra parts filed with `entry`, as text.
    public func extraParts(of entry: Int) -> [String] {
        let end = entry + 1 < entries.count ? Int(entries[entry + 1].keyStart) : arena.count
        return DiffKeyBuilder.parts(arena[Int(entries[entry].keyEnd)..<end])
    }

    // MARK: table

    private static func hash(_ key: UnsafeRawBufferPointer) -> UInt64 {
        ValueHash.hash(key)
    }

    /// Marks `entry` matched by a new record on `line`, unless an earlier new record matched it.
    private mutating func claim(_ entry: Int, line: Int) -> Match {
        if entries[entry].seen { return .repeated(entry) }
        entries[entry].seen = true
        entries[entry].line = UInt32(clamping: line)
        return .existing(entry)
    }

    /// Whether `entry`'s key is `key`.
    private func hasKey(_ entry: Int, _ key: UnsafeRawBufferPointer) -> Bool {
        let start = Int(entries[entry].keyStart)
        let end = Int(entries[entry].keyEnd)
        guard end - start == key.count else { return false }
        return arena.withBytes { arena in UnsafeRawBufferPointer(rebasing: arena[start..<end]).hasSameBytes(as: key) }
    }

    /// The entry in the table whose key is `entry`'s, if any.
    private func placedEntry(withKeyOf entry: Int) -> Int? {
        let start = Int(entries[entry].keyStart)
        let end = Int(entries[entry].keyEnd)
        return arena.withBytes { arena in
            find(UnsafeRawBufferPointer(rebasing: arena[start..<end]), hash: entries[entry].hash)
        }
    }

    private func find(_ key: UnsafeRawBufferPointer, hash: UInt64) -> Int? {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        let tag = hash >> 32
        return slots.withUnsafeBufferPointer { slots in
            while true {
                let value = slots[slot]
                if value == 0 { return nil }
                if value >> 32 == tag {
                    let entry = Int(truncatingIfNeeded: value & 0xFFFF_FFFF) - 1
                    if hasKey(entry, key) { return entry }
                }
                slot = (slot &+ 1) & mask
            }
        }
    }

    /// Files an entry; with `placing`, puts it in the table too (growing the table first when it is full).
    private mutating func append(
        _ key: UnsafeRawBufferPointer, extra: UnsafeRawBufferPointer, hash: UInt64, digest: RecordDigest, line: Int, seen: Bool,
        placing: Bool = true
    ) throws {
        guard entries.count < Int(Int32.max) - 1, arena.count + key.count + extra.count < Int(UInt32.max) else {
            throw AirlockError(.limitExceeded, "an entity has more records or key text than the diff's key index holds (2³¹ keys, 4 GiB)")
        }
        let entry = entries.count
        let start = UInt32(arena.count)
        arena.append(key)
        entries.append(
            Entry(hash: hash, digest: digest, keyStart: start, keyEnd: UInt32(arena.count), line: UInt32(clamping: line), seen: seen))
        arena.append(extra)
        guard placing else { return }
        if (entry + 1) * 10 > slots.count * 7 { grow() } else { place(entry) }
    }

    private mutating func place(_ entry: Int) {
        let mask = slots.count - 1
        let hash = entries[entry].hash
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] != 0 { slot = (slot &+ 1) & mask }
        slots[slot] = (hash >> 32) << 32 | UInt64(entry + 1)
    }

    private mutating func grow() {
        slots = [UInt64](repeating: 0, count: slots.count * 2)
        for entry in 0..<entries.count { place(entry) }
    }
}

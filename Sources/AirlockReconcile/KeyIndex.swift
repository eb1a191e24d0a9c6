import AirlockModel

/// An exact index from natural key to row over one table, with the table's duplicate and incomplete keys.
///
/// Keys are normalised (`KeyNormalization`), encoded unambiguously (company first when the key has one, then
/// each part, every part length-prefixed) and filed in an open-addressing table of 64-bit digests and 32-bit
/// row numbers: 12 bytes a slot, at most 70 % full, so about 17–24 bytes a key on top of the table itself.
/// No key text is copied: a digest match is confirmed against the key re-read from the table's bytes, so the
/// result is exact even when digests collide.
///
/// **Duplicates: the first row in file order is kept.** Later rows with the same normalised key are listed in
/// `duplicates` (each with the row kept) for the caller to reject as `duplicate-key`; nothing is merged. The
/// first row wins because that decision is final as soon as the row is read (later input never changes it),
/// it does not depend on sorting, and it is the row a person scanning the file finds first.
///
/// Rows with a null or (after normalisation) empty key part are not indexed; they are listed in
/// `incompleteRows` for the caller to reject as `missing-required`.
public struct KeyIndex: Sendable {
    /// The key as bound to the indexed table (which it holds, sharing storage).
    public let key: BoundKey
    public let normalization: KeyNormalization
    let digester: KeyDigester
    var digests: [UInt64]
    var rows: [Int32]
    let mask: Int
    /// Number of distinct keys indexed.
    public private(set) var count: Int = 0
    /// Rows whose key an earlier row already has, in file order.
    public private(set) var duplicates: [KeyDuplicate] = []
    /// Rows with a null or empty key part, in file order.
    public private(set) var incompleteRows: [Int] = []

    /// The indexed table.
    public var table: Table { key.table }

    /// Indexes every row of `table` by the key `definition` describes.
    /// - Parameters:
    ///   - table: the rows to index.
    ///   - definition: key columns and company source.
    ///   - normalization: how key parts are normalised; case-insensitive by default (see `KeyNormalization`).
    ///   - digester: the digest function; tests inject a weak one to force collisions.
    /// - Throws: `AirlockError(.missingColumn)` when a key column is missing; `AirlockError(.limitExceeded)`
    ///   past 2³¹ − 1 rows.
    public init(
        table: Table,
        key definition: KeyDefinition,
        normalization: KeyNormalization = .caseInsensitive,
        digester: KeyDigester = .standard
    ) throws {
        guard table.rowCount < Int(Int32.max) else {
            throw AirlockError(.limitExceeded, "table \(table.name) has \(table.rowCount) rows; a key index holds at most \(Int32.max - 1)")
        }
        let key = try BoundKey(table: table, definition: definition)
        var capacity = 16
        while capacity * 7 / 10 < table.rowCount { capacity *= 2 }
        self.key = key
        self.normalization = normalization
        self.digester = digester
        self.digests = [UInt64](repeating: 0, count: capacity)
        self.rows = [Int32](repeating: -1, count: capacity)
        self.mask = capacity - 1
        var buffer: [UInt8] = []
        buffer.reserveCapacity(64)
        for row in 0..<table.rowCount {
            guard key.encode(row: row, normalization: normalization, into: &buffer) else {
                incompleteRows.append(row)
                continue
            }
            let digest = buffer.withUnsafeBytes(digester.digest)
            var slot = Int(truncatingIfNeeded: digest) & mask
            var kept: Int?
            while rows[slot] >= 0 {
                if digests[slot] == digest {
                    let candidate = Int(rows[slot])
                    if buffer.withUnsafeBytes({ key.matches(row: candidate, normalization: normalization, encoded: $0) }) {
                        kept = candidate
                        break
                    }
                }
                slot = (slot &+ 1) & mask
            }
            if let kept {
                duplicates.append(KeyDuplicate(row: row, keptRow: kept))
            } else {
                digests[slot] = digest
                rows[slot] = Int32(truncatingIfNeeded: row)
                count += 1
            }
        }
    }

    /// The row holding `naturalKey`, or nil when no row has it or the key is incomplete.
    ///
    /// The key must have a company exactly when the index's key definition does.
    public func row(for naturalKey: NaturalKey) -> Int? {
        guard (naturalKey.company != nil) == key.definition.hasCompany, naturalKey.parts.count == key.columns.count else { return nil }
        var buffer: [UInt8] = []
        buffer.reserveCapacity(64)
        guard naturalKey.encode(normalization: normalization, into: &buffer) else { return nil }
        return find(buffer)
    }

    /// The row whose key equals row `row`'s key under `probe` (another table's key, e.g. a mapped source),
    /// normalised with this index's rules; nil when absent or incomplete.
    /// - Precondition: `isCompatible(with: probe)`.
    public func row(matching probe: BoundKey, row: Int) -> Int? {
        var buffer: [UInt8] = []
        buffer.reserveCapacity(64)
        guard probe.encode(row: row, normalization: normalization, into: &buffer) else { return nil }
        return find(buffer)
    }

    /// Whether keys read through `probe` have the same shape (part count, company or not) as this index's keys.
    public func isCompatible(with probe: BoundKey) -> Bool {
        probe.columns.count == key.columns.count && probe.definition.hasCompany == key.definition.hasCompany
    }

    /// Whether `naturalKey` is in the index.
    public func contains(_ naturalKey: NaturalKey) -> Bool { row(for: naturalKey) != nil }

    func find(_ buffer: [UInt8]) -> Int? {
        buffer.withUnsafeBytes { find(encoded: $0) }
    }

    /// The row whose key is `encoded` (in `BoundKey`'s encoding), or nil.
    func find(encoded: UnsafeRawBufferPointer) -> Int? {
        let digest = digester.digest(encoded)
        var slot = Int(truncatingIfNeeded: digest) & mask
        while rows[slot] >= 0 {
            if digests[slot] == digest {
                let candidate = Int(rows[slot])
                if key.matches(row: candidate, normalization: normalization, encoded: encoded) { return candidate }
            }
            slot = (slot &+ 1) & mask
        }
        return nil
    }

    /// Bytes held by the index itself (slots, duplicate and incomplete lists), not counting the table.
    public var byteCount: Int {
        digests.count * 8 + rows.count * 4 + duplicates.count * 16 + incompleteRows.count * 8
    }
}

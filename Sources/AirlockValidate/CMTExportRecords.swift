import AirlockIO
import AirlockModel
import AirlockPackages

/// The record ids of a Configuration Migration export of the target, read once: what `validate --against` knows the
/// target holds. Keeps 16 bytes per record in one sorted array per entity (`CMTSortedIDs`), not the records (a set's
/// overhead, and the copy it makes as it grows, were as much again).
public final class CMTExportRecords: CMTTargetRecords, CMTRecordConsumer, @unchecked Sendable {
    // Filled by `read`, `gathering` or `add`, on one thread, then sorted (`finish`, `seal`) before it is shared;
    // read-only afterwards.
    private var gathered: [String: [CMTGUID]] = [:]
    private var ids: [String: CMTSortedIDs] = [:]
    private var section: String?
    private var idColumn: Int?
    /// The entity `add` adds to, its list held out of `gathered` while ids come for it.
    private var adding: (entity: String, list: [CMTGUID])?

    private init() {}

    /// The ids of every record of the export at `path` (zip or folder).
    /// - Throws: `AirlockError` when the export cannot be read.
    /// - Parameter countsAs: what its records count as in the progress lines (`.checked` for a file read before).
    public static func read(path: String, countsAs: RecordTally.Kind = .read) throws -> CMTExportRecords {
        let records = CMTExportRecords()
        let reader = try CMTPackageReader(source: openPackageSource(path: path), countsAs: countsAs)
        _ = try reader.readRecords(into: records, valueProblems: .collect)
        records.finish()
        return records
    }

    /// The records whose ids `body` hands to `add`, entity by entity (a value that is no GUID is no record's id):
    /// the export as pieces of it were kept elsewhere (the shards of a conversion).
    /// - Throws: what `body` throws.
    public static func gathering(_ body: (_ add: (_ entity: String, _ id: UnsafeRawBufferPointer) -> Void) throws -> Void) rethrows
        -> CMTExportRecords
    {
        let records = CMTExportRecords()
        // The entity being added to holds its list out of the dictionary: ids come entity by entity, and a lookup
        // by name for each would cost more than reading the id.
        var entity: String?
        var list: [CMTGUID] = []
        try body { name, id in
            if name != entity {
                if let entity { records.gathered[entity] = list }
                entity = name
                list = records.gathered.removeValue(forKey: name) ?? []
            }
            if let guid = CMTGUID(id) { list.append(guid) }
        }
        if let entity { records.gathered[entity] = list }
        records.finish()
        return records
    }

    /// An empty set of records to add to a record at a time (`add(_:of:)`) and then `seal()`: the records of a
    /// package as they are cut into batches, without reading the batches again.
    public static func adding() -> CMTExportRecords { CMTExportRecords() }

    /// Adds the record of `entity` whose id is `id` (a value that is no GUID is no record's id). Before `seal()` only.
    public func add(_ id: UnsafeRawBufferPointer, of entity: String) {
        guard let guid = CMTGUID(id) else { return }
        if adding?.entity != entity {
            if let adding { gathered[adding.entity] = adding.list }
            adding = (entity, gathered.removeValue(forKey: entity) ?? [])
        }
        adding?.list.append(guid)
    }

    /// Sorts the records added (`add(_:of:)`), after which they are read and shared, not added to.
    public func seal() {
        if let adding { gathered[adding.entity] = adding.list }
        adding = nil
        finish()
    }

    /// How many records the export holds.
    public var count: Int { ids.values.reduce(0) { $0 + $1.count } }

    public func holds(entity: String, id: String) -> Bool {
        guard let guid = CMTGUID(id) else { return false }
        return ids[entity]?.contains(guid) == true
    }

    public func holds(entity: String, guidHigh high: UInt64, low: UInt64) -> Bool {
        ids[entity]?.contains(CMTGUID(high: high, low: low)) == true
    }

    /// Sorts each entity's ids and drops repeats, for `holds`' search (`CMTSortedIDs`). Each list is taken out of the
    /// dictionary while it is sorted, so that it is sorted in place, and let go of once sorted.
    private func finish() {
        for entity in Array(gathered.keys) {
            guard let list = gathered.removeValue(forKey: entity) else { continue }
            ids[entity] = CMTSortedIDs(sorting: list)
        }
    }

    public func beginSection(name: String, columns: [String]) throws {
        section = name
        idColumn = columns.firstIndex(of: CMTRecordTable.idColumn)
    }

    public func addColumn(_ name: String) throws {}

    public func consume(_ record: CMTRecordValues) throws {
        guard let section, let idColumn, let guid = record.withValue(idColumn, { $0.flatMap(CMTGUID.init) }) else { return }
        gathered[section, default: []].append(guid)
    }

    public func endSection() throws {
        section = nil
        idColumn = nil
    }
}

extension [CMTGUID] {
    /// Drops each element equal to the one before it (of a sorted array: every repeat).
    mutating func removeRepeats() {
        guard count > 1 else { return }
        var kept = 1
        for index in 1..<count where self[index] != self[kept - 1] {
            self[kept] = self[index]
            kept += 1
        }
        removeSubrange(kept...)
    }
}

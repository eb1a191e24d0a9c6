/// Lookups whose target could not be confirmed when they were read (the target entity comes later in
/// `data.xml`, is the entity being read, or did not hold the record yet), kept in flat arrays (48 bytes each)
/// to be resolved once every record id is known.
struct CMTPendingLookups {
    struct Entry {
        var target: CMTGUID
        var targetEntity: Int
        var sourceEntity: Int
        var field: Int
        var line: Int
        /// nil when the source record's id is not a GUID.
        var record: CMTGUID?
    }

    private var targetHigh: [UInt64] = []
    private var targetLow: [UInt64] = []
    private var recordHigh: [UInt64] = []
    private var recordLow: [UInt64] = []
    private var targetEntities: [Int32] = []
    private var sourceEntities: [Int32] = []
    private var fields: [Int32] = []
    private var lines: [UInt32] = []
    /// Bit 0: the source record id is a GUID.
    private var flags: [UInt8] = []

    var count: Int { lines.count }

    mutating func append(_ entry: Entry) {
        targetHigh.append(entry.target.high)
        targetLow.append(entry.target.low)
        recordHigh.append(entry.record?.high ?? 0)
        recordLow.append(entry.record?.low ?? 0)
        targetEntities.append(Int32(truncatingIfNeeded: entry.targetEntity))
        sourceEntities.append(Int32(truncatingIfNeeded: entry.sourceEntity))
        fields.append(Int32(truncatingIfNeeded: entry.field))
        lines.append(UInt32(clamping: entry.line))
        flags.append(entry.record == nil ? 0 : 1)
    }

    subscript(index: Int) -> Entry {
        Entry(
            target: CMTGUID(high: targetHigh[index], low: targetLow[index]), targetEntity: Int(targetEntities[index]),
            sourceEntity: Int(sourceEntities[index]), field: Int(fields[index]), line: Int(lines[index]),
            record: flags[index] & 1 == 1 ? CMTGUID(high: recordHigh[index], low: recordLow[index]) : nil)
    }
}

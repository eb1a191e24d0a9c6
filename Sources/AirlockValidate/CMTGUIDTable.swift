/// The record ids of one entity with the line each first appeared on, in compact memory.
///
/// Open addressing over three flat arrays (two 64-bit words and a 32-bit line per slot, at most 70 % full):
/// 29 to 57 bytes per record, against about 100 for a `Dictionary<String, Int>`.
struct CMTGUIDTable {
    private var high: [UInt64] = []
    private var low: [UInt64] = []
    /// 0 marks an empty slot; stored lines are at least 1.
    private var lines: [UInt32] = []
    private(set) var count = 0

    /// Adds `id` first seen on `line`. Returns nil when it is new, else the line it was first seen on.
    mutating func insert(_ id: CMTGUID, line: Int) -> Int? {
        if (count + 1) * 10 > lines.count * 7 { grow() }
        let mask = lines.count - 1
        var slot = Int(truncatingIfNeeded: id.spread) & mask
        while lines[slot] != 0 {
            if high[slot] == id.high && low[slot] == id.low { return Int(lines[slot]) }
            slot = (slot + 1) & mask
        }
        high[slot] = id.high
        low[slot] = id.low
        lines[slot] = UInt32(clamping: max(1, line))
        count += 1
        return nil
    }

    /// Whether `id` is in the table.
    func contains(_ id: CMTGUID) -> Bool {
        guard !lines.isEmpty else { return false }
        let mask = lines.count - 1
        var slot = Int(truncatingIfNeeded: id.spread) & mask
        while lines[slot] != 0 {
            if high[slot] == id.high && low[slot] == id.low { return true }
            slot = (slot + 1) & mask
        }
        return false
    }

    private mutating func grow() {
        let oldHigh = high
        let oldLow = low
        let oldLines = lines
        let capacity = max(64, lines.count * 2)
        high = Array(repeating: 0, count: capacity)
        low = Array(repeating: 0, count: capacity)
        lines = Array(repeating: 0, count: capacity)
        let mask = capacity - 1
        for index in oldLines.indices where oldLines[index] != 0 {
            var slot = Int(truncatingIfNeeded: CMTGUID(high: oldHigh[index], low: oldLow[index]).spread) & mask
            while lines[slot] != 0 { slot = (slot + 1) & mask }
            high[slot] = oldHigh[index]
            low[slot] = oldLow[index]
            lines[slot] = oldLines[index]
        }
    }
}

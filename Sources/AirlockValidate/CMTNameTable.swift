/// The primary names seen in one entity, as 64-bit hashes with the first record and line of each, in compact
/// memory (28 bytes per slot, at most 70 % full), for the name-match risk check.
struct CMTNameTable {
    private var hashes: [UInt64] = []
    private var firstHigh: [UInt64] = []
    private var firstLow: [UInt64] = []
    /// 0 marks an empty slot; stored lines are at least 1.
    private var lines: [UInt32] = []
    private(set) var count = 0

    /// Adds a name (by hash) first seen in `record` on `line`. Returns nil when it is new, else its first record and line.
    mutating func insert(hash: UInt64, record: CMTGUID, line: Int) -> (record: CMTGUID, line: Int)? {
        if (count + 1) * 10 > lines.count * 7 { grow() }
        let mask = lines.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while lines[slot] != 0 {
            if hashes[slot] == hash { return (CMTGUID(high: firstHigh[slot], low: firstLow[slot]), Int(lines[slot])) }
            slot = (slot + 1) & mask
        }
        hashes[slot] = hash
        firstHigh[slot] = record.high
        firstLow[slot] = record.low
        lines[slot] = UInt32(clamping: max(1, line))
        count += 1
        return nil
    }

    /// FNV-1a over the name's UTF-8, finished with a mixer so the low bits index the table well.
    static func hash(_ name: String) -> UInt64 {
        var value: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in name.utf8 {
            value ^= UInt64(byte)
            value = value &* 0x0000_0100_0000_01B3
        }
        value = (value ^ (value >> 33)) &* 0xFF51_AFD7_ED55_8CCD
        return value ^ (value >> 33)
    }

    private mutating func grow() {
        let oldHashes = hashes
        let oldHigh = firstHigh
        let oldLow = firstLow
        let oldLines = lines
        let capacity = max(64, lines.count * 2)
        hashes = Array(repeating: 0, count: capacity)
        firstHigh = Array(repeating: 0, count: capacity)
        firstLow = Array(repeating: 0, count: capacity)
        lines = Array(repeating: 0, count: capacity)
        let mask = capacity - 1
        for index in oldLines.indices where oldLines[index] != 0 {
            var slot = Int(truncatingIfNeeded: oldHashes[index]) & mask
            while lines[slot] != 0 { slot = (slot + 1) & mask }
            hashes[slot] = oldHashes[index]
            firstHigh[slot] = oldHigh[index]
            firstLow[slot] = oldLow[index]
            lines[slot] = oldLines[index]
        }
    }
}

/// The record ids seen so far in one entity, to report repeated ids in bounded, compact memory.
///
/// GUIDs are kept as two 64-bit words in an open-addressing table (about 25 bytes per record at the 0.7
/// load factor), so a million records cost about 25 MB; ids that are not GUIDs fall back to a `Set<String>`.
struct CMTRecordIDSet {
    private var high: [UInt64] = []
    private var low: [UInt64] = []
    private var used: [Bool] = []
    private var count = 0
    private var others = Set<String>()

    /// Adds `id`; returns false when it was already there.
    mutating func insert(_ id: UnsafeRawBufferPointer) -> Bool {
        guard let (h, l) = CMTValueCodec.guidBytes(id) else {
            return others.insert(String(decoding: id, as: UTF8.self).lowercased()).inserted
        }
        if (count + 1) * 10 > used.count * 7 { grow() }
        return insert(h, l)
    }

    private mutating func insert(_ h: UInt64, _ l: UInt64) -> Bool {
        let mask = used.count - 1
        var slot = Int(truncatingIfNeeded: Self.mix(h ^ (l &* 0x9E37_79B9_7F4A_7C15))) & mask
        while used[slot] {
            if high[slot] == h && low[slot] == l { return false }
            slot = (slot + 1) & mask
        }
        used[slot] = true
        high[slot] = h
        low[slot] = l
        count += 1
        return true
    }

    private mutating func grow() {
        let oldHigh = high
        let oldLow = low
        let oldUsed = used
        let capacity = max(1024, used.count * 2)
        high = Array(repeating: 0, count: capacity)
        low = Array(repeating: 0, count: capacity)
        used = Array(repeating: false, count: capacity)
        count = 0
        for index in oldUsed.indices where oldUsed[index] {
            _ = insert(oldHigh[index], oldLow[index])
        }
    }

    /// SplitMix64's finaliser: sequential GUIDs (SQL Server's newsequentialid) spread over the table.
    private static func mix(_ value: UInt64) -> UInt64 {
        var z = value &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

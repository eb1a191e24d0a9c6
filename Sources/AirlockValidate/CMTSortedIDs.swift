/// One entity's record ids, sorted and without repeats, with where each run of ids sharing their first bits starts:
/// a search looks up its id's run and searches that alone, a cache line or two rather than the whole list (random
/// GUIDs spread evenly, so a run holds about `idsPerRun`; ids that share their first bits, as sequential GUIDs do, fall
/// into few runs and are searched as one list). 16 bytes an id and half a byte for the runs' starts.
struct CMTSortedIDs {
    /// About how many random ids a run holds.
    static let idsPerRun = 8

    private let ids: [CMTGUID]
    /// `starts[run] ..< starts[run + 1]` are the ids whose first bits are `run`.
    private let starts: [UInt32]
    /// The first bits are the id's `high >> shift`; 64 when there is one run.
    private let shift: UInt64

    /// `ids` sorted, repeats dropped (in place when the caller let go of them).
    init(sorting ids: consuming [CMTGUID]) {
        var sorted = consume ids
        sorted.sort()
        sorted.removeRepeats()
        var bits = 0
        while bits < 24, (sorted.count >> (bits + 1)) >= Self.idsPerRun { bits += 1 }
        let shift = UInt64(64 - bits)
        var starts = [UInt32](repeating: 0, count: (1 << bits) + 1)
        var position = 0
        for run in 0..<(1 << bits) {
            starts[run] = UInt32(position)
            while position < sorted.count, Self.run(of: sorted[position], shift: shift) == run { position += 1 }
        }
        starts[1 << bits] = UInt32(position)
        self.ids = sorted
        self.starts = starts
        self.shift = shift
    }

    var count: Int { ids.count }

    func contains(_ id: CMTGUID) -> Bool {
        let run = Self.run(of: id, shift: shift)
        return ids[Int(starts[run])..<Int(starts[run + 1])].sortedContains(id)
    }

    private static func run(of id: CMTGUID, shift: UInt64) -> Int {
        shift >= 64 ? 0 : Int(truncatingIfNeeded: id.high >> shift)
    }
}

/// Each Sales record's best F&O candidates, best first, at most `kept` of them: laid flat, a few numbers a record,
/// as a million Sales records' lists are held while the duplicates of each side are found.
struct RankedCandidates: Sendable {
    let kept: Int
    private var fo: [Int32]
    private var bits: [Double]
    private var counts: [UInt8]
    /// What turns a weight into a score.
    private let model: MatchModel?

    init(salesRecords: Int, kept: Int, model: MatchModel?) {
        self.kept = kept
        fo = [Int32](repeating: 0, count: salesRecords * kept)
        bits = [Double](repeating: 0, count: salesRecords * kept)
        counts = [UInt8](repeating: 0, count: salesRecords)
        self.model = model
    }

    /// Sets Sales record `sales`'s candidates (F&O record and weight in bits, best first; at most `kept`).
    mutating func set(_ sales: Int, _ list: [(fo: Int, bits: Double)]) {
        for (offset, candidate) in list.prefix(kept).enumerated() {
            fo[sales * kept + offset] = Int32(candidate.fo)
            bits[sales * kept + offset] = candidate.bits
        }
        counts[sales] = UInt8(min(list.count, kept))
    }

    /// Sales record `sales`'s candidates with their scores (the match probability in percent), best first.
    func list(_ sales: Int) -> [(fo: Int, score: Double, bits: Double)] {
        (0..<Int(counts[sales])).map { offset in
            let bits = bits[sales * kept + offset]
            return (Int(fo[sales * kept + offset]), 100 * (model?.probability(bits: bits) ?? 0), bits)
        }
    }

    /// The weight of Sales record `sales`'s candidate `fo`, or nil when it is not among the kept ones: read in place,
    /// no list made.
    func bits(_ sales: Int, on fo: Int) -> Double? {
        for offset in 0..<Int(counts[sales]) where Int(self.fo[sales * kept + offset]) == fo { return bits[sales * kept + offset] }
        return nil
    }
}

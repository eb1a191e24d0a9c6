/// One link per record (docs/match.md, "One link per record"): the candidates of every Sales record taken together,
/// heaviest first, each pair given where neither record is given yet. Over each connected group of candidates this
/// is the weight-ordered assignment: a Sales record whose best F&O record another Sales record holds more strongly
/// takes its next one, and no F&O record is the link of two Sales records. Ties go in export order: equal inputs give
/// equal links.
struct LinkAssignment {
    /// Per Sales record, the F&O record it is given (-1 for none).
    private(set) var given: [Int]
    /// Per F&O record given, the Sales record that holds it.
    private(set) var holder: [Int: Int] = [:]

    /// The assignment of `candidates` (per Sales record its F&O candidates with their weights in bits); the pairs in
    /// `fixed` (a reviewer's accepted pairs, Sales → F&O) are given first.
    init(salesRecords: Int, fixed: [Int: Int], candidates: (Int) -> [(fo: Int, bits: Double)]) {
        given = [Int](repeating: -1, count: salesRecords)
        for (sales, fo) in fixed.sorted(by: { $0.key < $1.key }) where holder[fo] == nil {
            given[sales] = fo
            holder[fo] = sales
        }
        var pairs: [(sales: Int32, fo: Int32, bits: Double)] = []
        for sales in 0..<salesRecords where given[sales] < 0 {
            for candidate in candidates(sales) { pairs.append((Int32(sales), Int32(candidate.fo), candidate.bits)) }
        }
        pairs.sort { a, b in
            if a.bits != b.bits { return a.bits > b.bits }
            if a.sales != b.sales { return a.sales < b.sales }
            return a.fo < b.fo
        }
        for pair in pairs {
            let (sales, fo) = (Int(pair.sales), Int(pair.fo))
            guard given[sales] < 0, holder[fo] == nil else { continue }
            given[sales] = fo
            holder[fo] = sales
        }
    }
}

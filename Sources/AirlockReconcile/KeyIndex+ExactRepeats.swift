import AirlockModel

extension KeyIndex {
    /// The rows that repeat an earlier row exactly, in file order, each with the first row it repeats: every column's
    /// bytes the same (a missing value the same as an empty one). Such a row has that row's key, so only
    /// `duplicates` are compared: nothing is done for a table whose keys do not repeat.
    public func exactRepeats() -> [KeyDuplicate] {
        guard !duplicates.isEmpty else { return [] }
        let table = self.table
        let empty = UnsafeRawBufferPointer(start: nil, count: 0)
        func digest(_ row: Int) -> RecordDigest {
            var digester = RecordDigester(fingerprints: false, exact: true)
            for column in 0..<table.columns.count { table.withValue(row: row, column: column) { digester.add($0) } }
            return digester.digest()
        }
        func same(_ row: Int, _ other: Int) -> Bool {
            (0..<table.columns.count).allSatisfy { column in
                table.withValue(row: row, column: column) { value in
                    table.withValue(row: other, column: column) { (value ?? empty).hasSameBytes(as: $0 ?? empty) }
                }
            }
        }
        // Per kept row, the distinct rows of its key so far by digest (the kept row first).
        var distinct: [Int: [RecordDigest: [Int]]] = [:]
        var repeats: [KeyDuplicate] = []
        for duplicate in duplicates {
            let kept = duplicate.keptRow
            if distinct[kept] == nil { distinct[kept] = [digest(kept): [kept]] }
            let key = digest(duplicate.row)
            if let earlier = distinct[kept]?[key]?.first(where: { same(duplicate.row, $0) }) {
                repeats.append(KeyDuplicate(row: duplicate.row, keptRow: earlier))
            } else {
                distinct[kept]?[key, default: []].append(duplicate.row)
            }
        }
        return repeats
    }
}

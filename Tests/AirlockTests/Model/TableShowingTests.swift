import AirlockModel
import Testing

/// A table's rows shown rather than copied: the view reads as the copy does, in every form of column, and its columns
/// share one list of rows (and one selection of rows that are themselves shown).
struct TableShowingTests {
    @Test func aViewOfRowsReadsAsTheirCopyAndSharesItsLists() throws {
        var source = Table(name: "source", columnNames: ["name", "city"])
        for row in 0..<2_000 { try source.appendRow(["Name \(row)", row % 7 == 0 ? nil : "City \(row)"]) }
        var table = Table(name: "t", columnNames: ["code", "id", "text"])
        for row in 0..<2_000 {
            try table.appendRow([
                "C\(row % 3)", String(format: "7a8e6c3b-1111-4c2e-8f00-%012x", row), row % 5 == 0 ? nil : "text \(row)",
            ])
        }
        // Two columns of rows of the source, sharing one list, beside the dictionary, GUID and plain columns.
        let every = (0..<2_000).map { UInt32(1_999 - $0) }
        let columns =
            table.columns + [
                TableColumn(rows: every, of: source.columns[0], name: "name"),
                TableColumn(rows: every, of: source.columns[1], name: "city"),
            ]
        let whole = Table(name: "t", columns: columns)
        #expect(whole.columns.map(\.isDictionaryEncoded) == [true, false, false, false, false])
        #expect(whole.columns[1].isGUIDEncoded)
        let rows = Array(stride(from: 3, to: 2_000, by: 4)) + [0, 0]
        let view = whole.showing(rows: rows)
        let copy = try whole.selecting(rows: rows)
        #expect(view == copy)
        #expect(view.columns.allSatisfy { $0.isRowsOfAnotherColumn })
        let lists = view.columns.compactMap { $0.shownRows?.rows }
        let same = { (a: [UInt32], b: [UInt32]) in
            a.withUnsafeBufferPointer { a in b.withUnsafeBufferPointer { a.baseAddress == $0.baseAddress } }
        }
        #expect(same(lists[0], lists[1]) && same(lists[1], lists[2]))
        #expect(same(lists[3], lists[4]) && !same(lists[2], lists[3]))
        #expect(lists[3] == rows.map { every[$0] })
    }
}

import AirlockIO
import AirlockModel
import Foundation
import Testing

/// `TableColumn`'s rows form: a column showing chosen rows of another holds none of their bytes, reads back each
/// row's value (null and empty kept apart) by either read path, and turns plain, every row kept, when it grows.
struct TableColumnRowsFormTests {
    static func contents(_ column: TableColumn) -> [String?] { TableColumnGUIDFormTests.contents(column) }

    /// Values of every shape a plain column holds: text, empty and null.
    static let plainValues: [String?] = (0..<900).map { row in
        switch row % 9 {
        case 2: nil
        case 5: ""
        default: "Value \(row) – ünïcode"
        }
    }

    /// Rows picked out of order, some twice.
    static let picked: [UInt32] = [5, 2, 2, 899, 0, 14, 13, 450, 898, 11]

    /// The three forms a shown column can be in, each with its values.
    static func shownColumns() throws -> [(form: String, column: TableColumn, values: [String?])] {
        let guids: [String?] = (0..<900).map { $0 % 8 == 1 ? nil : TableColumnGUIDFormTests.guid($0) }
        let codes: [String?] = (0..<900).map { $0 % 4 == 0 ? nil : "code \($0 % 5)" }
        return [
            ("plain", try TableColumnTests.column(plainValues), plainValues), ("GUID", try TableColumnTests.column(guids), guids),
            ("dictionary", try TableColumnTests.column(codes), codes),
        ]
    }

    @Test func aColumnOfRowsOfAnotherReadsTheirValuesAndHoldsNoneOfTheirBytes() throws {
        for (form, base, values) in try Self.shownColumns() {
            let rows = TableColumn(rows: Self.picked, of: base, name: "copy")
            #expect(rows.isRowsOfAnotherColumn && !rows.isDictionaryEncoded && !rows.isGUIDEncoded, "\(form)")
            #expect(rows.byteCount == 0 && rows.count == Self.picked.count && rows.name == "copy", "\(form)")
            let expected = Self.picked.map { values[Int($0)] }
            #expect(Self.contents(rows) == expected, "\(form)")
            #expect((0..<rows.count).map(rows.isPresent) == expected.map { $0 != nil }, "\(form)")
            // The in-place read path (a table's), which each form's reader takes.
            let table = Table(name: "t", columns: [rows])
            #expect((0..<rows.count).map { table.value(row: $0, column: 0) } == expected, "\(form)")
            #expect(rows.hasValues(ofRows: Self.picked, in: base), "\(form)")
            #expect(rows == (try TableColumnGUIDFormTests.plainColumn(expected)).renamed("copy"), "\(form)")
        }
    }

    @Test func rowsOfAColumnOfRowsShowTheFirstColumnsRows() throws {
        let base = try TableColumnTests.column(Self.plainValues)
        let first = TableColumn(rows: Self.picked, of: base, name: "first")
        let second = TableColumn(rows: [9, 0, 3], of: first, name: "second")
        #expect(Self.contents(second) == [11, 5, 899].map { Self.plainValues[$0] })
    }

    /// The comparison that decides whether a column may show another's rows refuses a single difference: other bytes,
    /// an empty value for a null, a row the other column lacks, another row count.
    @Test func hasValuesOfRowsRefusesAnyDifference() throws {
        let base = try TableColumnTests.column(Self.plainValues)
        var same = Self.picked.map { Self.plainValues[Int($0)] }
        #expect(try TableColumnTests.column(same).hasValues(ofRows: Self.picked, in: base))
        for (index, changed) in [(0, "Value 5 – ünïcodE"), (1, ""), (4, nil)] as [(Int, String?)] {
            var differing = same
            differing[index] = changed
            #expect(!(try TableColumnTests.column(differing).hasValues(ofRows: Self.picked, in: base)), "row \(index)")
        }
        let beyond: [UInt32] = Array(Self.picked.dropLast()) + [900]
        #expect(!(try TableColumnTests.column(same).hasValues(ofRows: beyond, in: base)))
        same.removeLast()
        #expect(!(try TableColumnTests.column(same).hasValues(ofRows: Self.picked, in: base)))
    }

    /// Two columns showing other rows of one column are not equal, though neither holds bytes of its own.
    @Test func columnsShowingOtherRowsAreNotEqual() throws {
        let base = try TableColumnTests.column((0..<600).map { "v\($0)" })
        let first = TableColumn(rows: [1, 2, 3], of: base, name: "c")
        let second = TableColumn(rows: [1, 2, 4], of: base, name: "c")
        #expect(first != second)
        #expect(first == TableColumn(rows: [1, 2, 3], of: base, name: "c"))
        var shared = second
        let didShare = shared.shareStorage(withEqualColumn: first)
        #expect(!didShare)
        #expect(Self.contents(shared) == ["v1", "v2", "v4"])
    }

    /// A value appended turns the column plain, for good: every row shown is kept, the column shown is unchanged.
    @Test func appendingTurnsTheColumnPlainWithEveryRowKept() throws {
        for (form, base, values) in try Self.shownColumns() {
            var rows = TableColumn(rows: Self.picked, of: base, name: "copy")
            try rows.append("appended")
            try rows.append(nil as String?)
            #expect(!rows.isRowsOfAnotherColumn && !rows.isDictionaryEncoded, "\(form)")
            #expect(Self.contents(rows) == Self.picked.map { values[Int($0)] } + ["appended", nil], "\(form)")
            #expect(Self.contents(base) == values, "\(form)")
        }
    }

    /// A table's replaced values and its image (`TableImageFile`) hold the rows' values in the plain form.
    @Test func replacedValuesAndTheImageHoldThePlainForm() throws {
        let base = try TableColumnTests.column(Self.plainValues)
        var table = Table(name: "t", columns: [TableColumn(rows: Self.picked, of: base, name: "copy")])
        let expected = Self.picked.map { Self.plainValues[Int($0)] }
        let image = try table.columns[0].image
        #expect(image.codes == nil && image.ends.count == Self.picked.count)
        let path = try Fixture.scratchDirectory("airlock-rows-image") + "/t.table"
        try TableImageFile.write(table, keys: (0..<UInt64(Self.picked.count)).map { $0 }, to: path)
        #expect(Self.contents(try TableImageFile.read(path: path).table.columns[0]) == expected)
        try table.replaceValues(in: 0, [1: "replaced"])
        #expect(!table.columns[0].isRowsOfAnotherColumn)
        #expect(Self.contents(table.columns[0]) == [expected[0], "replaced"] + expected.dropFirst(2))
    }
}

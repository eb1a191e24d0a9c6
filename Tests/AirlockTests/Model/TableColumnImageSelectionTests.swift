import AirlockIO
import AirlockModel
import Testing

/// `TableColumnImage.selecting(rows:)`, with which the partition's join cuts a table into its parts: the rows' values
/// in the column's form, a dictionary cut to the values the rows use.
struct TableColumnImageSelectionTests {
    /// Columns of each form, with nulls and empty values among them.
    static let forms: [(name: String, values: [String?])] = [
        ("narrow dictionary", (0..<900).map { $0 % 7 == 0 ? nil : $0 % 11 == 0 ? "" : "USMF-\($0 % 40)" }),
        ("wide dictionary", (0..<9_000).map { $0 % 13 == 0 ? nil : "2026-\($0 % 1_000)" }),
        ("GUID", (0..<900).map { $0 % 5 == 0 ? nil : TableColumnGUIDFormTests.guid($0) }),
        ("upper-case GUID", (0..<900).map { $0 % 5 == 0 ? nil : TableColumnGUIDFormTests.guid($0, uppercase: true) }),
        ("plain", (0..<9_000).map { $0 % 9 == 0 ? nil : $0 % 10 == 0 ? "" : "note \($0) of many" }),
    ]

    /// Every second row, a run from the end backwards, one row, none: each selection reads as a column built by
    /// appending those rows' values, in the same form (a wide dictionary's few values in one byte).
    @Test(arguments: forms.map(\.name)) func aSelectionHoldsItsRowsValuesInTheColumnsForm(form: String) throws {
        let values = try #require(Self.forms.first { $0.name == form }).values
        let column = try TableColumnTests.column(values)
        let image = try column.image
        let selections: [[Int]] = [
            Array(stride(from: 0, to: values.count, by: 2)), Array((values.count - 300..<values.count).reversed()), [5], [],
        ]
        for rows in selections {
            let selected = try TableColumn(image: image.selecting(rows: rows))
            #expect(selected == (try TableColumnTests.column(rows.map { values[$0] })), "\(form), \(rows.count) rows")
            #expect(selected.isGUIDEncoded == column.isGUIDEncoded && selected.holdsCanonicalGUIDs == column.holdsCanonicalGUIDs)
            let fewValues = Set(rows.compactMap { values[$0] }).count <= 256
            #expect(selected.isDictionaryEncoded == (column.isDictionaryEncoded || (column.isWideDictionaryEncoded && fewValues)))
            #expect(selected.isWideDictionaryEncoded == (column.isWideDictionaryEncoded && !fewValues))
        }
    }

    /// A part's dictionary holds the values its rows use, numbered by first use, not the whole column's.
    @Test func aDictionaryIsCutToTheValuesTheRowsUse() throws {
        let values: [String?] = (0..<5_000).map { "value \($0 % 2_000)" }
        let image = try TableColumnTests.column(values).image
        #expect(image.wideCodes != nil && image.dictionaryEnds.count == 2_000)
        let selected = image.selecting(rows: [4_001, 7, 2_007, 300])
        #expect(selected.codes == [0, 1, 1, 2] && selected.dictionaryEnds.count == 3)
        #expect(String(decoding: selected.dictionaryBytes, as: UTF8.self) == "value 1value 7value 300")
        // Many values stay two bytes wide.
        let many = image.selecting(rows: Array(0..<1_000))
        #expect(many.wideCodes?.count == 1_000 && many.dictionaryEnds.count == 1_000)
    }

    /// A table written a column at a time reads back a column at a time, and whole, as the table.
    @Test func aTableWrittenAColumnAtATimeReadsBackAsTheTable() throws {
        var table = Table(name: "salesorder", columnNames: Self.forms.map(\.name))
        for row in 0..<900 { try table.appendRow(Self.forms.map { $0.values[row] }) }
        let path = try Fixture.scratchDirectory("airlock-image-columns") + "/salesorder.table"
        let keys = (0..<900).map { UInt64($0 * 3) }
        let writer = try TableImageWriter(path: path, name: table.name, columnCount: table.columns.count, keys: keys)
        for column in table.columns { try writer.append(try column.image) }
        try writer.close()
        let reader = try TableImageReader(path: path)
        #expect(reader.name == "salesorder" && reader.rowCount == 900 && reader.columnCount == 5 && reader.keys == keys)
        var columns: [TableColumn] = []
        while let image = try reader.nextColumn() { columns.append(try TableColumn(image: image)) }
        #expect(Table(name: reader.name, columns: columns) == table)
        let whole = try TableImageFile.read(path: path)
        #expect(whole.table == table && whole.keys == keys)
    }
}

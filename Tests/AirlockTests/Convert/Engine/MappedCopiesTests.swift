import AirlockMapping
import AirlockModel
import Testing

@testable import AirlockConvert

/// The mapped columns that copy their source field hold no bytes of their own while the flow maps, and show the
/// source column's rows once it ends; a column is written out from its source at its first row that differs, and a
/// copy of a dictionary column is not followed.
struct MappedCopiesTests {
    static let template = MappingTemplate(
        name: "accounts", title: "accounts", source: TemplateEndpoint(side: .sales, entity: "account", key: []),
        target: TemplateEndpoint(side: .fo, entity: "CustCustomerV3Entity", key: []), prerequisites: [], parent: nil,
        fields: [
            SourceCopiesTests.mapping("name", "ORGANIZATIONNAME"), SourceCopiesTests.mapping("Address1_City", "ADDRESSCITY"),
            SourceCopiesTests.mapping("telephone1", "PHONE"), SourceCopiesTests.mapping("statuscode", "STATUS"),
            SourceCopiesTests.mapping(nil, "NOTES", [.constant("x")]),
        ])
    static let columns = ["ORGANIZATIONNAME", "ADDRESSCITY", "PHONE", "STATUS", "NOTES"]

    /// Source rows 0..<3000; every fifth left out; PHONE differs from its source at source row 2000 (and only
    /// there); STATUS copies a column of three values.
    static func mapped(differingAt changed: Int = 2_000) throws -> (copies: MappedCopies, built: Table, plain: Table, rows: [Int]) {
        var source = Table(name: "account", columnNames: ["name", "address1_city", "telephone1", "statuscode"])
        for row in 0..<3_000 {
            try source.appendRow(["Name \(row)", row % 10 == 0 ? nil : "City \(row)", "+1 555 \(row)", "\(row % 3)"])
        }
        var copies = MappedCopies(columns: columns, template: template, source: source)
        var built = Table(name: "accounts", columnNames: columns)
        var plain = built
        var values = RowValues(count: columns.count)
        var rows: [Int] = []
        for row in 0..<3_000 where row % 5 != 4 {
            values.reset()
            values[0] = "Name \(row)"
            values[1] = row % 10 == 0 ? nil : "City \(row)"
            values[2] = row == changed ? "555 \(row)" : "+1 555 \(row)"
            values[3] = "\(row % 3)"
            values[4] = "x"
            try copies.check(row: row, values: values, mapped: &built, sourceRows: rows)
            try values.appendRow(to: &built, leavingNull: copies.positions)
            try values.appendRow(to: &plain)
            rows.append(row)
        }
        return (copies, built, plain, rows)
    }

    @Test func copiesShowTheSourceRowsAndADifferingColumnIsWrittenOut() throws {
        let (copies, built, plain, rows) = try Self.mapped()
        #expect(copies.positions == [0, 1])
        // While mapping, a copy holds a null a row (a byte of dictionary code), not the bytes a second time.
        #expect(built.columns[0].byteCount == rows.count && plain.columns[0].byteCount > 8 * rows.count)
        let sealed = copies.sealed(built, sourceRows: rows)
        #expect(sealed.columns.map(\.isRowsOfAnotherColumn) == [true, true, false, false, false])
        #expect(sealed == plain)
        for row in [0, 1, 1_599, 1_600, rows.count - 1] { #expect(sealed.row(row) == plain.row(row)) }
        // The two columns of rows share one list of rows.
        let first = try #require(sealed.columns[0].shownRows?.rows)
        let second = try #require(sealed.columns[1].shownRows?.rows)
        #expect(first.withUnsafeBufferPointer { a in second.withUnsafeBufferPointer { a.baseAddress == $0.baseAddress } })
    }

    @Test func aColumnDifferingAtItsFirstOrLastRowIsWrittenOutWhole() throws {
        for changed in [0, 2_998] {
            let (copies, built, plain, rows) = try Self.mapped(differingAt: changed)
            let sealed = copies.sealed(built, sourceRows: rows)
            #expect(!sealed.columns[2].isRowsOfAnotherColumn)
            #expect(sealed == plain)
        }
    }

    /// Some mapped records not accepted (a key repeated, say): the accepted table shows the chosen rows of the source,
    /// one list of rows for all its columns of rows.
    @Test func acceptedRowsOfCopiesSelectTheSourceRows() throws {
        let (copies, built, plain, rows) = try Self.mapped()
        let sealed = copies.sealed(built, sourceRows: rows)
        let layout = FlowLayout(
            template: Self.template, catalog: SchemaCatalog(foEntities: [], foEnums: [], salesEntities: []), company: "usmf",
            extraFields: [])
        #expect(layout.columns == ["DATAAREAID"] + Self.columns)
        let withCompany = { (table: Table) in
            Table(name: table.name, columns: [TableColumn(name: "DATAAREAID", nullCount: table.rowCount)] + table.columns)
        }
        let accepted = Array(stride(from: 1, to: rows.count, by: 7))
        let selected = try SalesIdentity.table(
            withCompany(sealed), rows: accepted, targetRows: accepted.map { _ in nil }, layout: layout, target: Table(name: "x"),
            company: "usmf")
        #expect(selected == (try withCompany(plain).selecting(rows: accepted)))
        #expect(selected.columns.map(\.isRowsOfAnotherColumn) == [false, true, true, false, false, false])
        let first = try #require(selected.columns[1].shownRows?.rows)
        let second = try #require(selected.columns[2].shownRows?.rows)
        #expect(first.withUnsafeBufferPointer { a in second.withUnsafeBufferPointer { a.baseAddress == $0.baseAddress } })
        #expect(first == accepted.map { UInt32(rows[$0]) })
    }
}

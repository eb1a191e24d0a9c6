import AirlockMapping
import AirlockModel
import Testing

@testable import AirlockConvert

/// A flow's accepted columns that copy a source field byte for byte show the source column's rows; a column any of
/// whose rows differs from its source (a default, a trim), a lookup's and one with no source field keep their own.
struct SourceCopiesTests {
    static func mapping(_ source: String?, _ target: String, _ transforms: [FieldTransform] = []) -> FieldMapping {
        FieldMapping(source: source, target: target, transforms: transforms, provenance: .doc, isInferred: false)
    }

    static let template = MappingTemplate(
        name: "accounts", title: "accounts", source: TemplateEndpoint(side: .sales, entity: "account", key: []),
        target: TemplateEndpoint(side: .fo, entity: "CustCustomerV3Entity", key: []), prerequisites: [], parent: nil,
        fields: [
            mapping("name", "ORGANIZATIONNAME"), mapping("Address1_City", "ADDRESSCITY"), mapping("telephone1", "PHONE"),
            mapping("parentaccountid", "PARENT", [.lookup([LookupTarget(entity: "account", keyAttribute: "accountnumber")])]),
            mapping(nil, "NOTES", [.constant("x")]),
        ])

    @Test func copiedColumnsShowTheSourceRowsAndTheOthersKeepTheirOwn() throws {
        // Source rows 0..<1000; the accepted records are every third, in order.
        var source = Table(name: "account", columnNames: ["name", "address1_city", "telephone1", "parentaccountid"])
        for row in 0..<1_000 {
            try source.appendRow(["Name \(row)", row % 10 == 0 ? nil : "City \(row)", "+1 555 \(row)", "P\(row)"])
        }
        let sourceRows = Array(stride(from: 0, to: 1_000, by: 3))
        var accepted = Table(name: "accounts", columnNames: ["ORGANIZATIONNAME", "ADDRESSCITY", "PHONE", "PARENT", "NOTES"])
        for row in sourceRows {
            // PHONE trimmed of its prefix on one row: the column is not a copy.
            let phone = row == 300 ? "555 300" : "+1 555 \(row)"
            try accepted.appendRow(["Name \(row)", row % 10 == 0 ? nil : "City \(row)", phone, "P\(row)", "Note \(row)"])
        }
        let shared = SourceCopies.sharing(accepted, source: source, sourceRows: sourceRows, template: Self.template)
        #expect(shared.columns.map(\.isRowsOfAnotherColumn) == [true, true, false, false, false])
        #expect(shared == accepted)
        #expect(shared.columns[0].byteCount == 0 && accepted.columns[0].byteCount > 0)
        for row in [0, 1, 100, sourceRows.count - 1] {
            #expect(shared.row(row) == accepted.row(row))
        }
    }

    @Test func rowsOutsideTheSourceLeaveEveryColumnItsOwn() throws {
        var source = Table(name: "account", columnNames: ["name"])
        for row in 0..<400 { try source.appendRow(["Name \(row)"]) }
        var accepted = Table(name: "accounts", columnNames: ["ORGANIZATIONNAME"])
        for row in 0..<300 { try accepted.appendRow(["Name \(row)"]) }
        let shared = SourceCopies.sharing(accepted, source: source, sourceRows: Array(0..<299) + [400], template: Self.template)
        #expect(!shared.columns[0].isRowsOfAnotherColumn)
        #expect(shared == accepted)
    }
}

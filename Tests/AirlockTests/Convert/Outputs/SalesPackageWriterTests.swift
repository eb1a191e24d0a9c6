import AirlockKit
import AirlockModel
import AirlockPackages
import AirlockValidate
import Foundation
import Testing

@testable import AirlockConvert

/// `to-sales.zip` is validated from the bytes being written: the findings must be those `airlock validate`
/// finds in the finished zip, and the zip must hold what the in-memory package builder gives.
struct SalesPackageWriterTests {
    /// Three accounts; the second has no name, which Sales requires (`cmt.value.required`), and the third is not written.
    static func plan(catalog: SchemaCatalog) throws -> SalesOutputBuilder.Plan {
        var table = Table(
            name: "account", columnNames: ["accountid", "name", "accountnumber", "parentaccountid", "parentaccountid@entity"])
        try table.appendRow(["5a4c3f1e-0000-5000-8000-000000000001", "Contoso", "C-1", nil, nil])
        try table.appendRow(["5a4c3f1e-0000-5000-8000-000000000002", nil, "C-2", "5a4c3f1e-0000-5000-8000-000000000001", "account"])
        try table.appendRow(["5a4c3f1e-0000-5000-8000-000000000003", "Fabrikam", "C-3", nil, nil])
        let part = SalesOutputBuilder.Part(entity: "account", table: table, written: [true, true, false], keyFields: ["accountnumber"])
        return try #require(SalesOutputBuilder.plan([part], catalog: catalog))
    }

    @Test func findingsMadeWhileWritingAreThoseOfValidatingTheZip() throws {
        let catalog = try SchemaCatalogLoader.bundled()
        let plan = try Self.plan(catalog: catalog)
        let folder = try Fixture.scratchDirectory("airlock-sales-writer")
        let path = folder + "/to-sales.zip"
        let streamed = try SalesPackageWriter.write(plan, timestamp: nil, catalog: catalog, integration: .prospectToCash, to: path)
        let reread = try PackageValidator.validate(path: path, target: .cmt, catalog: catalog)
        func summary(_ report: ValidationReport) -> [String] {
            report.findings.map {
                "\($0.rule) \($0.severity) \($0.entity ?? "") \($0.line ?? 0) \($0.record ?? "") \($0.field ?? "") \($0.message)"
            }
        }
        // A record without its business-required name: the importer creates it, so a notice, not an error.
        #expect(streamed.errors == 0 && streamed.notices == 1)
        #expect(
            streamed.findings.contains { $0.rule == ValidationRules.cmtValueRequired.id && $0.field == "name" && $0.severity == .notice })
        #expect(summary(streamed) == summary(reread))
        #expect(streamed.errors == reread.errors && streamed.warnings == reread.warnings && streamed.notices == reread.notices)
        #expect(streamed.path == path)

        // The zip holds the records of the builder's pieces, in order: two records, the lookup with its entity.
        let sections = try plan.sections.map { section in
            var entity = CMTEntityData(schema: section.entity)
            for piece in try SalesOutputBuilder.pieces(section.entity, parts: section.parts.flatMap(Self.records)) {
                for row in piece.rows { try entity.append(piece.records.record(at: row)) }
            }
            return entity
        }
        let package = CMTPackage(schema: plan.schema, data: CMTData(timestamp: nil, entities: sections))
        #expect(try CMTPackageReader(path: path).read() == package)
        #expect(package.data.entities[0].recordCount == 2)
        #expect(package.data.entities[0].records.lookupEntity(row: 1, field: "parentaccountid") == "account")
    }

    /// Every table of records `part` hands over, in order.
    static func records(of part: SalesOutputBuilder.Part) throws -> [SalesOutputBuilder.Part.Records] {
        var tables: [SalesOutputBuilder.Part.Records] = []
        try part.forEachRecords { tables.append($0) }
        return tables
    }

    /// A part may hand its records over in several tables (a merge's chunks): the package is the same, byte for byte,
    /// whether a section's records come in one table or a table a record, and a table without a written row adds none.
    @Test func aPartsRecordsInSeveralTablesWriteTheSamePackage() throws {
        let catalog = try SchemaCatalogLoader.bundled()
        let plan = try Self.plan(catalog: catalog)
        let folder = try Fixture.scratchDirectory("airlock-sales-writer-chunks")
        _ = try SalesPackageWriter.write(plan, timestamp: nil, catalog: catalog, integration: .prospectToCash, to: folder + "/whole.zip")
        var chunked = plan
        for (index, section) in plan.sections.enumerated() {
            chunked.sections[index].parts = try section.parts.map { part in
                let whole = try Self.records(of: part)
                var split = part
                split.forEachRecords = { body in
                    for records in whole {
                        try body(.init(table: records.table.showing(rows: []), written: []))
                        for row in 0..<records.table.rowCount {
                            try body(.init(table: records.table.showing(rows: [row]), written: [records.written[row]]))
                        }
                    }
                }
                return split
            }
        }
        _ = try SalesPackageWriter.write(
            chunked, timestamp: nil, catalog: catalog, integration: .prospectToCash, to: folder + "/chunked.zip")
        let whole = try Data(contentsOf: URL(fileURLWithPath: folder + "/whole.zip"))
        let split = try Data(contentsOf: URL(fileURLWithPath: folder + "/chunked.zip"))
        #expect(whole == split)
    }

    /// The plan is made from what a part says of itself; its records are produced when the writer reaches its section,
    /// each part's once, a section after the one before has been written (so a merge holds one section at a time).
    @Test func aPartsRecordsAreProducedWhenItsSectionIsWritten() throws {
        let catalog = try SchemaCatalogLoader.bundled()
        let given = try Self.plan(catalog: catalog).sections[0].parts[0]
        final class Calls: @unchecked Sendable { var entities: [String] = [] }
        let calls = Calls()
        func deferred(_ entity: String, references: Set<String>, records: SalesOutputBuilder.Part.Records) -> SalesOutputBuilder.Part {
            SalesOutputBuilder.Part(
                entity: entity, columnNames: records.table.columnNames, keyFields: [], hasRecords: records.written.contains(true),
                referencedEntities: references,
                forEachRecords: { body in
                    calls.entities.append(entity)
                    try body(records)
                })
        }
        var contact = Table(name: "contact", columnNames: ["contactid", "lastname", "parentcustomerid", "parentcustomerid@entity"])
        try contact.appendRow(["5a4c3f1e-0000-5000-8000-000000000011", "Ito", "5a4c3f1e-0000-5000-8000-000000000001", "account"])
        // The contact part comes first, but names an account: the accounts' section is written first.
        let parts = [
            deferred("contact", references: ["account"], records: .init(table: contact, written: [true])),
            deferred("account", references: [], records: try #require(try Self.records(of: given).first)),
        ]
        let plan = try #require(SalesOutputBuilder.plan(parts, catalog: catalog))
        #expect(calls.entities.isEmpty)
        #expect(plan.schema.entityImportOrder == ["account", "contact"])
        let folder = try Fixture.scratchDirectory("airlock-sales-writer-deferred")
        _ = try SalesPackageWriter.write(plan, timestamp: nil, catalog: catalog, integration: .prospectToCash, to: folder + "/to-sales.zip")
        #expect(calls.entities == ["account", "contact"])
        let package = try CMTPackageReader(path: folder + "/to-sales.zip").read()
        #expect(package.data.entities.map(\.name) == ["account", "contact"])
        #expect(package.data.entities.map(\.recordCount) == [2, 1])
    }
}

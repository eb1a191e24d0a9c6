import AirlockIO
import AirlockKit
import AirlockPackages
import Foundation
import Testing

struct CMTInspectTests {
    @Test func inspectsTheAbvogelExport() throws {
        let report = try PackageInspector.inspect(path: RealExport.path("abvogel-allentities/abvogel-allentities.cmt.zip"))
        #expect(report.kind == "cmt")
        #expect(report.metadata.exportTimestamp == "4/5/2019 11:23:19 PM")
        #expect(report.metadata.definitionGroup == nil && report.metadata.packageVersion == nil)
        #expect(
            report.entities.map(\.name) == [
                "incident", "invoice", "knowledgearticle", "msdyn_approval", "msdyn_purchaseorderproduct",
                "msdyn_resourcerequirementdetail", "theme",
            ])
        #expect(report.entities.map(\.records) == [2, 1, 5, 1, 1, 1, 2])
        let article = try #require(report.entities.first { $0.name == "knowledgearticle" })
        #expect(article.technicalName == nil)
        #expect(article.file == "data.xml")
        #expect(article.format == "CMT")
        #expect(article.encoding == "UTF-8")
        #expect(article.columns.first == "articlepublicnumber" && article.columns.count == 12)
        #expect(report.warnings.isEmpty)
    }

    @Test func inspectsTheOtherRealExports() throws {
        let xrm = try PackageInspector.inspect(path: RealExport.path("xrm-ci-framework/ConfigData.zip"))
        #expect(xrm.metadata.exportTimestamp == nil)
        #expect(xrm.entities.map(\.records) == [1])
        #expect(xrm.entities.first?.columns == ["wh_key", "wh_value"])
        let party = try PackageInspector.inspect(path: RealExport.path("abvogel-partylist/abvogel-partylist.cmt.zip"))
        #expect(party.entities.map(\.records) == [1])
        let capgemini = try PackageInspector.inspect(path: RealExport.path("capgemini-pdt-integrationtest/IntegrationTestData.zip"))
        #expect(capgemini.entities.map(\.records) == [16])
        #expect(capgemini.warnings.count == 1)
        #expect(capgemini.warnings.first?.contains("repeat an id") == true)
    }

    @Test func reportsWhatDoesNotMatchTheSchema() throws {
        let folder = try Fixture.scratchDirectory()
        let schema = """
            <entities>
              <entity name="account"><fields><field name="accountid" type="guid" primaryKey="true" /><field name="name" type="string" /></fields></entity>
              <entity name="contact"><fields><field name="contactid" type="guid" primaryKey="true" /></fields></entity>
            </entities>
            """
        let data = """
            <?xml version="1.0" encoding="utf-8"?>
            <entities timestamp="2021-01-12T14:27:44.3334598Z">
              <entity name="account" displayname="Account"><records>
                <record id="11111111-1111-1111-1111-111111111111"><field name="name" value="a" /><field name="fax" value="1" /></record>
                <record id="11111111-1111-1111-1111-111111111111"><field name="name" value="b" /></record>
                <record id="22222222-2222-2222-2222-222222222222" />
              </records><m2mrelationships /></entity>
              <entity name="lead" displayname="Lead"><records><record id="33333333-3333-3333-3333-333333333333" /></records></entity>
            </entities>
            """
        let path = try ZipFixture.make(folder + "/odd.zip", entries: ["data.xml": Array(data.utf8), "data_schema.xml": Array(schema.utf8)])
        let report = try PackageInspector.inspect(path: path)
        #expect(report.metadata.exportTimestamp == "2021-01-12T14:27:44.3334598Z")
        #expect(report.entities.map(\.name) == ["account", "contact"])
        #expect(report.entities.map(\.records) == [3, 0])
        #expect(report.entities.map(\.columns) == [["accountid", "name"], ["contactid"]])
        #expect(report.warnings.count == 5)
        #expect(report.warnings.contains { $0.contains("'lead'") && $0.contains("not declared in data_schema.xml") })
        #expect(report.warnings.contains { $0.contains("'contact'") && $0.contains("no section") && $0.contains("not an error") })
        #expect(
            report.warnings.contains { $0.contains("1 of 3 records repeat an id") && $0.contains("11111111-1111-1111-1111-111111111111") })
        #expect(report.warnings.contains { $0.contains("does not declare: fax") })
        #expect(report.warnings.contains { $0.contains("[Content_Types].xml") })
        #expect(report.warnings == report.warnings.sorted())
    }

    /// A record id that is not a GUID: `inspect` warns once per entity with the count and the first, where `validate`
    /// reports each record as cmt.record.id; both read an id as .NET's `Guid.Parse` does (braces, any case, blanks).
    @Test func recordIdsThatAreNoGUIDsAreCountedAsValidateFindsThem() throws {
        let folder = try Fixture.scratchDirectory()
        let schema = """
            <entities>
              <entity name="account" primaryidfield="accountid"><fields><field name="accountid" type="guid" primaryKey="true" /><field name="name" type="string" /></fields></entity>
            </entities>
            """
        let data = """
            <?xml version="1.0" encoding="utf-8"?>
            <entities>
              <entity name="account" displayname="Account"><records>
                <record id="ABC"><field name="name" value="a" /></record>
                <record id="{11111111-1111-1111-1111-111111111111}"><field name="name" value="b" /></record>
                <record id="22222222-2222-2222-2222-22222222222"><field name="name" value="c" /></record>
                <record id=" 33333333-3333-3333-3333-333333333333 "><field name="name" value="d" /></record>
              </records></entity>
            </entities>
            """
        let path = try ZipFixture.make(folder + "/ids.zip", entries: ["data.xml": Array(data.utf8), "data_schema.xml": Array(schema.utf8)])
        let report = try PackageInspector.inspect(path: path)
        #expect(report.entities.map(\.records) == [4])
        let warnings = report.warnings.filter { $0.contains("GUID") }
        #expect(
            warnings == [
                "data.xml: entity 'account': 2 of 4 records have an id that is not a GUID (first: ABC; expected e.g. 982dff41-9bba-4e46-a1e3-127424034240); CMT needs a GUID to create or match a record (validate reports each as cmt.record.id)"
            ])
        let validation = try PackageValidator.validate(path: path, catalog: SchemaCatalogLoader.bundled())
        let findings = validation.findings.filter { $0.rule == ValidationRules.cmtRecordId.id }
        #expect(findings.map(\.value) == ["ABC", "22222222-2222-2222-2222-22222222222"])
        #expect(findings.allSatisfy { $0.entity == "account" })
    }

    @Test func aPackageWithOnlyDataIsAMissingSchema() throws {
        let folder = try Fixture.scratchDirectory()
        let path = try ZipFixture.make(folder + "/data-only.zip", entries: ["data.xml": Array("<entities />".utf8)])
        let error = try #require(throws: AirlockError.self) { try PackageInspector.inspect(path: path) }
        #expect(error.code == .missingMember)
        #expect(error.message.contains("data_schema.xml"))
    }

    @Test func malformedDataNamesLineAndColumn() throws {
        let folder = try Fixture.scratchDirectory()
        let bytes = try openPackageSource(path: RealExport.path("xrm-ci-framework/ConfigData.zip")).open("data_schema.xml").readAll()
        let path = try ZipFixture.make(
            folder + "/broken.zip",
            entries: [
                "data.xml": Array("\r\n<entities>\r\n  <entity name=\"wh_config\">\r\n    <records>\r\n  </entity>\r\n</entities>".utf8),
                "data_schema.xml": bytes,
            ])
        let error = try #require(throws: AirlockError.self) { try PackageInspector.inspect(path: path) }
        #expect(error.code == .malformedXML)
        #expect(error.location.file == path)
        #expect(error.location.entry == "data.xml")
        #expect(error.location.line == 5)
        #expect(error.location.column != nil)
    }

    @Test func countsAGeneratedExportWithoutHoldingIt() throws {
        // 200 000 records streamed from a generator: counting keeps counters and ids, not the document.
        let records = 200_000
        let schema = CMTSchema(entities: [
            CMTSchemaEntity(
                name: "account",
                fields: [
                    CMTSchemaField(name: "accountid", type: .guid, primaryKey: true), CMTSchemaField(name: "name", type: .string),
                ])
        ])
        let reader = CMTDataReader(schema: schema, location: SourceLocation(entry: "data.xml"))
        let counts = try reader.count(GeneratedDataStream(records: records))
        #expect(counts.entity(named: "account")?.records == records)
        #expect(counts.entity(named: "account")?.duplicateIDs == 0)
        var seen = 0
        _ = try reader.readEntities(GeneratedDataStream(records: 20_000)) { entity in
            seen += entity.recordCount
            #expect(entity.records.values.value(row: 19_999, column: "name") == "Account 19999 & Co")
        }
        #expect(seen == 20_000)
    }
}

/// Produces a CMT data.xml with `records` account records on the fly, a line at a time.
final class GeneratedDataStream: ByteStream {
    private let records: Int
    private var next = -1
    private var pending: [UInt8] = Array("<entities>\r\n  <entity name=\"account\" displayname=\"Account\">\r\n    <records>".utf8)
    private var offset = 0

    init(records: Int) {
        self.records = records
    }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        if offset == pending.count {
            next += 1
            offset = 0
            if next < records {
                let hex = String(next, radix: 16)
                let id = "00000000-0000-4000-8000-" + String(repeating: "0", count: 12 - hex.count) + hex
                pending = Array(
                    "\r\n      <record id=\"\(id)\">\r\n        <field name=\"accountid\" value=\"\(id)\" />\r\n        <field name=\"name\" value=\"Account \(next) &amp;amp; Co\" />\r\n      </record>"
                        .utf8)
            } else if next == records {
                pending = Array("\r\n    </records>\r\n    <m2mrelationships />\r\n  </entity>\r\n</entities>".utf8)
            } else {
                return 0
            }
        }
        let n = min(buffer.count, pending.count - offset)
        pending.withUnsafeBytes { buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[offset..<(offset + n)])) }
        offset += n
        return n
    }
}

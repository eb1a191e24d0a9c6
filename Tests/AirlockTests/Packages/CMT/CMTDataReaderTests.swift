import AirlockIO
import AirlockModel
import AirlockPackages
import Foundation
import Testing

struct CMTDataReaderTests {
    static func package(_ name: String) throws -> CMTPackageReader {
        try CMTPackageReader(path: RealExport.cmt(name))
    }

    static let schemaText = """
        <entities>
          <entity name="account" displayname="Account">
            <fields>
              <field name="accountid" type="guid" primaryKey="true" />
              <field name="name" type="string" />
              <field name="creditlimit" type="money" />
              <field name="createdon" type="datetime" />
            </fields>
          </entity>
        </entities>
        """

    static func readData(_ text: String, schema: String = schemaText) throws -> (CMTData, [String]) {
        let parsed = try CMTSchemaReader.read(MemoryByteStream(Array(schema.utf8)), location: SourceLocation(entry: "data_schema.xml"))
        let reader = CMTDataReader(schema: parsed, location: SourceLocation(file: "p.zip", entry: "data.xml"))
        let data = try reader.read(MemoryByteStream(Array(text.utf8)))
        return (data, reader.warnings)
    }

    @Test func readsTheXrmCIFrameworkPackage() throws {
        let reader = try Self.package("ConfigData.zip")
        #expect(reader.contentTypesMember == "[Content_Types].xml")
        let package = try reader.read()
        #expect(package.data.timestamp == nil)
        let config = try #require(package.data.entities.first)
        #expect(package.data.entities.count == 1)
        #expect(config.name == "wh_config" && config.displayName == "Config")
        #expect(config.records.values.columnNames == ["@id", "wh_key", "wh_value"])
        #expect(config.records.values.row(0) == ["3eb16a9f-43db-e611-80d9-3863bb34cdb0", "SampleKey", "SampleValue"])
        #expect(config.manyToMany.isEmpty && config.partyMembers.count == 0 && config.undeclaredFields.isEmpty)
        #expect(reader.warnings.isEmpty)
    }

    @Test func readsTheAbvogelPackageWithLookupsAndTypedValues() throws {
        let reader = try Self.package("abvogel-allentities.cmt.zip")
        let package = try reader.read()
        #expect(package.data.timestamp?.text == "4/5/2019 11:23:19 PM")
        #expect(package.data.timestamp?.value?.isoText == "2019-04-05T23:23:19.0000000")
        #expect(package.data.entities.map(\.recordCount) == [2, 1, 5, 1, 1, 1, 2])

        let incident = try #require(package.data.entity(named: "incident"))
        #expect(incident.records.values.columnNames == ["@id", "customerid", "incidentid"])
        #expect(incident.records.values.value(row: 0, column: "customerid") == "9a913e9f-cbb8-e711-a968-000d3a192387")
        #expect(incident.records.lookupEntity(row: 0, field: "customerid") == "contact")
        #expect(incident.records.lookupEntityName(row: 0, field: "customerid") == "Andrew Vogel")
        #expect(incident.records.lookupEntity(row: 1, field: "customerid") == "account")
        #expect(incident.records.lookupEntity(row: 0, field: "incidentid") == nil)
        #expect(incident.records.fieldAttributes.map(\.name) == ["lookupentity", "lookupentityname"])
        #expect(incident.records.fieldAttributes.map(\.columnNames) == [["customerid"], ["customerid"]])

        let article = try #require(package.data.entity(named: "knowledgearticle"))
        #expect(article.records.values.value(row: 4, column: "publishon") == "2017-06-12T09:45:00.0000000")
        #expect(article.records.values.value(row: 1, column: "description") == "It's a bird, it's a plane")
        #expect(article.records.values.value(row: 1, column: "expiredreviewoptions") == "-1")
        #expect(article.records.values.value(row: 3, column: "description") == nil)
        #expect(article.records.lookupEntityName(row: 2, field: "previousarticlecontentid") == "Mbps vs. MBps")
        let record = article.record(at: 0)
        #expect(record.id == "1c73d420-d29f-e711-9401-0003ff66fbff")
        #expect(record.field("ownerid")?.lookupEntity == "systemuser")
        #expect(record.field("statecode")?.value == "3")

        #expect(package.data.entity(named: "invoice")?.records.values.value(row: 0, column: "totaltax") == "0.0000")
        #expect(
            package.data.entity(named: "msdyn_resourcerequirementdetail")?.records.values.value(row: 0, column: "msdyn_hours")
                == "5.0000000000")
        #expect(package.data.entity(named: "msdyn_purchaseorderproduct")?.records.values.value(row: 0, column: "msdyn_quantity") == "73.25")
        #expect(package.data.entity(named: "theme")?.records.values.value(row: 1, column: "isdefaulttheme") == "True")
        #expect(reader.warnings.isEmpty)
    }

    @Test func readsThePartyListOfAnApproval() throws {
        let package = try Self.package("abvogel-partylist.cmt.zip").read()
        #expect(package.data.timestamp?.text == "3/23/2019 10:07:22 AM")
        let approval = try #require(package.data.entities.first)
        #expect(approval.records.values.row(0) == ["3ff9afe1-7c4d-e911-a96a-000d3a1d23d3", "3ff9afe1-7c4d-e911-a96a-000d3a1d23d3", ""])
        // The empty lookupentity/lookupentityname pair on the container is kept as written.
        #expect(approval.records.lookupEntity(row: 0, field: "customers") == "")
        #expect(approval.records.lookupEntityName(row: 0, field: "customers") == "")

        let members = approval.partyMembers
        #expect(members.count == 2)
        #expect(
            members.values.columnNames == [
                "@record", "@field", "@id", "partyid", "activityid", "ownerid", "participationtypemask", "instancetypecode", "donotemail",
                "donotfax", "donotpostalmail", "donotphone", "ispartydeleted", "activitypartyid",
            ])
        #expect(members.values.row(0)[0...2] == ["0", "customers", "3d12ac27-7d4d-e911-a96a-000d3a1d23d3"])
        #expect(members.lookupEntity(row: 0, field: "partyid") == "contact")
        #expect(members.lookupEntityName(row: 0, field: "partyid") == "Andrew Vogel")
        #expect(members.lookupEntity(row: 1, field: "partyid") == "account")
        #expect(members.lookupEntity(row: 1, field: "activityid") == "activitypointer")
        #expect(members.lookupEntityName(row: 1, field: "activityid") == nil)
        #expect(members.values.value(row: 1, column: "donotemail") == "False")

        let record = approval.record(at: 0)
        let customers = try #require(record.field("customers"))
        #expect(customers.partyMembers.map(\.id) == ["3d12ac27-7d4d-e911-a96a-000d3a1d23d3", "3e12ac27-7d4d-e911-a96a-000d3a1d23d3"])
        #expect(customers.partyMembers[1].field("partyid")?.lookupEntityName == "test")
    }

    @Test func partyMemberFieldOrderDoesNotChangeTheTables() throws {
        // The two abvogel exports hold the same party list with fields in different orders.
        let sorted = try Self.package("abvogel-allentities.cmt.zip").read().data.entity(named: "msdyn_approval")
        let unsorted = try Self.package("abvogel-partylist.cmt.zip").read().data.entity(named: "msdyn_approval")
        let a = try #require(sorted)
        let b = try #require(unsorted)
        #expect(a.partyMembers.values.columnNames != b.partyMembers.values.columnNames)
        #expect(
            a.record(at: 0).field("customers")?.partyMembers.map { Set($0.fields.map(\.name)) }
                == b.record(at: 0).field("customers")?.partyMembers.map { Set($0.fields.map(\.name)) })
        for table in a.partyMembers.fieldAttributes {
            let order = a.partyMembers.values.columnNames.filter(table.columnNames.contains)
            #expect(table.columnNames == order)
        }
    }

    @Test func readsTheCapgeminiPackageWithRepeatedIdsAndUSDates() throws {
        let reader = try Self.package("IntegrationTestData.zip")
        let package = try reader.read()
        let contacts = try #require(package.data.entities.first)
        #expect(contacts.recordCount == 16)
        #expect(Set((0..<16).map { contacts.records.values.value(row: $0, column: 0) }) == ["00000000-0000-0000-0000-000000000000"])
        #expect(contacts.records.values.row(0) == ["00000000-0000-0000-0000-000000000000", "Brian", nil, "Bayes", nil])
        #expect(contacts.records.values.value(row: 1, column: "birthdate") == "1970-01-01T00:00:00.0000000")
        #expect(contacts.records.values.value(row: 15, column: "birthdate") == "1990-01-01T00:00:00.0000000")
        #expect(contacts.records.values.value(row: 15, column: "lastname") == "Test15")
        #expect(reader.warnings.count == 1)
        #expect(reader.warnings.first?.contains("15 of 16 records repeat an id") == true)
    }

    @Test func undeclaredFieldsAndEntitiesAreKeptAndReported() throws {
        let (data, warnings) = try Self.readData(
            """
            <entities timestamp="2021-01-12T14:27:44.3334598Z" recordcount="2">
              <entity name="account" displayname="Account" extra="1">
                <records>
                  <record id="{11111111-1111-1111-1111-111111111111}" newId="x">
                    <field name="name" value="A" />
                    <field name="mystery" value=" raw &amp;amp; " lookupentity="x" filename="f.bin" />
                  </record>
                  <record id="22222222-2222-2222-2222-222222222222">
                    <field name="accountid" value="22222222-2222-2222-2222-222222222222" />
                    <field name="other" value="o" />
                  </record>
                </records>
                <relationships><relationship name="legacy" /></relationships>
                <m2mrelationships>
                  <m2mrelationship sourceid="11111111-1111-1111-1111-111111111111" targetentityname="contact" targetentitynameidfield="contactid" m2mrelationshipname="account_contacts">
                    <targetids>
                      <targetid>33333333-3333-3333-3333-33333333333A</targetid>
                    </targetids>
                  </m2mrelationship>
                </m2mrelationships>
                <surprise />
              </entity>
              <entity name="lead" displayname="Lead"><records><record id="44444444-4444-4444-4444-444444444444"><field name="subject" value="s" /></record></records><m2mrelationships /></entity>
            </entities>
            """)
        #expect(data.timestamp?.value?.zone == .utc)
        #expect(data.otherAttributes == [CMTAttribute("recordcount", "2")])
        let account = try #require(data.entity(named: "account"))
        #expect(account.otherAttributes == [CMTAttribute("extra", "1")])
        #expect(
            account.records.values.columnNames == ["@id", "accountid", "name", "creditlimit", "createdon", "@newId", "mystery", "other"])
        #expect(account.records.values.row(0) == ["11111111-1111-1111-1111-111111111111", nil, "A", nil, nil, "x", " raw &amp; ", nil])
        #expect(account.undeclaredFields == ["mystery", "other"])
        #expect(account.records.fieldAttributes.map(\.name) == ["lookupentity", "filename"])
        #expect(account.records.attribute("filename", row: 0, field: "mystery") == "f.bin")
        #expect(account.record(at: 0).otherAttributes == [CMTAttribute("newId", "x")])
        #expect(
            account.manyToMany == [
                CMTManyToManyAssociation(
                    sourceID: "11111111-1111-1111-1111-111111111111", targetEntityName: "contact", targetEntityIDField: "contactid",
                    relationshipName: "account_contacts", targetIDs: ["33333333-3333-3333-3333-33333333333a"])
            ])
        #expect(data.entity(named: "lead")?.records.values.row(0) == ["44444444-4444-4444-4444-444444444444", "s"])
        #expect(warnings.contains { $0.contains("'lead'") && $0.contains("not declared") })
        #expect(warnings.contains { $0.contains("mystery, other") })
        #expect(warnings.contains { $0.contains("<surprise>") })
        #expect(!warnings.contains { $0.contains("legacy") || $0.contains("<relationships>") })
    }

    @Test func aValueThatDoesNotDecodeIsLocated() throws {
        let error = try #require(throws: AirlockError.self) {
            try Self.readData(
                """
                <entities>
                  <entity name="account">
                    <records>
                      <record id="11111111-1111-1111-1111-111111111111">
                        <field name="creditlimit" value="1,5" />
                      </record>
                    </records>
                  </entity>
                </entities>
                """)
        }
        #expect(error.code == .invalidValue)
        #expect(error.location.file == "p.zip")
        #expect(error.location.entry == "data.xml")
        #expect(error.location.line == 5)
        #expect(error.location.entity == "account")
        #expect(error.location.record == "11111111-1111-1111-1111-111111111111")
        #expect(error.location.field == "creditlimit")
        #expect(error.message.contains("'1,5'") && error.message.contains("money"))
        #expect(error.description.contains("p.zip: data.xml: line 5"))
    }

    @Test func badIdsAndRepeatedFieldsAreLocated() throws {
        let badID = try #require(throws: AirlockError.self) {
            try Self.readData("<entities><entity name=\"account\"><records>\n<record id=\"nope\" /></records></entity></entities>")
        }
        #expect(badID.code == .invalidValue)
        #expect(badID.location.line == 2)
        #expect(badID.location.record == "nope")
        let twice = try #require(throws: AirlockError.self) {
            try Self.readData(
                """
                <entities><entity name="account"><records><record id="11111111-1111-1111-1111-111111111111">
                <field name="name" value="a" /><field name="name" value="b" /></record></records></entity></entities>
                """)
        }
        #expect(twice.location.field == "name")
        #expect(twice.location.record == "11111111-1111-1111-1111-111111111111")
        let badParty = try #require(throws: AirlockError.self) {
            try Self.readData(
                """
                <entities><entity name="account"><records><record id="11111111-1111-1111-1111-111111111111">
                <field name="to" value=""><activitypointerrecords id="22222222-2222-2222-2222-222222222222">
                <field name="donotemail" value="perhaps" /></activitypointerrecords></field></record></records></entity></entities>
                """)
        }
        #expect(badParty.code == .invalidValue)
        #expect(badParty.location.line == 3)
        #expect(badParty.location.record == "11111111-1111-1111-1111-111111111111")
        #expect(badParty.location.field == "to/donotemail")
    }

    @Test func malformedXMLGivesLineAndColumn() throws {
        let error = try #require(throws: AirlockError.self) {
            try Self.readData(
                "\r\n<entities>\r\n  <entity name=\"account\">\r\n    <records>\r\n      <record id=\"11111111-1111-1111-1111-111111111111\">\r\n    </records>\r\n"
            )
        }
        #expect(error.code == .malformedXML)
        #expect(error.location.entry == "data.xml")
        #expect(error.location.line == 6)
        #expect(error.location.column != nil)
        let wrongRoot = try #require(throws: AirlockError.self) { try Self.readData("<Entities />") }
        #expect(wrongRoot.message.contains("<entities>"))
    }

    @Test func aPackageWithoutASchemaIsAMissingMember() throws {
        let folder = try Fixture.scratchDirectory()
        let path = try ZipFixture.make(folder + "/no-schema.zip", entries: ["data.xml": Array("<entities />".utf8)])
        let error = try #require(throws: AirlockError.self) { try CMTPackageReader(path: path) }
        #expect(error.code == .missingMember)
        #expect(error.location.file == path)
        #expect(error.message.contains("the package has no data_schema.xml"))
        let nested = try ZipFixture.make(
            folder + "/nested.zip",
            entries: ["export/data.xml": Array("<entities />".utf8), "export/data_schema.xml": Array("<entities />".utf8)])
        let nestedError = try #require(throws: AirlockError.self) { try CMTPackageReader(path: nested) }
        #expect(nestedError.message.contains("export/data_schema.xml"))
        let noData = try ZipFixture.make(folder + "/no-data.zip", entries: ["data_schema.xml": Array("<entities />".utf8)])
        #expect(throws: AirlockError.self) { try CMTPackageReader(path: noData) }
    }

    @Test func readsAnUnpackedFolderAndUTF16() throws {
        let folder = try Fixture.scratchDirectory()
        var utf16: [UInt8] = [0xFF, 0xFE]
        let text =
            "<entities><entity name=\"account\"><records><record id=\"11111111-1111-1111-1111-111111111111\"><field name=\"name\" value=\"Zürich\" /></record></records></entity></entities>"
        for unit in text.utf16 { utf16 += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        try Data(utf16).write(to: URL(fileURLWithPath: folder + "/data.xml"))
        try Data(Self.schemaText.utf8).write(to: URL(fileURLWithPath: folder + "/data_schema.xml"))
        let reader = try CMTPackageReader(path: folder)
        let counts = try reader.countRecords()
        #expect(counts.encoding == .utf16LE)
        #expect(counts.entity(named: "account")?.records == 1)
        #expect(try reader.read().data.entities.first?.records.values.value(row: 0, column: "name") == "Zürich")
        #expect(reader.warnings.contains { $0.contains("[Content_Types].xml") })
    }

    @Test func streamingHandsOverOneSectionAtATime() throws {
        let reader = try Self.package("abvogel-allentities.cmt.zip")
        var names: [String] = []
        let header = try reader.readEntities { names.append($0.name) }
        #expect(names.count == 7)
        #expect(header.entities.isEmpty)
        #expect(header.timestamp?.text == "4/5/2019 11:23:19 PM")
    }

    @Test func countingMatchesReading() throws {
        for name in ["ConfigData.zip", "abvogel-allentities.cmt.zip", "abvogel-partylist.cmt.zip", "IntegrationTestData.zip"] {
            let reader = try Self.package(name)
            let counts = try reader.countRecords()
            let countWarnings = reader.warnings
            let data = try reader.read().data
            #expect(counts.entities.map(\.name) == data.entities.map(\.name))
            #expect(counts.entities.map(\.records) == data.entities.map(\.recordCount))
            #expect(countWarnings == reader.warnings, "\(name)")
        }
    }

    /// Rebuilds each section's columns and rows from what `readRecords` hands on.
    final class RecordCollector: CMTRecordConsumer {
        var sections: [(name: String, columns: [String], rows: [[String?]])] = []

        func beginSection(name: String, columns: [String]) throws { sections.append((name, columns, [])) }

        func addColumn(_ name: String) throws { sections[sections.count - 1].columns.append(name) }

        func consume(_ record: CMTRecordValues) throws {
            #expect(record.count == sections[sections.count - 1].columns.count)
            let row = (0..<record.count).map { column in record.withValue(column) { $0.map { String(decoding: $0, as: UTF8.self) } } }
            sections[sections.count - 1].rows.append(row)
        }

        func endSection() throws {}
    }

    @Test func recordByRecordReadingGivesTheValuesOfTheTables() throws {
        for name in ["ConfigData.zip", "abvogel-allentities.cmt.zip", "abvogel-partylist.cmt.zip", "IntegrationTestData.zip"] {
            let collector = RecordCollector()
            let header = try Self.package(name).readRecords(into: collector)
            #expect(header.entities.isEmpty)
            let data = try Self.package(name).read().data
            #expect(collector.sections.map(\.name) == data.entities.map(\.name), "\(name)")
            for (section, entity) in zip(collector.sections, data.entities) {
                let table = entity.records.values
                #expect(section.columns == table.columnNames, "\(name) \(entity.name)")
                #expect(section.rows == (0..<table.rowCount).map { table.row($0) }, "\(name) \(entity.name)")
            }
        }
    }
}

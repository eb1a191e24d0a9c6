import AirlockIO
import AirlockModel
import AirlockPackages
import Foundation
import Testing

struct CMTDataWriterTests {
    /// A small hand-made package with the values that break naive writers.
    static func sample() throws -> CMTPackage {
        let account = CMTSchemaEntity(
            name: "account", displayName: "Account", primaryIDField: "accountid", primaryNameField: "name", disablePlugins: false,
            fields: [
                CMTSchemaField(name: "accountid", type: .guid, displayName: "Account", primaryKey: true),
                CMTSchemaField(name: "name", type: .string, displayName: "Account Name"),
                CMTSchemaField(name: "accountnumber", type: .string, displayName: "Account Number", updateCompare: true),
                CMTSchemaField(name: "creditlimit", type: .money, displayName: "Credit Limit"),
                CMTSchemaField(name: "creditonhold", type: .bool, displayName: "Credit Hold"),
                CMTSchemaField(name: "lastonholdtime", type: .datetime, displayName: "Last On Hold Time"),
                CMTSchemaField(name: "msdyn_tags", type: .optionSetValueCollection, displayName: "Tags", customField: true),
                CMTSchemaField(name: "ownerid", type: .owner, displayName: "Owner"),
                CMTSchemaField(name: "statecode", type: .state, displayName: "Status"),
            ],
            relationships: [
                CMTSchemaRelationship(attributes: [
                    CMTAttribute("name", "accountleads_association"), CMTAttribute("manyToMany", "true"),
                    CMTAttribute("isreflexive", "false"),
                    CMTAttribute("relatedEntityName", "accountleads"), CMTAttribute("m2mTargetEntity", "lead"),
                    CMTAttribute("m2mTargetEntityPrimaryKey", "leadid"),
                ])
            ])
        let email = CMTSchemaEntity(
            name: "email", displayName: "Email", primaryIDField: "activityid", primaryNameField: "subject",
            fields: [
                CMTSchemaField(name: "activityid", type: .guid, displayName: "Email Message", primaryKey: true),
                CMTSchemaField(name: "to", type: .partyList, displayName: "To"),
            ])
        let contact = CMTSchemaEntity(
            name: "contact", displayName: "Contact", fields: [CMTSchemaField(name: "contactid", type: .guid, primaryKey: true)])
        let schema = CMTSchema(entities: [account, contact, email], entityImportOrder: ["account", "contact", "email"])

        var accounts = CMTEntityData(schema: account)
        try accounts.append(
            CMTRecord(
                id: "{6F1D1F7E-2B0C-4D1A-9A55-0C8A2F6B1E01}",
                fields: [
                    CMTFieldValue(name: "accountid", value: "6F1D1F7E-2B0C-4D1A-9A55-0C8A2F6B1E01"),
                    CMTFieldValue(name: "name", value: "Widget & Co <\"Ltd\"> it's\r\nline two\tend"),
                    CMTFieldValue(name: "accountnumber", value: "Zürich-東京"),
                    CMTFieldValue(name: "creditlimit", value: "1.2500000000"),
                    CMTFieldValue(name: "creditonhold", value: "true"),
                    CMTFieldValue(name: "lastonholdtime", value: "2026-03-11T10:30:00Z"),
                    CMTFieldValue(name: "msdyn_tags", value: "[71000010,71000012]"),
                    .lookup("ownerid", id: "0ff0de1d-a6ad-f111-aaad-000d3a5c8169", entity: "systemuser", entityName: "Lab \"Sales\" User"),
                    CMTFieldValue(name: "statecode", value: "0"),
                ]))
        try accounts.append(CMTRecord(id: "7a8e6c3b-1111-4c2e-8f00-5d6e7f809a1b", fields: [CMTFieldValue(name: "name", value: "Plain")]))
        try accounts.append(CMTRecord(id: "8a8e6c3b-1111-4c2e-8f00-5d6e7f809a1b"))
        accounts.manyToMany = [
            CMTManyToManyAssociation(
                sourceID: "6f1d1f7e-2b0c-4d1a-9a55-0c8a2f6b1e01", targetEntityName: "lead", targetEntityIDField: "leadid",
                relationshipName: "accountleads_association",
                targetIDs: ["c902a1b2-0000-4000-8000-000000000001", "C902A1B2-0000-4000-8000-000000000002"])
        ]
        var emails = CMTEntityData(schema: email)
        try emails.append(
            CMTRecord(
                id: "3ff9afe1-7c4d-e911-a96a-000d3a1d23d3",
                fields: [
                    CMTFieldValue(name: "activityid", value: "3ff9afe1-7c4d-e911-a96a-000d3a1d23d3"),
                    CMTFieldValue(
                        name: "to", value: "",
                        partyMembers: [
                            CMTRecord(
                                id: "3d12ac27-7d4d-e911-a96a-000d3a1d23d3",
                                fields: [
                                    .lookup(
                                        "partyid", id: "9a913e9f-cbb8-e711-a968-000d3a192387", entity: "contact", entityName: "Andrew Vogel"
                                    ),
                                    CMTFieldValue(name: "participationtypemask", value: "2"),
                                    CMTFieldValue(name: "donotemail", value: "0"),
                                    CMTFieldValue(name: "addressused", value: "a&b@example.com"),
                                ]),
                            CMTRecord(
                                id: "3e12ac27-7d4d-e911-a96a-000d3a1d23d3",
                                fields: [
                                    .lookup("partyid", id: "669537c3-a4bd-e711-a950-000d3a1087a0", entity: "account")
                                ]),
                        ]),
                ]))
        let timestamp = CMTTimestamp(
            try CMTDateTime(year: 2025, month: 5, day: 1, hour: 8, minute: 15, second: 30, ticks: 1_234_567, zone: .utc))
        let data = CMTData(timestamp: timestamp, entities: [accounts, CMTEntityData(schema: contact), emails])
        return CMTPackage(schema: schema, data: data)
    }

    static let expectedDataXML = """
        <?xml version="1.0" encoding="utf-8"?>\r
        <entities xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" timestamp="2025-05-01T08:15:30.1234567Z">\r
          <entity name="account" displayname="Account">\r
            <records>\r
              <record id="6f1d1f7e-2b0c-4d1a-9a55-0c8a2f6b1e01">\r
                <field name="accountid" value="6f1d1f7e-2b0c-4d1a-9a55-0c8a2f6b1e01" />\r
                <field name="name" value="Widget &amp;amp; Co &amp;lt;&amp;quot;Ltd&amp;quot;&amp;gt; it&amp;#39;s&#xD;&#xA;line two&#x9;end" />\r
                <field name="accountnumber" value="Zürich-東京" />\r
                <field name="creditlimit" value="1.2500000000" />\r
                <field name="creditonhold" value="True" />\r
                <field name="lastonholdtime" value="2026-03-11T10:30:00.0000000Z" />\r
                <field name="msdyn_tags" value="[-1,71000010,71000012,-1]" />\r
                <field name="ownerid" value="0ff0de1d-a6ad-f111-aaad-000d3a5c8169" lookupentity="systemuser" lookupentityname="Lab &quot;Sales&quot; User" />\r
                <field name="statecode" value="0" />\r
              </record>\r
              <record id="7a8e6c3b-1111-4c2e-8f00-5d6e7f809a1b">\r
                <field name="name" value="Plain" />\r
              </record>\r
              <record id="8a8e6c3b-1111-4c2e-8f00-5d6e7f809a1b" />\r
            </records>\r
            <m2mrelationships>\r
              <m2mrelationship sourceid="6f1d1f7e-2b0c-4d1a-9a55-0c8a2f6b1e01" targetentityname="lead" targetentitynameidfield="leadid" m2mrelationshipname="accountleads_association">\r
                <targetids>\r
                  <targetid>c902a1b2-0000-4000-8000-000000000001</targetid>\r
                  <targetid>c902a1b2-0000-4000-8000-000000000002</targetid>\r
                </targetids>\r
              </m2mrelationship>\r
            </m2mrelationships>\r
          </entity>\r
          <entity name="contact" displayname="Contact">\r
            <records />\r
            <m2mrelationships />\r
          </entity>\r
          <entity name="email" displayname="Email">\r
            <records>\r
              <record id="3ff9afe1-7c4d-e911-a96a-000d3a1d23d3">\r
                <field name="activityid" value="3ff9afe1-7c4d-e911-a96a-000d3a1d23d3" />\r
                <field name="to" value="">\r
                  <activitypointerrecords id="3d12ac27-7d4d-e911-a96a-000d3a1d23d3">\r
                    <field name="partyid" value="9a913e9f-cbb8-e711-a968-000d3a192387" lookupentity="contact" lookupentityname="Andrew Vogel" />\r
                    <field name="participationtypemask" value="2" />\r
                    <field name="donotemail" value="False" />\r
                    <field name="addressused" value="a&amp;amp;b@example.com" />\r
                  </activitypointerrecords>\r
                  <activitypointerrecords id="3e12ac27-7d4d-e911-a96a-000d3a1d23d3">\r
                    <field name="partyid" value="669537c3-a4bd-e711-a950-000d3a1087a0" lookupentity="account" />\r
                  </activitypointerrecords>\r
                </field>\r
              </record>\r
            </records>\r
            <m2mrelationships />\r
          </entity>\r
        </entities>
        """

    @Test func writesDataXMLExactlyAsCMTLaysItOut() throws {
        let package = try Self.sample()
        let bytes = try CMTDataWriter(schema: package.schema).bytes(package.data)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text == Self.expectedDataXML)
        if text != Self.expectedDataXML {
            for (index, (got, want)) in zip(text.split(separator: "\n"), Self.expectedDataXML.split(separator: "\n")).enumerated()
            where got != want {
                Issue.record("line \(index + 1):\n got: \(got)\nwant: \(want)")
                break
            }
        }
    }

    @Test func writesTheSchemaOfTheSample() throws {
        let text = String(decoding: try CMTSchemaWriter.bytes(try Self.sample().schema), as: UTF8.self)
        #expect(
            text.hasPrefix(
                "<entities>\r\n  <entity name=\"account\" displayname=\"Account\" primaryidfield=\"accountid\" primarynamefield=\"name\" disableplugins=\"false\">\r\n"
            ))
        #expect(
            text.contains(
                #"<relationship name="accountleads_association" manyToMany="true" isreflexive="false" relatedEntityName="accountleads" m2mTargetEntity="lead" m2mTargetEntityPrimaryKey="leadid" />"#
            ))
        #expect(text.hasSuffix("    <entityName>email</entityName>\r\n  </entityImportOrder>\r\n</entities>"))
    }

    @Test func readBackTheGoldenSample() throws {
        let package = try Self.sample()
        let bytes = try CMTDataWriter(schema: package.schema).bytes(package.data)
        let data = try CMTDataReader(schema: package.schema, location: SourceLocation(entry: "data.xml")).read(MemoryByteStream(bytes))
        let account = try #require(data.entity(named: "account"))
        #expect(account.records.values.value(row: 0, column: "name") == "Widget & Co <\"Ltd\"> it's\r\nline two\tend")
        #expect(account.records.values.value(row: 0, column: "accountnumber") == "Zürich-東京")
        #expect(account.records.values.value(row: 0, column: "@id") == "6f1d1f7e-2b0c-4d1a-9a55-0c8a2f6b1e01")
        #expect(account.records.lookupEntityName(row: 0, field: "ownerid") == "Lab \"Sales\" User")
        let member = try #require(data.entity(named: "email")?.record(at: 0).field("to")?.partyMembers.first)
        #expect(member.field("addressused")?.value == "a&b@example.com")
        #expect(member.field("donotemail")?.value == "False")
    }

    @Test func writeReadWriteIsByteIdenticalForTheSample() throws {
        let folder = try Fixture.scratchDirectory()
        let first = folder + "/first.zip"
        let second = folder + "/second.zip"
        try CMTPackageWriter.write(try Self.sample(), to: first)
        let reader = try CMTPackageReader(path: first)
        #expect(reader.warnings.isEmpty)
        try CMTPackageWriter.write(try reader.read(), to: second)
        #expect(try Data(contentsOf: URL(fileURLWithPath: first)) == Data(contentsOf: URL(fileURLWithPath: second)))
    }

    @Test func thePackageHoldsTheThreeMembersInCMTOrder() throws {
        let folder = try Fixture.scratchDirectory()
        let path = folder + "/out.zip"
        let package = try Self.sample()
        try CMTPackageWriter.write(package, to: path)
        let source = try openPackageSource(path: path)
        #expect(source.members.map(\.name) == ["data_schema.xml", "data.xml", "[Content_Types].xml"])
        #expect(try source.open("data.xml").readAll() == Array(Self.expectedDataXML.utf8))
        #expect(try source.open("data_schema.xml").readAll() == CMTSchemaWriter.bytes(package.schema))
        // The content-types member is byte for byte the one in genuine CMT zips.
        let genuine = try openPackageSource(path: RealExport.path("xrm-ci-framework/ConfigData.zip")).open("[Content_Types].xml").readAll()
        #expect(try source.open("[Content_Types].xml").readAll() == genuine)
        #expect(CMTContentTypes.bytes == genuine)
    }

    @Test(arguments: ["ConfigData.zip", "abvogel-allentities.cmt.zip", "abvogel-partylist.cmt.zip", "IntegrationTestData.zip"])
    func realPackagesRoundTrip(_ name: String) throws {
        let folder = try Fixture.scratchDirectory()
        let original = try CMTPackageReader(path: RealExport.cmt(name)).read()
        let first = folder + "/first.zip"
        let second = folder + "/second.zip"
        try CMTPackageWriter.write(original, to: first)
        let reread = try CMTPackageReader(path: first).read()
        // read → write → read: identical schema and tables.
        #expect(reread.schema == original.schema)
        #expect(reread.data.entities == original.data.entities)
        #expect(reread.data.timestamp?.value == original.data.timestamp?.value)
        // write → read → write: identical bytes.
        try CMTPackageWriter.write(reread, to: second)
        #expect(try Data(contentsOf: URL(fileURLWithPath: first)) == Data(contentsOf: URL(fileURLWithPath: second)))
    }

    @Test func stringOnlyDataIsWrittenAsCMTWroteIt() throws {
        // The xrm-ci-framework export holds only strings: the writer reproduces it after the XML declaration
        // that newer CMT builds write (older ones stripped it and left the line end).
        let source = try openPackageSource(path: RealExport.path("xrm-ci-framework/ConfigData.zip"))
        let original = try source.open("data.xml").readAll()
        let package = try CMTPackageReader(source: source).read()
        let written = try CMTDataWriter(schema: package.schema).bytes(package.data)
        #expect(written == Array("<?xml version=\"1.0\" encoding=\"utf-8\"?>".utf8) + original)
    }

    /// Ids and lookups of hundreds of records are held in the GUID form: those in lower case are written as held, those
    /// in upper case still canonicalised to lower case, byte for byte as a table of the plain form is.
    @Test(arguments: [false, true])
    func manyGUIDsAreWrittenInTheCanonicalFormWhateverTheCaseHeld(uppercase: Bool) throws {
        let schema = try Self.sample().schema
        let account = try #require(schema.entity(named: "account"))
        var accounts = CMTEntityData(schema: account)
        var expected: [String] = []
        for index in 0..<400 {
            let id = TableColumnGUIDFormTests.guid(index, uppercase: uppercase)
            let owner = TableColumnGUIDFormTests.guid(10_000 + index, uppercase: uppercase)
            try accounts.append(
                CMTRecord(
                    id: id,
                    fields: [
                        CMTFieldValue(name: "accountid", value: id), .lookup("ownerid", id: owner, entity: "systemuser", entityName: nil),
                    ]))
            expected.append("id=\"\(id.lowercased())\"")
            expected.append("name=\"accountid\" value=\"\(id.lowercased())\"")
            expected.append("name=\"ownerid\" value=\"\(owner.lowercased())\"")
        }
        let values = accounts.records.values
        for name in ["@id", "accountid", "ownerid"] {
            let column = try #require(values.columns.first { $0.name == name })
            #expect(column.isGUIDEncoded && column.holdsCanonicalGUIDs == !uppercase, "\(name)")
        }
        let written = try CMTDataWriter(schema: schema).bytes(CMTData(entities: [accounts]))
        let text = String(decoding: written, as: UTF8.self)
        for piece in expected { #expect(text.contains(piece), "\(piece)") }
        // The same records held in the plain form are written to the same bytes.
        var plain = accounts
        plain.records.values = Table(
            name: values.name,
            columns: try values.columns.map { column in
                try TableColumnGUIDFormTests.plainColumn((0..<column.count).map(column.value)).renamed(column.name)
            })
        #expect(!plain.records.values.columns.contains { $0.isGUIDEncoded })
        #expect(try CMTDataWriter(schema: schema).bytes(CMTData(entities: [plain])) == written)
    }

    @Test func aRecordIdThatIsNotAGUIDIsLocatedOnWrite() throws {
        var package = try Self.sample()
        try package.data.entities[0].append(CMTRecord(id: "ACC-7", fields: [CMTFieldValue(name: "name", value: "Fabrikam")]))
        let error = try #require(throws: AirlockError.self) { try CMTDataWriter(schema: package.schema).bytes(package.data) }
        #expect(error.code == .invalidValue)
        #expect(error.location.entity == "account")
        #expect(error.location.record == "ACC-7")
        #expect(error.message.hasPrefix("the id 'ACC-7' is not a GUID"))
    }

    @Test func aValueThatIsNotValidForItsTypeIsLocatedOnWrite() throws {
        var package = try Self.sample()
        try package.data.entities[0].append(
            CMTRecord(id: "9a8e6c3b-1111-4c2e-8f00-5d6e7f809a1b", fields: [CMTFieldValue(name: "creditlimit", value: "lots")]))
        let error = try #require(throws: AirlockError.self) { try CMTDataWriter(schema: package.schema).bytes(package.data) }
        #expect(error.code == .invalidValue)
        #expect(error.location.entry == "data.xml")
        #expect(error.location.entity == "account")
        #expect(error.location.record == "9a8e6c3b-1111-4c2e-8f00-5d6e7f809a1b")
        #expect(error.location.field == "creditlimit")
        #expect(error.message.contains("'lots'"))

        var control = try Self.sample()
        try control.data.entities[0].append(
            CMTRecord(id: "9a8e6c3b-1111-4c2e-8f00-5d6e7f809a1b", fields: [CMTFieldValue(name: "name", value: "bell\u{7}")]))
        let controlError = try #require(throws: AirlockError.self) { try CMTDataWriter(schema: control.schema).bytes(control.data) }
        #expect(controlError.location.field == "name")
        #expect(controlError.message.contains("U+0007"))

        var noID = try Self.sample()
        try noID.data.entities[0].append(CMTRecord(id: "not-a-guid"))
        #expect(throws: AirlockError.self) { try CMTDataWriter(schema: noID.schema).bytes(noID.data) }
    }

    @Test func aFailedWriteLeavesNoFile() throws {
        let folder = try Fixture.scratchDirectory()
        var package = try Self.sample()
        try package.data.entities[0].append(CMTRecord(id: "not-a-guid"))
        #expect(throws: AirlockError.self) { try CMTPackageWriter.write(package, to: folder + "/out.zip") }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    }
}

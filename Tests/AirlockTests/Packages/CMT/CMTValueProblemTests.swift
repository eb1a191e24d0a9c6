import AirlockIO
import AirlockModel
import AirlockPackages
import Foundation
import Testing

/// `CMTDataReader` with `CMTValueProblemMode`: strict by default, collecting bad field values on request.
struct CMTValueProblemTests {
    static let schemaText = """
        <entities>
          <entity name="account" displayname="Account">
            <fields>
              <field name="accountid" type="guid" primaryKey="true" />
              <field name="name" type="string" />
              <field name="creditlimit" type="money" />
              <field name="donotemail" type="bool" />
              <field name="parentaccountid" type="entityreference" lookupType="account" />
              <field name="to" type="partylist" />
            </fields>
          </entity>
          <entity name="contact" displayname="Contact">
            <fields>
              <field name="contactid" type="guid" primaryKey="true" />
              <field name="numberofchildren" type="number" />
            </fields>
          </entity>
        </entities>
        """

    /// Three accounts, the second with a bad money and a bad bool (XML-escaped), then a contact with a bad number.
    static let dataText = """
        <entities>
          <entity name="account" displayname="Account">
            <records>
              <record id="11111111-1111-1111-1111-111111111111">
                <field name="name" value="Good" />
                <field name="creditlimit" value="10.50" />
              </record>
              <record id="22222222-2222-2222-2222-222222222222">
                <field name="name" value="Bad" />
                <field name="creditlimit" value="12,50" />
                <field name="donotemail" value="maybe &amp; perhaps" />
              </record>
              <record id="33333333-3333-3333-3333-333333333333">
                <field name="donotemail" value="1" />
              </record>
            </records>
          </entity>
          <entity name="contact">
            <records>
              <record id="44444444-4444-4444-4444-444444444444">
                <field name="numberofchildren" value="two" />
              </record>
            </records>
          </entity>
        </entities>
        """

    static func schema() throws -> CMTSchema {
        try CMTSchemaReader.read(MemoryByteStream(Array(schemaText.utf8)), location: SourceLocation(entry: "data_schema.xml"))
    }

    static func read(_ text: String, _ mode: CMTValueProblemMode) throws -> CMTData {
        let reader = CMTDataReader(schema: try schema(), location: SourceLocation(file: "p.zip", entry: "data.xml"), valueProblems: mode)
        #expect(reader.valueProblems == mode)
        return try reader.read(MemoryByteStream(Array(text.utf8)))
    }

    @Test func strictIsTheDefaultAndNamesEntityRecordAndField() throws {
        let reader = CMTDataReader(schema: try Self.schema(), location: SourceLocation(file: "p.zip", entry: "data.xml"))
        #expect(reader.valueProblems == .strict)
        let error = try #require(throws: AirlockError.self) { try reader.read(MemoryByteStream(Array(Self.dataText.utf8))) }
        #expect(error.code == .invalidValue)
        #expect(error.location.entity == "account")
        #expect(error.location.record == "22222222-2222-2222-2222-222222222222")
        #expect(error.location.field == "creditlimit")
        #expect(error.location.line == 10)
        #expect(error.description.contains("entity account, record 22222222-2222-2222-2222-222222222222, field creditlimit"))
        #expect(error.message.contains("'12,50'") && error.message.contains("money"))
    }

    @Test func collectKeepsEveryRecordWithTheRawTextAndListsTheProblems() throws {
        let data = try Self.read(Self.dataText, .collect)
        let accounts = try #require(data.entity(named: "account"))
        #expect(accounts.recordCount == 3)
        #expect(accounts.records.values.value(row: 0, column: "creditlimit") == "10.50")
        #expect(accounts.records.values.value(row: 1, column: "name") == "Bad")
        #expect(accounts.records.values.value(row: 1, column: "creditlimit") == "12,50")
        #expect(accounts.records.values.value(row: 1, column: "donotemail") == "maybe & perhaps")
        #expect(accounts.records.values.value(row: 2, column: "donotemail") == "True")
        #expect(accounts.valueProblems.count == 2)
        let money = try #require(accounts.valueProblems.first)
        #expect(money.row == 1)
        #expect(money.field == "creditlimit")
        #expect(money.value == "12,50")
        #expect(money.type == .money)
        #expect(money.message.contains("no thousands separators"))
        #expect(money.line == 10)
        #expect(money.partyMember == nil)
        #expect(
            accounts.valueProblems[1]
                == CMTValueProblemRecord(
                    row: 1, field: "donotemail", value: "maybe & perhaps", type: .bool, message: "expected True or False", line: 11))
        #expect(
            accounts.valueProblems[1].description
                == "line 11: field donotemail: 'maybe & perhaps' is not a valid bool: expected True or False")

        // Each section has its own problems.
        let contacts = try #require(data.entity(named: "contact"))
        #expect(contacts.valueProblems.map(\.field) == ["numberofchildren"])
        #expect(contacts.valueProblems.first?.row == 0)
        #expect(contacts.records.values.value(row: 0, column: "numberofchildren") == "two")
    }

    @Test func collectKeepsABadLookupGUIDAndItsAttributes() throws {
        let data = try Self.read(
            """
            <entities><entity name="account"><records>
            <record id="11111111-1111-1111-1111-111111111111" />
            <record id="22222222-2222-2222-2222-222222222222">
            <field name="parentaccountid" value="{not-a-guid}" lookupentity="account" lookupentityname="Parent" />
            </record></records></entity></entities>
            """, .collect)
        let accounts = try #require(data.entities.first)
        #expect(accounts.recordCount == 2)
        #expect(accounts.records.values.value(row: 1, column: "parentaccountid") == "{not-a-guid}")
        #expect(accounts.records.lookupEntity(row: 1, field: "parentaccountid") == "account")
        #expect(accounts.records.lookupEntityName(row: 1, field: "parentaccountid") == "Parent")
        #expect(
            accounts.valueProblems == [
                CMTValueProblemRecord(
                    row: 1, field: "parentaccountid", value: "{not-a-guid}", type: .entityReference,
                    message: "expected a GUID such as 982dff41-9bba-4e46-a1e3-127424034240", line: 4)
            ])
    }

    @Test func collectStillThrowsOnBadIDs() throws {
        let badID = try #require(throws: AirlockError.self) {
            try Self.read("<entities><entity name=\"account\"><records>\n<record id=\"nope\" /></records></entity></entities>", .collect)
        }
        #expect(badID.code == .invalidValue)
        #expect(badID.location.record == "nope")
        #expect(badID.location.line == 2)
        let badMember = try #require(throws: AirlockError.self) {
            try Self.read(
                """
                <entities><entity name="account"><records><record id="11111111-1111-1111-1111-111111111111">
                <field name="to" value=""><activitypointerrecords id="nope" /></field></record></records></entity></entities>
                """, .collect)
        }
        #expect(badMember.code == .invalidValue)
        #expect(badMember.location.field == "to")
        let badTarget = try #require(throws: AirlockError.self) {
            try Self.read(
                """
                <entities><entity name="account"><m2mrelationships>
                <m2mrelationship m2mrelationshipname="accountleads_association" sourceid="11111111-1111-1111-1111-111111111111" targetentityname="lead" targetentitynameidfield="leadid">
                <targetids><targetid>nope</targetid></targetids></m2mrelationship></m2mrelationships></entity></entities>
                """, .collect)
        }
        #expect(badTarget.code == .invalidValue)
        #expect(badTarget.location.field == "targetid")
    }

    @Test func collectListsPartyMemberProblemsUnderTheOwningRecord() throws {
        let data = try Self.read(
            """
            <entities><entity name="account"><records>
            <record id="11111111-1111-1111-1111-111111111111" />
            <record id="22222222-2222-2222-2222-222222222222"><field name="to" value="">
            <activitypointerrecords id="33333333-3333-3333-3333-333333333333"><field name="donotemail" value="False" /></activitypointerrecords>
            <activitypointerrecords id="44444444-4444-4444-4444-444444444444">
            <field name="donotemail" value="perhaps" /><field name="partyid" value="x" lookupentity="contact" />
            </activitypointerrecords></field></record></records></entity></entities>
            """, .collect)
        let accounts = try #require(data.entities.first)
        #expect(accounts.partyMembers.count == 2)
        #expect(accounts.partyMembers.values.value(row: 1, column: "donotemail") == "perhaps")
        #expect(accounts.partyMembers.values.value(row: 1, column: "partyid") == "x")
        #expect(accounts.valueProblems.map(\.field) == ["to/donotemail", "to/partyid"])
        #expect(accounts.valueProblems.map(\.row) == [1, 1])
        #expect(accounts.valueProblems.map(\.partyMember) == [1, 1])
        #expect(accounts.valueProblems.map(\.line) == [6, 6])
        #expect(accounts.record(at: 1).field("to")?.partyMembers[1].field("donotemail")?.value == "perhaps")
    }

    @Test func longValuesAreClippedInTheProblemButKeptWholeInTheTable() throws {
        let long = String(repeating: "é", count: 500)
        let data = try Self.read(
            """
            <entities><entity name="contact"><records><record id="44444444-4444-4444-4444-444444444444">
            <field name="numberofchildren" value="\(long)" /></record></records></entity></entities>
            """, .collect)
        let contacts = try #require(data.entities.first)
        #expect(contacts.records.values.value(row: 0, column: "numberofchildren") == long)
        let problem = try #require(contacts.valueProblems.first)
        #expect(problem.value == String(repeating: "é", count: CMTValueProblemRecord.valueLimit) + "…")
        #expect(CMTValueProblemRecord(row: 0, field: "f", value: "short", type: .bool, message: "m").value == "short")
    }

    @Test func cleanPackagesReadTheSameInBothModes() throws {
        for name in ["abvogel-allentities.cmt.zip", "abvogel-partylist.cmt.zip", "IntegrationTestData.zip"] {
            let reader = try CMTPackageReader(path: RealExport.cmt(name))
            let strict = try reader.read()
            let lenient = try reader.read(valueProblems: .collect)
            #expect(strict == lenient, "\(name)")
            #expect(lenient.data.entities.allSatisfy { $0.valueProblems.isEmpty }, "\(name)")
        }
    }

    @Test func thePackageReaderPassesTheModeThrough() throws {
        let folder = try Fixture.scratchDirectory()
        let path = try ZipFixture.make(
            folder + "/bad-values.zip", entries: ["data.xml": Array(Self.dataText.utf8), "data_schema.xml": Array(Self.schemaText.utf8)])
        let reader = try CMTPackageReader(path: path)
        let error = try #require(throws: AirlockError.self) { try reader.read() }
        #expect(error.location.file == path)
        #expect(error.location.field == "creditlimit")
        let package = try reader.read(valueProblems: .collect)
        #expect(package.data.entities.map(\.valueProblems.count) == [2, 1])
        var streamed: [Int] = []
        _ = try reader.readEntities(valueProblems: .collect) { streamed.append($0.valueProblems.count) }
        #expect(streamed == [2, 1])
        #expect(throws: AirlockError.self) { try reader.readEntities { _ in } }
    }

    @Test func problemsTakePartInEqualityAndTheWriterRefusesTheRawValues() throws {
        let data = try Self.read(Self.dataText, .collect)
        var cleared = data
        cleared.entities[0].valueProblems = []
        #expect(cleared != data)
        let error = try #require(throws: AirlockError.self) { try CMTDataWriter(schema: try Self.schema()).bytes(data) }
        #expect(error.code == .invalidValue)
    }
}

import AirlockCatalog
import AirlockIO
import AirlockKit
import AirlockModel
import AirlockPackages
import AirlockValidate
import Foundation
import Testing

/// The Configuration Migration validator: real exports, the samples, and one broken package per rule.
struct CMTValidatorTests {
    // MARK: fixtures

    static let accountA = CMTAccountsPackage.accountA
    static let accountB = CMTAccountsPackage.accountB
    static let contactC = CMTAccountsPackage.contactC
    static let contactD = CMTAccountsPackage.contactD
    static let schema = CMTAccountsPackage.schema
    static let data = CMTAccountsPackage.data

    static func catalog() throws -> SchemaCatalog { try SchemaCatalogLoader.bundled() }

    /// The bundled catalog with a catalog extension of `yaml` (one file) applied.
    static func catalog(extension yaml: String) throws -> SchemaCatalog {
        let path = try Fixture.scratchDirectory("airlock-catalog") + "/extension.yaml"
        try yaml.write(toFile: path, atomically: true, encoding: .utf8)
        return try SchemaCatalogLoader.load(extensions: [path])
    }

    /// Validates an in-memory package.
    func run(
        schema: String = Self.schema, data: String = Self.data, contentTypes: Bool = true, expectedInTarget: Set<String> = [],
        selfContained: Bool = true, limits: CMTValidationLimits = .default, catalog: SchemaCatalog? = nil,
        integration: SyncIntegration? = nil
    ) throws -> FindingCollector {
        var members: [(name: String, bytes: [UInt8])] = [("data_schema.xml", Array(schema.utf8)), ("data.xml", Array(data.utf8))]
        if contentTypes { members.append(("[Content_Types].xml", Array(TestSchemas.cmtContentTypes.utf8))) }
        let collector = FindingCollector()
        try CMTPackageValidator(
            catalog: catalog ?? Self.catalog(), expectedInTarget: expectedInTarget, selfContained: selfContained, integration: integration,
            limits: limits
        )
        .validate(MemoryPackageSource(path: "broken.zip", members: members), into: collector)
        return collector
    }

    /// Validates the file at `path` (zip or folder).
    func run(path: String) throws -> FindingCollector {
        let collector = FindingCollector()
        try CMTPackageValidator(catalog: Self.catalog()).validate(path: path, into: collector)
        return collector
    }

    /// The 1-based line of the first line of `text` containing `marker`.
    func line(of marker: String, in text: String = Self.data) -> Int? {
        text.components(separatedBy: "\n").firstIndex { $0.contains(marker) }.map { $0 + 1 }
    }

    /// `text` with `old` replaced by `new`, requiring `old` to be there.
    func replacing(_ old: String, with new: String, in text: String = Self.data) throws -> String {
        try #require(text.contains(old), "fixture text has no '\(old)'")
        return text.replacingOccurrences(of: old, with: new)
    }

    /// The findings of `rule`, requiring exactly one.
    func only(_ rule: ValidationRule, in collector: FindingCollector) throws -> ValidationFinding {
        let found = collector.findings.filter { $0.rule == rule.id }
        try #require(found.count == 1, "expected one \(rule.id), got \(collector.findings.map { "\($0.rule) \($0.message)" })")
        return found[0]
    }

    func summary(_ collector: FindingCollector) -> [String: Int] {
        Dictionary(collector.findings.map { ("\($0.severity.rawValue) \($0.rule)", 1) }, uniquingKeysWith: +)
    }

    // MARK: clean packages

    @Test func theFixtureIsClean() throws {
        let collector = try run()
        #expect(collector.findings.isEmpty, "\(collector.findings.map(\.message))")
    }

    @Test func theSampleExportHasNoFindings() throws {
        let folder = try Fixture.scratchDirectory()
        _ = try SampleGenerator.write(to: folder, accounts: 40, seed: 7)
        let collector = try run(path: folder + "/" + RunLayout.salesExport)
        #expect(collector.errors == 0)
        #expect(collector.warnings == 0, "\(collector.findings.map { "\($0.rule) \($0.entity ?? "") \($0.message)" })")
    }

    // MARK: real exports

    /// DataMigrationUtility 3.3 export of a 9.1 org: entities the catalog does not know, culture-formatted dates,
    /// lookups to accounts, contacts and users outside the package. Warnings only.
    @Test func theAbvogelExportHasOnlyWarnings() throws {
        let collector = try run(path: RealExport.path("abvogel-allentities/abvogel-allentities.cmt.zip"))
        #expect(collector.errors == 0)
        #expect(
            summary(collector) == [
                "warning cmt.schema.unknown-entity": 6,  // incident, knowledgearticle, msdyn_*, theme (invoice is known)
                "warning cmt.value.format": 2,  // the culture-formatted root timestamp and knowledgearticle.publishon
                // incident.customerid → contact, account; ownerid → systemuser; party → contact, account
                "warning cmt.lookup.outside-package": 5,
            ])
        let owners = try #require(collector.findings.first { $0.field == "ownerid" })
        #expect(owners.entity == "knowledgearticle" && owners.message.hasPrefix("4 lookups point to 'systemuser'"))
        #expect(owners.line == 33 && owners.record == "1c73d420-d29f-e711-9401-0003ff66fbff")
        let party = collector.findings.filter { $0.field == "customers/partyid" }
        #expect(party.map(\.value) == ["9a913e9f-cbb8-e711-a968-000d3a192387", "669537c3-a4bd-e711-a950-000d3a1087a0"])
    }

    @Test func thePartyListExportHasOnlyWarnings() throws {
        let collector = try run(path: RealExport.path("abvogel-partylist/abvogel-partylist.cmt.zip"))
        #expect(
            summary(collector) == [
                "warning cmt.schema.unknown-entity": 1, "warning cmt.value.format": 1, "warning cmt.lookup.outside-package": 2,
            ])
        let expected = try CMTPackageValidator(catalog: Self.catalog(), expectedInTarget: ["account", "contact"])
        let quiet = FindingCollector()
        try expected.validate(path: RealExport.path("abvogel-partylist/abvogel-partylist.cmt.zip"), into: quiet)
        #expect(quiet.findings.filter { $0.rule == ValidationRules.cmtLookupOutsidePackage.id }.isEmpty)
    }

    @Test func theXrmCIExportHasOneWarning() throws {
        let collector = try run(path: RealExport.path("xrm-ci-framework/ConfigData.zip"))
        #expect(collector.errors == 0)
        #expect(collector.findings.map(\.rule) == [ValidationRules.cmtSchemaUnknownEntity.id])
    }

    /// Capgemini's test data: 16 contacts that all share the all-zero id. That is a true error: CMT would
    /// import one contact and update it 15 times.
    @Test func theCapgeminiExportHasItsDuplicateIDs() throws {
        let collector = try run(path: RealExport.path("capgemini-pdt-integrationtest/IntegrationTestData.zip"))
        #expect(
            summary(collector) == [
                "error cmt.record.duplicate-id": 15,
                "warning cmt.value.format": 1,  // 15 US-format birthdates, one warning
            ])
        let duplicates = collector.findings.filter { $0.rule == ValidationRules.cmtRecordDuplicateId.id }
        #expect(duplicates.first?.line == 9 && duplicates.last?.line == 93)
        #expect(duplicates.allSatisfy { $0.entity == "contact" && $0.record == "00000000-0000-0000-0000-000000000000" })
        #expect(duplicates.first?.message.contains("line 5") == true)
    }

    // MARK: members and schema

    @Test func missingContentTypesIsAWarning() throws {
        let finding = try only(ValidationRules.cmtContentTypes, in: run(contentTypes: false))
        #expect(finding.severity == .warning && finding.file == "[Content_Types].xml")
    }

    @Test func missingMembersAndBrokenXMLThrow() throws {
        let catalog = try Self.catalog()
        let noData = MemoryPackageSource(path: "p.zip", members: [("data_schema.xml", Array(Self.schema.utf8))])
        #expect(throws: AirlockError.self) { try CMTPackageValidator(catalog: catalog).validate(noData, into: FindingCollector()) }
        let broken = try replacing(
            "</records>\n    <m2mrelationships />\n  </entity>\n  <entity name=\"contact\"", with: "<entity name=\"contact\"")
        let collector = FindingCollector()
        let source = MemoryPackageSource(
            path: "p.zip", members: [("data_schema.xml", Array(Self.schema.utf8)), ("data.xml", Array(broken.utf8))])
        #expect(throws: AirlockError.self) { try CMTPackageValidator(catalog: catalog).validate(source, into: collector) }
    }

    @Test func aTypeTheAttributeCannotTakeIsAnError() throws {
        let schema = try replacing(
            "name=\"numberofemployees\" type=\"number\"", with: "name=\"numberofemployees\" type=\"string\"", in: Self.schema)
        let finding = try only(ValidationRules.cmtSchemaTypeMismatch, in: run(schema: schema))
        #expect(finding.severity == .error && finding.entity == "account" && finding.field == "numberofemployees")
        #expect(finding.file == "data_schema.xml" && finding.line == line(of: "numberofemployees", in: Self.schema))
        #expect(finding.value == "string" && finding.message.contains("number"))
    }

    @Test func lookupSpellingsAndUnknownTypes() throws {
        // owner vs entityreference and the old lookup alias fit; a misspelt type does not.
        var schema = try replacing("name=\"ownerid\" type=\"owner\"", with: "name=\"ownerid\" type=\"entityreference\"", in: Self.schema)
        schema = try replacing(
            "type=\"entityreference\" lookupType=\"contact\"", with: "type=\"lookup\" lookupType=\"contact\"", in: schema)
        schema = try replacing("name=\"lastname\" type=\"string\"", with: "name=\"lastname\" type=\"String\"", in: schema)
        let collector = try run(schema: schema)
        let finding = try only(ValidationRules.cmtSchemaTypeMismatch, in: collector)
        #expect(finding.entity == "contact" && finding.field == "lastname" && finding.value == "String" && finding.severity == .error)
    }

    @Test func unknownEntitiesFieldsAndLookupTargetsAreWarnings() throws {
        var schema = try replacing(
            "<field displayname=\"Owner\"",
            with: "<field displayname=\"Segment\" name=\"new_segment\" type=\"string\" />\n      <field displayname=\"Owner\"",
            in: Self.schema)
        schema = try replacing("lookupType=\"account|contact\"", with: "lookupType=\"account|lead\"", in: schema)
        schema = try replacing(
            "<entityImportOrder>",
            with:
                "<entity name=\"new_thing\" primaryidfield=\"new_thingid\"><fields><field name=\"new_thingid\" type=\"guid\" primaryKey=\"true\" /></fields></entity>\n  <entityImportOrder>",
            in: schema)
        let collector = try run(schema: schema)
        let field = try only(ValidationRules.cmtSchemaUnknownField, in: collector)
        #expect(field.severity == .warning && field.entity == "account" && field.field == "new_segment")
        #expect(field.line == line(of: "new_segment", in: schema))
        let entity = try only(ValidationRules.cmtSchemaUnknownEntity, in: collector)
        #expect(entity.entity == "new_thing" && entity.line == line(of: "new_thing", in: schema))
        let targets = collector.findings.filter { $0.rule == ValidationRules.cmtSchemaLookupTarget.id }
        let target = try #require(targets.first { $0.file == "data_schema.xml" })
        #expect(target.severity == .warning && target.entity == "contact" && target.field == "parentcustomerid" && target.value == "lead")
        // The schema now says account|lead while contact D's lookup names a contact, which the column takes (the
        // table reference): the schema is out of step with the records, a warning, not a refusal.
        let disagreeing = try #require(targets.first { $0.file == "data.xml" })
        #expect(disagreeing.severity == .warning && disagreeing.record == Self.contactD && disagreeing.message.contains("'contact'"))
        #expect(disagreeing.message.contains("out of step"))
        #expect(collector.errors == 0 && targets.count == 2)
    }

    // MARK: data against the schema

    @Test func anUndeclaredEntityIsAnError() throws {
        let data = try replacing(
            "</entities>",
            with:
                "  <entity name=\"lead\" displayname=\"Lead\">\n    <records>\n      <record id=\"dddddddd-0000-4000-8000-000000000001\" />\n    </records>\n  </entity>\n</entities>"
        )
        let finding = try only(ValidationRules.cmtDataUndeclaredEntity, in: run(data: data))
        #expect(finding.severity == .error && finding.entity == "lead" && finding.file == "data.xml")
        #expect(finding.line == line(of: "name=\"lead\"", in: data) && finding.message.contains("1 record of 'lead'"))
    }

    @Test func anUndeclaredFieldIsOneErrorPerField() throws {
        var data = try replacing(
            "<field name=\"name\" value=\"Fabrikam\" />",
            with: "<field name=\"name\" value=\"Fabrikam\" />\n        <field name=\"fax\" value=\"555-0101\" />")
        data = try replacing(
            "<field name=\"lastname\" value=\"Ng\" />", with: "<field name=\"lastname\" value=\"Ng\" /><field name=\"fax\" value=\"1\" />",
            in: data)
        data = try replacing(
            "<field name=\"lastname\" value=\"Lee\" />",
            with: "<field name=\"lastname\" value=\"Lee\" /><field name=\"fax\" value=\"2\" />", in: data)
        let collector = try run(data: data)
        let found = collector.findings.filter { $0.rule == ValidationRules.cmtDataUndeclaredField.id }
        #expect(found.count == 2)
        let account = try #require(found.first { $0.entity == "account" })
        #expect(account.severity == .error && account.field == "fax" && account.record == Self.accountB && account.value == "555-0101")
        #expect(account.line == line(of: "555-0101", in: data))
        let contact = try #require(found.first { $0.entity == "contact" })
        #expect(contact.record == Self.contactC && contact.message.hasPrefix("2 records"))
    }

    // MARK: record ids

    @Test func aRecordIdThatIsNotAGUIDIsAnError() throws {
        let data = try replacing("<record id=\"\(Self.accountB)\">", with: "<record id=\"ACC-002\">")
        let finding = try only(ValidationRules.cmtRecordId, in: run(data: data))
        #expect(finding.severity == .error && finding.entity == "account" && finding.record == "ACC-002" && finding.value == "ACC-002")
        #expect(finding.line == line(of: "<record id=\"ACC-002\">", in: data))
    }

    @Test func aRepeatedRecordIdIsAnErrorNamingTheFirstLine() throws {
        let data = try replacing("<record id=\"\(Self.accountB)\">", with: "<record id=\"\(Self.accountA.uppercased())\">")
        let finding = try only(ValidationRules.cmtRecordDuplicateId, in: run(data: data))
        #expect(finding.severity == .error && finding.entity == "account" && finding.record == Self.accountA.uppercased())
        #expect(finding.line == line(of: "<record id=\"\(Self.accountA.uppercased())\">", in: data))
        let first = try #require(line(of: "<record id=\"\(Self.accountA)\">", in: data))
        #expect(finding.message.contains("line \(first)"))
    }

    // MARK: values

    @Test(arguments: [
        ("numberofemployees", "120", "12a"),
        ("numberofemployees", "120", "3000000000"),
        ("creditlimit", "5000.0000000000", "5,000.00"),
        ("donotemail", "False", "no"),
        ("createdon", "2026-03-11T10:30:00.0000000Z", "2026-02-30T10:30:00Z"),
        ("primarycontactid", contactC, "not-a-guid"),
        ("customertypecode", "3", "three"),
    ])
    func aValueNotInItsTypesFormatIsAnError(field: String, good: String, bad: String) throws {
        let data = try replacing("<field name=\"\(field)\" value=\"\(good)\"", with: "<field name=\"\(field)\" value=\"\(bad)\"")
        let collector = try run(data: data)
        let finding = try only(ValidationRules.cmtValueFormat, in: collector)
        #expect(finding.severity == .error && finding.entity == "account" && finding.record == Self.accountA)
        #expect(finding.field == field && finding.value == bad && finding.file == "data.xml")
        #expect(finding.line == line(of: "value=\"\(bad)\"", in: data))
        #expect(collector.errors == 1)
    }

    @Test func acceptedSpellingsAreNotFindings() throws {
        var data = try replacing("value=\"False\"", with: "value=\"false\"")
        data = try replacing(
            "<field name=\"accountid\" value=\"\(Self.accountB)\" />",
            with: "<field name=\"accountid\" value=\"{\(Self.accountB.uppercased())}\" />", in: data)
        data = try replacing("value=\"5000.0000000000\"", with: "value=\"5000\"", in: data)
        #expect(try run(data: data).findings.isEmpty)
    }

    @Test func anUnknownOptionIsAnErrorUnlessTheSetIsAGuessOrRelaxed() throws {
        let closed = try replacing("<field name=\"statuscode\" value=\"2\" />", with: "<field name=\"statuscode\" value=\"7\" />")
        let finding = try only(ValidationRules.cmtValueOption, in: run(data: closed))
        #expect(finding.severity == .error && finding.entity == "account" && finding.record == Self.accountB)
        #expect(finding.field == "statuscode" && finding.value == "7" && finding.line == line(of: "value=\"7\"", in: closed))
        #expect(finding.basis == .documented && finding.message.contains("table reference"))

        // customertypecode's choices come from the table reference: a value outside them is an error...
        let custom = try replacing(
            "<field name=\"customertypecode\" value=\"3\" />", with: "<field name=\"customertypecode\" value=\"100000001\" />")
        let documented = try only(ValidationRules.cmtValueOption, in: run(data: custom))
        #expect(documented.severity == .error && documented.basis == .documented && documented.value == "100000001")
        // ...unless a catalog extension says the environment customised the column...
        let relaxed = try Self.catalog(
            extension: "salesEntities:\n  - logicalName: account\n    attributes:\n      customertypecode: {severity: warning}\n")
        let warning = try only(ValidationRules.cmtValueOption, in: run(data: custom, catalog: relaxed))
        #expect(warning.severity == .warning && warning.basis == .documented && warning.message.contains("catalog extension"))
        // ...or marks the list open (a guess).
        let open = try Self.catalog(
            extension: "salesEntities:\n  - logicalName: account\n    attributes:\n      customertypecode: {openOptions: true}\n")
        let guess = try only(ValidationRules.cmtValueOption, in: run(data: custom, catalog: open))
        #expect(guess.severity == .warning && guess.basis == .guess)
    }

    @Test func aStatusOfAnotherStateIsAnError() throws {
        let data = try replacing("<field name=\"statuscode\" value=\"2\" />", with: "<field name=\"statuscode\" value=\"1\" />")
        let finding = try only(ValidationRules.cmtValueOption, in: run(data: data))
        #expect(finding.severity == .error && finding.record == Self.accountB && finding.field == "statuscode" && finding.value == "1")
        #expect(finding.message.contains("state 0") && finding.message.contains("statecode is 1"))
    }

    @Test func aTextLongerThanItsStatedLengthIsAnError() throws {
        let schema = """
            <entities>
              <entity name="salesorder" primaryidfield="salesorderid" primarynamefield="name">
                <fields>
                  <field name="salesorderid" type="guid" primaryKey="true" />
                  <field updateCompare="true" name="msdyn_salesordernumber" type="string" />
                </fields>
              </entity>
            </entities>
            """
        let long = String(repeating: "9", count: 21)
        let data = """
            <entities>
              <entity name="salesorder">
                <records>
                  <record id="\(Self.accountA)">
                    <field name="msdyn_salesordernumber" value="\(long)" />
                  </record>
                  <record id="\(Self.accountB)">
                    <field name="msdyn_salesordernumber" value="SO-&amp;amp;&amp;amp;&amp;amp;&amp;amp;-1" />
                  </record>
                </records>
              </entity>
            </entities>
            """
        // The second value is 33 bytes in the file but 12 characters once HTML-decoded: not too long.
        let finding = try only(ValidationRules.cmtValueLength, in: run(schema: schema, data: data))
        #expect(finding.severity == .error && finding.entity == "salesorder" && finding.record == Self.accountA)
        #expect(finding.field == "msdyn_salesordernumber" && finding.value == long && finding.line == 5)
    }

    @Test func aTextLongerThanADocumentedLengthIsAnError() throws {
        // account.accountnumber is 40 characters in the Prospect to cash solution.
        let data = try replacing("value=\"ACC-002\"", with: "value=\"ACC-\(String(repeating: "0", count: 37))\"")
        let finding = try only(ValidationRules.cmtValueLength, in: run(data: data))
        #expect(finding.severity == .error && finding.field == "accountnumber" && finding.record == Self.accountB)
        #expect(
            finding.basis == .documented && finding.message.contains("at most 40") && finding.message.contains("Prospect to cash solution"))
        let fits = try replacing("value=\"ACC-002\"", with: "value=\"ACC-\(String(repeating: "0", count: 36))\"")
        #expect(try run(data: fits).findings.isEmpty)
    }

    @Test func aTextLongerThanAGuessedLengthIsAWarning() throws {
        let guessed = try Self.catalog(
            extension:
                "salesEntities:\n  - logicalName: account\n    attributes:\n      accountnumber: {maxLength: 20, assumedLength: true}\n")
        let data = try replacing("value=\"ACC-002\"", with: "value=\"ACC-0000000000000000002\"")
        let finding = try only(ValidationRules.cmtValueLength, in: run(data: data, catalog: guessed))
        #expect(finding.severity == .warning && finding.basis == .guess && finding.message.contains("at most 20"))
    }

    @Test func aPlatformLimitIsAnErrorWhateverTheCatalogSays() throws {
        // The extension relaxes account.name (documented, 160), but no environment takes 4,001 characters.
        let relaxed = try Self.catalog(
            extension: "salesEntities:\n  - logicalName: account\n    attributes:\n      name: {severity: warning}\n")
        let long = try replacing("value=\"Fabrikam\"", with: "value=\"\(String(repeating: "F", count: 200))\"")
        let relaxedFinding = try only(ValidationRules.cmtValueLength, in: run(data: long, catalog: relaxed))
        #expect(relaxedFinding.severity == .warning && relaxedFinding.basis == .documented)
        let huge = try replacing("value=\"Fabrikam\"", with: "value=\"\(String(repeating: "F", count: 4_001))\"")
        let platform = try only(ValidationRules.cmtValueLength, in: run(data: huge, catalog: relaxed))
        #expect(platform.severity == .error && platform.basis == .platform && platform.message.contains("at most 160"))
        #expect(platform.message.contains("platform limit"))
    }

    @Test func aBusinessRequiredValueMissingIsANoticeNeverAnError() throws {
        // account.name is business required (ApplicationRequired): forms ask for it, the importer does not.
        let data = try replacing("        <field name=\"name\" value=\"Fabrikam\" />\n", with: "")
        for integration in [nil, SyncIntegration.prospectToCash, .dualWrite] {
            let finding = try only(ValidationRules.cmtValueRequired, in: run(data: data, integration: integration))
            #expect(
                finding.severity == .notice && finding.entity == "account" && finding.record == Self.accountB && finding.field == "name")
            #expect(finding.line == line(of: "<record id=\"\(Self.accountB)\">", in: data))
            #expect(finding.message.contains("business required") && finding.message.contains("creates the record without it"))
            #expect(finding.message.contains("create-edit-field-portal.md"))
        }
        // A notice does not fail the package.
        #expect(try run(data: data).errors == 0)
    }

    @Test func anIntegrationKeyMissingIsAWarningNamingTheIntegrationUnlessThePackageIsForIt() throws {
        // account.accountnumber: business required, and the key Prospect to cash (and dual-write) match accounts on.
        let data = try replacing("        <field name=\"accountnumber\" value=\"ACC-002\" />\n", with: "")
        let plain = try only(ValidationRules.cmtValueRequired, in: run(data: data))
        #expect(plain.severity == .warning && plain.field == "accountnumber" && plain.record == Self.accountB)
        #expect(plain.message.contains("Prospect to cash and dual-write match records on it"))
        #expect(plain.message.contains("--for prospect-to-cash"))
        #expect(plain.message.contains("accounts-template-mapping-direct.md"))

        let forP2C = try only(ValidationRules.cmtValueRequired, in: run(data: data, integration: .prospectToCash))
        #expect(forP2C.severity == .error && forP2C.field == "accountnumber" && forP2C.basis == .documented)
        #expect(forP2C.message.contains("meant for Prospect to cash"))

        // For dual-write the key is the dual-write rule's: one finding, an error, not two.
        let forDualWrite = try run(data: data, integration: .dualWrite)
        #expect(forDualWrite.findings.filter { $0.rule == ValidationRules.cmtValueRequired.id }.isEmpty)
        let key = forDualWrite.findings.filter { $0.rule == ValidationRules.cmtRecordDualWriteKey.id && $0.field == "accountnumber" }
        #expect(key.count == 1 && key.first?.severity == .error)

        // The contact number is Prospect to cash's key of contacts.
        let contacts = try replacing("        <field name=\"msdynce_contactnumber\" value=\"CON-002\" />\n", with: "")
        let contact = try only(ValidationRules.cmtValueRequired, in: run(data: contacts, integration: .prospectToCash))
        #expect(contact.severity == .error && contact.entity == "contact" && contact.field == "msdynce_contactnumber")
    }

    @Test func aSystemRequiredValueMissingIsAnErrorWhateverThePackageIsFor() throws {
        // transactioncurrency.currencyname is system required: Dataverse refuses to create the record.
        let schema = """
            <entities>
              <entity name="transactioncurrency" displayname="Currency" primaryidfield="transactioncurrencyid" primarynamefield="currencyname">
                <fields>
                  <field displayname="Currency" name="transactioncurrencyid" type="guid" primaryKey="true" />
                  <field displayname="Currency Name" name="currencyname" type="string" />
                  <field displayname="Currency Code" name="isocurrencycode" type="string" />
                </fields>
              </entity>
            </entities>
            """
        let data = """
            <entities timestamp="2026-11-01T08:00:00.0000000Z">
              <entity name="transactioncurrency" displayname="Currency">
                <records>
                  <record id="\(Self.accountA)">
                    <field name="transactioncurrencyid" value="\(Self.accountA)" />
                    <field name="isocurrencycode" value="USD" />
                  </record>
                </records>
              </entity>
            </entities>
            """
        for integration in [nil, SyncIntegration.prospectToCash] {
            let findings = try run(schema: schema, data: data, integration: integration).findings
                .filter { $0.rule == ValidationRules.cmtValueRequired.id }
            #expect(findings.map(\.field) == ["currencyname"])
            #expect(findings.first?.severity == .error && findings.first?.message.contains("system required") == true)
        }
    }

    @Test func aRequiredAttributeTheSchemaLeavesOutIsNotReported() throws {
        // contact.lastname is required; a schema without it was exported that way on purpose.
        let schema = try replacing(
            "      <field displayname=\"Last Name\" name=\"lastname\" type=\"string\" />\n", with: "", in: Self.schema)
        var data = try replacing("<field name=\"lastname\" value=\"Lee\" />", with: "")
        data = try replacing("<field name=\"lastname\" value=\"Ng\" />", with: "", in: data)
        #expect(try run(schema: schema, data: data).findings.isEmpty)
    }

    // MARK: lookups

    @Test func aLookupToARecordThePackageLacksIsAnError() throws {
        let missing = "aaaaaaaa-0000-4000-8000-000000000099"
        let data = try replacing(
            "value=\"\(Self.accountA)\" lookupentity=\"account\"", with: "value=\"\(missing)\" lookupentity=\"account\"")
        let finding = try only(ValidationRules.cmtLookupMissingRecord, in: run(data: data))
        #expect(finding.severity == .error && finding.entity == "contact" && finding.record == Self.contactC)
        #expect(finding.field == "parentcustomerid" && finding.value == missing && finding.line == line(of: missing, in: data))

        // The user says the accounts exist in the target: a warning.
        let lenient = try only(ValidationRules.cmtLookupMissingRecord, in: run(data: data, expectedInTarget: ["account"]))
        #expect(lenient.severity == .warning)
        // A delta package (not self-contained, the default of `validate`): a warning too.
        let delta = try only(ValidationRules.cmtLookupMissingRecord, in: run(data: data, selfContained: false))
        #expect(delta.severity == .warning)
    }

    @Test func aForwardLookupToARecordThePackageLacksIsAnError() throws {
        // account → contact is resolved at the end, once the contacts have been read.
        let missing = "cccccccc-0000-4000-8000-000000000099"
        let data = try replacing(
            "<field name=\"primarycontactid\" value=\"\(Self.contactC)\"", with: "<field name=\"primarycontactid\" value=\"\(missing)\"")
        let finding = try only(ValidationRules.cmtLookupMissingRecord, in: run(data: data))
        #expect(finding.entity == "account" && finding.record == Self.accountA && finding.field == "primarycontactid")
        #expect(finding.line == line(of: missing, in: data))
    }

    @Test func lookupsOutsideThePackageAreOneWarningPerFieldAndTarget() throws {
        let user = "0ff0de1d-a6ad-f111-aaad-000d3a5c8169"
        var data = try replacing(
            "<field name=\"statecode\" value=\"0\" />",
            with:
                "<field name=\"ownerid\" value=\"\(user)\" lookupentity=\"systemuser\" lookupentityname=\"Sales User\" />\n        <field name=\"statecode\" value=\"0\" />"
        )
        data = try replacing(
            "<field name=\"statecode\" value=\"1\" />",
            with:
                "<field name=\"ownerid\" value=\"\(user)\" lookupentity=\"systemuser\" />\n        <field name=\"statecode\" value=\"1\" />",
            in: data)
        let finding = try only(ValidationRules.cmtLookupOutsidePackage, in: run(data: data))
        #expect(
            finding.severity == .warning && finding.entity == "account" && finding.field == "ownerid" && finding.record == Self.accountA)
        #expect(finding.message.hasPrefix("2 lookups point to 'systemuser'") && finding.line == line(of: user, in: data))
        #expect(try run(data: data, expectedInTarget: ["systemuser"]).findings.isEmpty)
    }

    /// A lookup to a record the target holds is no finding; one to another record, or to the same id of another
    /// entity, after it still is (the pass remembers the last record found for a field, not the answer for others).
    @Test func lookupsToRecordsTheTargetHoldsAreNoFindingsAndOthersStillAre() throws {
        let held = "0ff0de1d-a6ad-f111-aaad-000d3a5c8169"
        let other = "0ff0de1d-a6ad-f111-aaad-000d3a5c816a"
        let target = CMTExportRecords.gathering { add in
            held.utf8CString.withUnsafeBytes { add("systemuser", UnsafeRawBufferPointer(rebasing: $0.dropLast())) }
        }
        func run(second: String, entity: String) throws -> FindingCollector {
            var data = try replacing(
                "<field name=\"statecode\" value=\"0\" />",
                with:
                    "<field name=\"ownerid\" value=\"\(held.uppercased())\" lookupentity=\"systemuser\" />\n        <field name=\"statecode\" value=\"0\" />"
            )
            data = try replacing(
                "<field name=\"statecode\" value=\"1\" />",
                with:
                    "<field name=\"ownerid\" value=\"\(second)\" lookupentity=\"\(entity)\" />\n        <field name=\"statecode\" value=\"1\" />",
                in: data)
            let members: [(name: String, bytes: [UInt8])] = [
                ("data_schema.xml", Array(Self.schema.utf8)), ("data.xml", Array(data.utf8)),
                ("[Content_Types].xml", Array(TestSchemas.cmtContentTypes.utf8)),
            ]
            let collector = FindingCollector()
            try CMTPackageValidator(catalog: Self.catalog(), target: target)
                .validate(MemoryPackageSource(path: "delta.zip", members: members), into: collector)
            return collector
        }
        #expect(try run(second: held, entity: "systemuser").findings.isEmpty)
        let team = try only(ValidationRules.cmtLookupOutsidePackage, in: run(second: held, entity: "team"))
        #expect(team.message.hasPrefix("1 lookup points to 'team'") && team.value == held)
        let user = try only(ValidationRules.cmtLookupOutsidePackage, in: run(second: other, entity: "systemuser"))
        #expect(user.message.hasPrefix("1 lookup points to 'systemuser'") && user.value == other)
    }

    @Test func aLookupToAnEntityTheFieldCannotPointToIsAnError() throws {
        let data = try replacing(
            "value=\"\(Self.accountA)\" lookupentity=\"account\"", with: "value=\"\(Self.accountA)\" lookupentity=\"lead\"")
        let finding = try only(ValidationRules.cmtSchemaLookupTarget, in: run(data: data))
        #expect(finding.severity == .error && finding.entity == "contact" && finding.record == Self.contactC)
        #expect(
            finding.field == "parentcustomerid" && finding.value == Self.accountA
                && finding.line == line(of: "lookupentity=\"lead\"", in: data))
        #expect(finding.message.contains("'lead'") && finding.message.contains("account or contact"))
    }

    @Test func aPartyListIsCheckedAndDoesNotStopThePass() throws {
        let schema = """
            <entities>
              <entity name="msdyn_approval" primaryidfield="activityid" primarynamefield="subject">
                <fields>
                  <field updateCompare="true" name="activityid" type="guid" primaryKey="true" />
                  <field name="customers" type="partylist" />
                  <field name="subject" type="string" />
                  <field name="prioritycode" type="number" />
                </fields>
              </entity>
            </entities>
            """
        let data = """
            <entities>
              <entity name="msdyn_approval">
                <records>
                  <record id="\(Self.accountA)">
                    <field name="customers" value="" lookupentity="" lookupentityname="">
                      <activitypointerrecords id="not-a-guid">
                        <field name="partyid" value="{\(Self.contactC)}" lookupentity="contact" />
                        <field name="participationtypemask" value="eleven" />
                        <field name="donotemail" value="False" />
                      </activitypointerrecords>
                    </field>
                    <field name="subject" value="Approve" />
                    <field name="prioritycode" value="x" />
                  </record>
                </records>
              </entity>
            </entities>
            """
        let collector = try run(schema: schema, data: data)
        let id = try only(ValidationRules.cmtRecordId, in: collector)
        #expect(id.field == "customers" && id.value == "not-a-guid" && id.record == Self.accountA && id.line == 6)
        let formats = collector.findings.filter { $0.rule == ValidationRules.cmtValueFormat.id }
        #expect(formats.map(\.field) == ["customers/participationtypemask", "prioritycode"])
        #expect(formats.map(\.line) == [8, 13])
        let party = try only(ValidationRules.cmtLookupOutsidePackage, in: collector)
        #expect(party.field == "customers/partyid" && party.value == Self.contactC)
    }

    // MARK: order and matching

    @Test func anImportOrderThatPutsAChildFirstIsAWarning() throws {
        let schema = try replacing(
            "<entityName>account</entityName>\n    <entityName>contact</entityName>",
            with: "<entityName>contact</entityName>\n    <entityName>account</entityName>", in: Self.schema)
        // Without account → contact the two no longer form a cycle, so contact must come after account.
        let data = try replacing(
            "        <field name=\"primarycontactid\" value=\"\(Self.contactC)\" lookupentity=\"contact\" lookupentityname=\"Ann Lee\" />\n",
            with: "")
        let finding = try only(ValidationRules.cmtSchemaImportOrder, in: run(schema: schema, data: data))
        #expect(
            finding.severity == .warning && finding.entity == "contact" && finding.field == "parentcustomerid" && finding.value == "account"
        )
        #expect(finding.file == "data_schema.xml" && finding.line == line(of: "<entityName>contact</entityName>", in: schema))
        // With the cycle (the fixture's account → contact), either order is acceptable.
        #expect(try run(schema: schema).findings.isEmpty)
    }

    @Test func recordsSharingAPrimaryNameWithoutUpdateCompareAreAWarning() throws {
        let schema = try replacing(
            "<field updateCompare=\"true\" displayname=\"Account Number\"", with: "<field displayname=\"Account Number\"", in: Self.schema)
        let data = try replacing("value=\"Fabrikam\"", with: "value=\"CONTOSO &amp;amp; SONS\"")
        let finding = try only(ValidationRules.cmtSchemaNoUpdateCompare, in: run(schema: schema, data: data))
        #expect(finding.severity == .warning && finding.entity == "account" && finding.field == "name")
        #expect(finding.record == Self.accountA && finding.line == line(of: "<record id=\"\(Self.accountA)\">", in: data))
        #expect(finding.message.contains(Self.accountA) && finding.message.contains(Self.accountB))
        #expect(finding.message.hasPrefix("2 records share the primary name 'CONTOSO & SONS'"))
        // With the key, the same names are fine.
        #expect(try run(data: data).findings.isEmpty)
    }

    // MARK: bounded memory

    @Test func limitsAreReportedNotGuessed() throws {
        let limits = CMTValidationLimits(maxRecordIDs: 2, maxPrimaryNames: 0, maxPendingLookups: 0, maxNameMatchReports: 0)
        let collector = try run(limits: limits)
        #expect(collector.errors == 0)
        let messages = collector.findings.map(\.message)
        #expect(messages.contains { $0.contains("lookups were not checked") })
        #expect(messages.contains { $0.contains("checked for repeats only in part") })
    }

    // MARK: speed

    /// `AIRLOCK_CMT_BENCH=/path/to/package.zip swift test -c release --filter CMTValidatorTests/benchmark` times
    /// a large package and prints the findings by rule and the peak memory.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["AIRLOCK_CMT_BENCH"] != nil))
    func benchmark() throws {
        let path = try #require(ProcessInfo.processInfo.environment["AIRLOCK_CMT_BENCH"])
        let start = Date()
        let collector = try run(path: path)
        let seconds = Date().timeIntervalSince(start)
        var usage = rusage()
        #if os(Linux)
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        #else
        getrusage(RUSAGE_SELF, &usage)
        #endif
        print(
            "validated \(path) in \(String(format: "%.1f", seconds)) s, peak RSS \(usage.ru_maxrss / 1024) MB: \(collector.errors) errors, \(collector.warnings) warnings"
        )
        for group in collector.groups { print("  \(group.entity ?? "-") \(group.severity.rawValue) \(group.rule): \(group.count)") }
    }
}

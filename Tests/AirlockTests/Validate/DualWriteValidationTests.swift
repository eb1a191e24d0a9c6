import AirlockCatalog
import AirlockIO
import AirlockKit
import AirlockModel
import AirlockPackages
import AirlockValidate
import Foundation
import Testing

/// `validate --target sales` on packages loaded for dual-write: every record of a table with a dual-write integration
/// key fills the key (`cmt.record.dual-write-key`, `cmt.schema.dual-write-key`), and Prospect to cash packages
/// validate as before.
struct DualWriteValidationTests {
    static let company = "c0c0c0c0-0000-4000-8000-000000000001"
    static let accountA = "aaaaaaaa-0000-4000-8000-0000000000a1"
    static let accountB = "aaaaaaaa-0000-4000-8000-0000000000b2"
    static let customer = "cccccccc-0000-4000-8000-0000000000c1"
    static let person = "cccccccc-0000-4000-8000-0000000000d2"

    /// A company, its accounts and contacts as a bootstrap for dual-write loads them: the company lookup and the
    /// numbers dual-write matches on, a customer contact (Sellable) and a contact person, who has no company.
    static let schema = """
        <entities>
          <entity name="cdm_company" displayname="Company" primaryidfield="cdm_companyid" primarynamefield="cdm_name">
            <fields>
              <field displayname="Company" name="cdm_companyid" type="guid" primaryKey="true" />
              <field displayname="Name" name="cdm_name" type="string" />
              <field updateCompare="true" displayname="Company Code" name="cdm_companycode" type="string" />
            </fields>
          </entity>
          <entity name="account" displayname="Account" primaryidfield="accountid" primarynamefield="name">
            <fields>
              <field displayname="Account" name="accountid" type="guid" primaryKey="true" />
              <field displayname="Account Name" name="name" type="string" />
              <field updateCompare="true" displayname="Account Number" name="accountnumber" type="string" />
              <field updateCompare="true" displayname="Company" name="msdyn_company" type="entityreference" lookupType="cdm_company" />
            </fields>
          </entity>
          <entity name="contact" displayname="Contact" primaryidfield="contactid" primarynamefield="fullname">
            <fields>
              <field displayname="Contact" name="contactid" type="guid" primaryKey="true" />
              <field displayname="Last Name" name="lastname" type="string" />
              <field updateCompare="true" displayname="Account Number/Contact Person ID" name="msdyn_contactpersonid" type="string" />
              <field updateCompare="true" displayname="Company" name="msdyn_company" type="entityreference" lookupType="cdm_company" />
              <field displayname="Sellable" name="msdyn_sellable" type="bool" />
            </fields>
          </entity>
          <entityImportOrder>
            <entityName>cdm_company</entityName>
            <entityName>account</entityName>
            <entityName>contact</entityName>
          </entityImportOrder>
        </entities>
        """

    static let companyReference = #"value="\#(company)" lookupentity="cdm_company" lookupentityname="USMF""#

    static let data = """
        <?xml version="1.0" encoding="utf-8"?>
        <entities timestamp="2026-11-01T08:00:00.0000000Z">
          <entity name="cdm_company" displayname="Company">
            <records>
              <record id="\(company)">
                <field name="cdm_companyid" value="\(company)" />
                <field name="cdm_name" value="Contoso Entertainment System USA" />
                <field name="cdm_companycode" value="USMF" />
              </record>
            </records>
          </entity>
          <entity name="account" displayname="Account">
            <records>
              <record id="\(accountA)">
                <field name="accountid" value="\(accountA)" />
                <field name="name" value="Contoso Retail" />
                <field name="accountnumber" value="US-001" />
                <field name="msdyn_company" \(companyReference) />
              </record>
              <record id="\(accountB)">
                <field name="accountid" value="\(accountB)" />
                <field name="name" value="Fabrikam" />
                <field name="accountnumber" value="US-002" />
                <field name="msdyn_company" \(companyReference) />
              </record>
            </records>
          </entity>
          <entity name="contact" displayname="Contact">
            <records>
              <record id="\(customer)">
                <field name="contactid" value="\(customer)" />
                <field name="lastname" value="Lee" />
                <field name="msdyn_contactpersonid" value="US-101" />
                <field name="msdyn_company" \(companyReference) />
                <field name="msdyn_sellable" value="True" />
              </record>
              <record id="\(person)">
                <field name="contactid" value="\(person)" />
                <field name="lastname" value="Ng" />
                <field name="msdyn_sellable" value="False" />
              </record>
            </records>
          </entity>
        </entities>
        """

    static let dualWriteRules: Set<String> = [ValidationRules.cmtRecordDualWriteKey.id, ValidationRules.cmtSchemaDualWriteKey.id]

    /// Validates an in-memory package.
    func run(schema: String = Self.schema, data: String = Self.data, dualWrite: Bool = false) throws -> FindingCollector {
        let collector = FindingCollector()
        try CMTPackageValidator(catalog: SchemaCatalogLoader.bundled(), selfContained: true, integration: dualWrite ? .dualWrite : nil)
            .validate(
                MemoryPackageSource(
                    path: "dual-write.zip", members: [("data_schema.xml", Array(schema.utf8)), ("data.xml", Array(data.utf8))]),
                into: collector)
        return collector
    }

    func dualWriteFindings(_ collector: FindingCollector) -> [ValidationFinding] {
        collector.findings.filter { Self.dualWriteRules.contains($0.rule) }
    }

    @Test func aCompletePackagePasses() throws {
        let collector = try run()
        #expect(collector.errors == 0, "\(collector.findings.map { "\($0.rule) \($0.message)" })")
        #expect(dualWriteFindings(collector).isEmpty)
        // Forcing the check changes nothing: the package is complete.
        #expect(dualWriteFindings(try run(dualWrite: true)).isEmpty)
    }

    @Test func aRecordWithoutItsCompanyFailsWithTheExactMessage() throws {
        let line = "        <field name=\"msdyn_company\" \(Self.companyReference) />\n"
        let first = try #require(Self.data.range(of: line))
        let data = Self.data.replacingCharacters(in: first, with: "")
        let collector = try run(data: data)
        let found = dualWriteFindings(collector)
        try #require(found.count == 1, "\(found.map(\.message))")
        let finding = found[0]
        #expect(finding.rule == "cmt.record.dual-write-key" && finding.severity == .error && finding.basis == .documented)
        #expect(finding.file == "data.xml" && finding.entity == "account" && finding.record == Self.accountA)
        #expect(finding.field == "msdyn_company" && finding.line == 14)
        #expect(
            finding.message
                == "the record has no value for 'msdyn_company', a column of the dual-write integration key of 'account' (msdyn_company, accountnumber); dual-write switched on with 'skip initial sync' could not match the row to its finance and operations record [documented: Microsoft's documentation; if your environment customised it, say so in a catalog extension]"
        )
    }

    @Test func aBlankKeyValueFailsAndAContactPersonNeedsNoCompany() throws {
        let data = Self.data.replacingOccurrences(of: #"value="US-002""#, with: #"value="  ""#)
            .replacingOccurrences(of: #"value="US-101""#, with: #"value="""#)
        let found = dualWriteFindings(try run(data: data))
        #expect(
            found.map { "\($0.entity ?? "") \($0.record ?? "") \($0.field ?? "")" } == [
                "account \(Self.accountB) accountnumber", "contact \(Self.customer) msdyn_contactpersonid",
            ])
        #expect(found.last?.message.contains("(for a record whose 'msdyn_sellable' is Yes)") == true)
    }

    @Test func aSchemaWithoutAKeyColumnIsReportedOnceForTheEntity() throws {
        let schema = Self.schema.replacingOccurrences(
            of: #"<field updateCompare="true" displayname="Account Number" name="accountnumber" type="string" />"#, with: "")
        let data = Self.data.replacingOccurrences(of: #"<field name="accountnumber" value="US-001" />"#, with: "")
            .replacingOccurrences(of: #"<field name="accountnumber" value="US-002" />"#, with: "")
        let found = dualWriteFindings(try run(schema: schema, data: data))
        #expect(found.map(\.rule) == ["cmt.schema.dual-write-key"])
        #expect(found.first.map { $0.entity == "account" && $0.field == "accountnumber" && $0.file == "data_schema.xml" } == true)
    }

    @Test func theCompanyLookupIsCheckedAsAnyLookup() throws {
        // Without the company rows, the lookups point outside the package: the target must hold the company.
        let schema = Self.schema.replacingOccurrences(of: "<entityName>cdm_company</entityName>", with: "")
        let start = try #require(schema.range(of: #"<entity name="cdm_company""#))
        let end = try #require(schema.range(of: "</entity>", range: start.upperBound..<schema.endIndex))
        let withoutCompanies = schema.replacingCharacters(in: start.lowerBound..<end.upperBound, with: "")
        let dataStart = try #require(Self.data.range(of: #"<entity name="cdm_company""#))
        let dataEnd = try #require(Self.data.range(of: "</entity>", range: dataStart.upperBound..<Self.data.endIndex))
        let data = Self.data.replacingCharacters(in: dataStart.lowerBound..<dataEnd.upperBound, with: "")
        let collector = try run(schema: withoutCompanies, data: data)
        #expect(dualWriteFindings(collector).isEmpty)
        let outside = collector.findings.filter { $0.rule == ValidationRules.cmtLookupOutsidePackage.id && $0.field == "msdyn_company" }
        #expect(outside.map(\.entity) == ["account", "contact"] && outside.allSatisfy { $0.value == Self.company })
    }

    @Test func aProspectToCashPackageIsNotCheckedUnlessForced() throws {
        // The Prospect to cash sample declares no column only dual-write adds: no entity counts as dual-write.
        let sample = try PackageValidator.validate(path: ConvertFixture.sampleSales, target: .cmt, catalog: SchemaCatalogLoader.bundled())
        #expect(sample.findings.allSatisfy { !Self.dualWriteRules.contains($0.rule) })
        // The CMT validator's own account and contact package, likewise.
        let collector = FindingCollector()
        try CMTPackageValidator(catalog: SchemaCatalogLoader.bundled()).validate(
            MemoryPackageSource(
                path: "p2c.zip",
                members: [
                    ("data_schema.xml", Array(CMTAccountsPackage.schema.utf8)), ("data.xml", Array(CMTAccountsPackage.data.utf8)),
                ]), into: collector)
        #expect(dualWriteFindings(collector).isEmpty)
        // Forced, the same package lacks the company column of both tables.
        let forced = try PackageValidator.validate(
            path: ConvertFixture.sampleSales, target: .cmt, catalog: SchemaCatalogLoader.bundled(), integration: .dualWrite)
        #expect(
            forced.findings.contains { $0.rule == "cmt.schema.dual-write-key" && $0.entity == "account" && $0.field == "msdyn_company" })
    }

    @Test func theCommandTakesTheFlag() throws {
        let folder = try Fixture.scratchDirectory("airlock-dual-write")
        try Self.schema.write(toFile: folder + "/data_schema.xml", atomically: true, encoding: .utf8)
        try Self.data.replacingOccurrences(of: #"value="US-001""#, with: #"value="""#)
            .write(toFile: folder + "/data.xml", atomically: true, encoding: .utf8)
        let result = try ValidatePipeline.run(ValidateOptions(package: folder, json: true, target: .cmt, integration: .dualWrite))
        #expect(result.status == .dataErrors)
        #expect(result.text.contains("cmt.record.dual-write-key"))
        let output = try AirlockRunner.run(["validate", folder, "--target", "sales", "--dual-write"])
        #expect(output.status == 1 && output.stdout.contains("cmt.record.dual-write-key"))
    }
}

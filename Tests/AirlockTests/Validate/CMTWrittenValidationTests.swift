import AirlockCatalog
import AirlockIO
import AirlockKit
import AirlockModel
import AirlockPackages
import AirlockValidate
import Foundation
import Testing

/// Validating a package while `CMTDataWriter` writes it (`CMTPackageValidator.validateWritten`) must find what
/// validating the finished zip finds: the same findings, in the same order, on the same lines, with the same
/// values and messages. Checked on real exports written again and on a package full of problems.
struct CMTWrittenValidationTests {
    /// Writes `package` to a zip, validating it as written; returns those findings and those of the zip.
    static func bothWays(_ package: CMTPackage, catalog: SchemaCatalog, dualWrite: Bool = false, named name: String) throws -> (
        written: [String], reread: [String]
    ) {
        let folder = try Fixture.scratchDirectory("airlock-written-validation")
        let path = folder + "/\(name).zip"
        let source = StreamedPackageSource(
            path: path,
            members: [
                (CMTPackage.schemaMember, try CMTSchemaWriter.bytes(package.schema)),
                (CMTPackage.contentTypesMember, CMTContentTypes.bytes),
            ],
            streamed: CMTPackage.dataMember, stream: MemoryByteStream([]), streamedAfter: 1)
        let written = FindingCollector()
        try CMTPackageValidator(catalog: catalog, integration: dualWrite ? .dualWrite : nil).validateWritten(source, into: written) {
            observer in
            try CMTPackageWriter.write(
                schema: package.schema, timestamp: package.data.timestamp, otherAttributes: package.data.otherAttributes, to: path,
                observer: observer
            ) { emit in
                for entity in package.data.entities { try emit(entity, [.whole(entity)]) }
            }
        }
        let reread = FindingCollector()
        try CMTPackageValidator(catalog: catalog, integration: dualWrite ? .dualWrite : nil).validate(path: path, into: reread)
        // The checks that followed the writer did not read the XML: it must read back as the package written.
        // (Schema and tables, as `CMTDataWriterTests.realPackagesRoundTrip` compares them.)
        let readBack = try CMTPackageReader(path: path).read()
        #expect(readBack.schema == package.schema && readBack.data.entities == package.data.entities, "\(name) reads back as written")
        return (summary(written), summary(reread))
    }

    static func summary(_ collector: FindingCollector) -> [String] {
        collector.findings.map {
            [
                $0.rule, $0.severity.rawValue, $0.entity ?? "-", $0.file ?? "-", $0.line.map(String.init) ?? "-", $0.record ?? "-",
                $0.field ?? "-", $0.value ?? "-", $0.message,
            ].joined(separator: " | ")
        } + ["errors \(collector.errors) warnings \(collector.warnings)"]
    }

    @Test(arguments: [
        "real/cmt/abvogel-allentities.cmt.zip", "real/cmt/abvogel-partylist.cmt.zip", "real/cmt/ConfigData.zip",
        "real/cmt/IntegrationTestData.zip",
    ])
    func aRealExportWrittenAgainHasTheFindingsOfItsZip(_ fixture: String) throws {
        let package = try CMTPackageReader(path: Fixture.path(fixture)).read()
        let catalog = try SchemaCatalogLoader.bundled()
        let result = try Self.bothWays(package, catalog: catalog, named: "real")
        #expect(result.written == result.reread)
        #expect(result.written.count > 1, "the real exports have findings to compare")
    }

    /// Every kind of finding a writable package can have: values the writer accepts but Sales refuses.
    static let schema = """
        <entities>
          <entity name="account" displayname="Account" primaryidfield="accountid" primarynamefield="name" disableplugins="false">
            <fields>
              <field displayname="Account" name="accountid" type="guid" primaryKey="true" />
              <field displayname="Account Name" name="name" type="string" />
              <field displayname="Account Number" name="accountnumber" type="string" />
              <field displayname="Relationship Type" name="customertypecode" type="optionsetvalue" />
              <field displayname="Primary Contact" name="primarycontactid" type="entityreference" lookupType="contact" />
              <field displayname="Parent" name="parentaccountid" type="entityreference" lookupType="account" />
              <field displayname="Status" name="statecode" type="state" />
              <field displayname="Status Reason" name="statuscode" type="status" />
              <field displayname="Telephone" name="telephone1" type="string" />
            </fields>
          </entity>
          <entity name="contact" displayname="Contact" primaryidfield="contactid" primarynamefield="fullname" disableplugins="false">
            <fields>
              <field displayname="Contact" name="contactid" type="guid" primaryKey="true" />
              <field displayname="Last Name" name="lastname" type="string" />
              <field updateCompare="true" displayname="Contact Number" name="msdynce_contactnumber" type="string" />
              <field displayname="Company Name" name="parentcustomerid" type="entityreference" lookupType="account|contact" />
              <field displayname="Owner" name="ownerid" type="owner" />
            </fields>
            <relationships>
              <relationship name="listcontact" manyToMany="true" isreflexive="false" relatedEntityName="listmember" m2mTargetEntity="list" m2mTargetEntityPrimaryKey="listid" />
            </relationships>
          </entity>
          <entity name="msdyn_approval" primaryidfield="activityid" primarynamefield="subject">
            <fields>
              <field updateCompare="true" name="activityid" type="guid" primaryKey="true" />
              <field name="customers" type="partylist" />
              <field name="subject" type="string" />
            </fields>
          </entity>
          <entityImportOrder>
            <entityName>contact</entityName>
            <entityName>account</entityName>
            <entityName>msdyn_approval</entityName>
          </entityImportOrder>
        </entities>
        """

    static let a1 = "aaaaaaaa-0000-4000-8000-000000000001"
    static let a2 = "aaaaaaaa-0000-4000-8000-000000000002"
    static let c1 = "cccccccc-0000-4000-8000-000000000001"
    static let c2 = "cccccccc-0000-4000-8000-000000000002"
    static let absent = "dddddddd-0000-4000-8000-000000000009"

    static var data: String {
        let long = String(repeating: "x&amp;amp;", count: 60)
        return """
            <?xml version="1.0" encoding="utf-8"?>
            <entities timestamp="2026-11-01T08:00:00.0000000Z">
              <entity name="contact" displayname="Contact">
                <records>
                  <record id="\(c1)">
                    <field name="contactid" value="\(c1)" />
                    <field name="lastname" value="Lee &amp;amp; &amp;lt;Sons&amp;gt; &amp;quot;quoted&amp;quot; it&amp;#39;s&#xA;two lines&#x9;tab" />
                    <field name="msdynce_contactnumber" value="CON-1" />
                    <field name="parentcustomerid" value="\(a1)" lookupentity="account" />
                    <field name="ownerid" value="\(absent)" lookupentity="systemuser" />
                    <field name="nickname_undeclared" value="Annie &amp; co" />
                  </record>
                  <record id="\(c1)">
                    <field name="contactid" value="\(c1)" />
                    <field name="msdynce_contactnumber" value="CON-1" />
                    <field name="parentcustomerid" value="\(absent)" lookupentity="account" />
                  </record>
                  <record id="\(c2)">
                    <field name="contactid" value="\(c2)" />
                    <field name="lastname" value="Ng" />
                    <field name="parentcustomerid" value="\(a2)" lookupentity="systemuser" />
                  </record>
                </records>
                <m2mrelationships>
                  <m2mrelationship sourceid="\(c1)" targetentityname="list" targetentitynameidfield="listid" m2mrelationshipname="listcontact">
                    <targetids>
                      <targetid>\(absent)</targetid>
                    </targetids>
                  </m2mrelationship>
                </m2mrelationships>
              </entity>
              <entity name="account" displayname="Account">
                <records>
                  <record id="\(a1)">
                    <field name="accountid" value="\(a1)" />
                    <field name="name" value="\(long)" />
                    <field name="customertypecode" value="987" />
                    <field name="primarycontactid" value="\(c2)" lookupentity="contact" />
                    <field name="parentaccountid" value="\(a2)" lookupentity="account" />
                    <field name="statecode" value="0" />
                    <field name="statuscode" value="2" />
                  </record>
                  <record id="\(a2)">
                    <field name="accountid" value="\(a2)" />
                    <field name="name" value="FABRIKAM" />
                    <field name="customertypecode" value="-1" />
                    <field name="telephone1" value="\(String(repeating: "9", count: 60))" />
                  </record>
                  <record id="\(absent)">
                    <field name="accountid" value="\(absent)" />
                    <field name="name" value="fabrikam " />
                  </record>
                </records>
              </entity>
              <entity name="msdyn_approval">
                <records>
                  <record id="\(a1)">
                    <field name="customers" value="">
                      <activitypointerrecords id="\(c1)">
                        <field name="partyid" value="\(absent)" lookupentity="contact" />
                        <field name="participationtypemask" value="11" />
                        <field name="donotemail" value="False" />
                      </activitypointerrecords>
                      <activitypointerrecords id="\(c2)">
                        <field name="partyid" value="\(a2)" lookupentity="queue" />
                      </activitypointerrecords>
                    </field>
                    <field name="subject" value="Approve" />
                  </record>
                  <record id="\(a2)">
                    <field name="subject" value="No customers" />
                  </record>
                </records>
              </entity>
              <entity name="lead">
                <records>
                  <record id="\(a1)">
                    <field name="subject" value="Not in the schema" />
                  </record>
                </records>
              </entity>
            </entities>
            """
    }

    @Test func aPackageFullOfProblemsHasTheFindingsOfItsZip() throws {
        let source = MemoryPackageSource(
            path: "problems.zip",
            members: [
                (CMTPackage.schemaMember, Array(Self.schema.utf8)), (CMTPackage.dataMember, Array(Self.data.utf8)),
                (CMTPackage.contentTypesMember, CMTContentTypes.bytes),
            ])
        let package = try CMTPackageReader(source: source).read()
        let catalog = try SchemaCatalogLoader.bundled()
        let result = try Self.bothWays(package, catalog: catalog, named: "problems")
        #expect(result.written == result.reread)
        let rules = Set(result.written.map { $0.components(separatedBy: " | ")[0] })
        for rule in [
            ValidationRules.cmtRecordDuplicateId, ValidationRules.cmtValueLength, ValidationRules.cmtValueOption,
            ValidationRules.cmtLookupMissingRecord, ValidationRules.cmtLookupOutsidePackage, ValidationRules.cmtDataUndeclaredField,
            ValidationRules.cmtDataUndeclaredEntity, ValidationRules.cmtSchemaNoUpdateCompare, ValidationRules.cmtSchemaLookupTarget,
        ] {
            #expect(rules.contains(rule.id), "the package was meant to have a \(rule.id) finding: \(result.written)")
        }
    }

    @Test func theSamplesAPairWithDefectsAndADualWritePairHaveTheFindingsOfTheirZips() throws {
        let catalog = try SchemaCatalogLoader.bundled()
        let root = ConvertFixture.root
        let sample = try CMTPackageReader(path: root.appendingPathComponent("samples/sales-export.zip").path).read()
        let samples = try Self.bothWays(sample, catalog: catalog, named: "samples")
        #expect(samples.written == samples.reread)

        let defects = try Fixture.scratchDirectory("airlock-written-defects")
        _ = try SampleGenerator.write(to: defects, accounts: 60, seed: 3, defects: true)
        let broken = try CMTPackageReader(path: defects + "/" + SampleGenerator.salesFileName).read()
        let withDefects = try Self.bothWays(broken, catalog: catalog, named: "defects")
        #expect(withDefects.written == withDefects.reread)
        #expect(withDefects.written.count > 3, "the defects pair's Sales export has findings to compare")

        let dualWrite = try Fixture.scratchDirectory("airlock-written-dual-write")
        _ = try SampleGenerator.write(to: dualWrite, accounts: 40, seed: 3, templates: .dualWrite)
        let package = try CMTPackageReader(path: dualWrite + "/" + SampleGenerator.salesFileName).read()
        let result = try Self.bothWays(package, catalog: catalog, dualWrite: true, named: "dual-write")
        #expect(result.written == result.reread)
    }
}

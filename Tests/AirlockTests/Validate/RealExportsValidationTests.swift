import AirlockCatalog
import AirlockIO
import AirlockKit
import AirlockPackages
import AirlockValidate
import Foundation
import Testing

/// `validate` on real exports from public projects (`../shared/testdata/real`, `RealExport`): no error but the true ones.
/// A validator that cries wolf on real exports is one users stop reading.
struct RealExportsValidationTests {
    /// Every real package, with the errors it truly has (rule id → count).
    static let packages: [(path: String, errors: [String: Int])] = [
        ("abvogel-allentities/abvogel-allentities.cmt.zip", [:]),
        ("abvogel-partylist/abvogel-partylist.cmt.zip", [:]),
        ("xrm-ci-framework/ConfigData.zip", [:]),
        // Sixteen contacts share the all-zero id: fifteen would overwrite the first.
        ("capgemini-pdt-integrationtest/IntegrationTestData.zip", ["cmt.record.duplicate-id": 15]),
        ("dynamics-ax-integration/usmf_asset-major-types-01.zip", [:]),
    ]

    @Test(arguments: packages.map(\.path))
    func aRealExportHasNoErrorButItsTrueOnes(_ relative: String) throws {
        let expected = try #require(Self.packages.first { $0.path == relative }).errors
        let report = try PackageValidator.validate(path: RealExport.path(relative), catalog: SchemaCatalogLoader.bundled())
        var errors: [String: Int] = [:]
        for group in report.groups where group.severity == .error { errors[group.rule, default: 0] += group.count }
        #expect(errors == expected, "\(report.text())")
    }

    @Test func aRealCustomersV3ExportValidatesInAPackage() throws {
        // The FastTrack Customers V3 export (212 columns, re-saved by a spreadsheet) in a package of its own.
        let csv = try Data(contentsOf: URL(fileURLWithPath: RealExport.path("fasttrack-customersv3/01-CustomersV3Export-Customers V3.csv")))
        let header = String(decoding: csv.prefix { $0 != 0x0A && $0 != 0x0D }, as: UTF8.self)
        var lines = [
            FOManifestLineBuilder.line(
                label: "Customers V3", technicalName: nil, columns: header.split(separator: ",").map(String.init), sourceFormat: "CSV")
        ]
        FOExecutionOrder.assign(&lines)
        let members = TestSchemas.foMetadata(lines, asExported: true) + [("Customers V3.csv", [UInt8](csv))]
        let collector = FindingCollector()
        try FOPackageValidator(catalog: SchemaCatalogLoader.bundled()).validate(
            MemoryPackageSource(path: "fasttrack.zip", members: members), into: collector)
        let report = ValidationReport(kind: "fo", path: "fasttrack.zip", collector: collector)
        // Its line endings are LF (a spreadsheet's re-save): an error for F&O's CSV-Unicode only, a warning here.
        #expect(report.errors == 0, "\(report.text())")
        // Every value fits the lengths, enums and requirements of the application metadata.
        #expect(
            collector.findings.filter { ["fo.value.length", "fo.value.enum", "fo.value.mandatory"].contains($0.rule) }.isEmpty,
            "\(report.text())")
    }

    @Test func aSalesExportWithoutAccountNumbersWarnsAndFailsOnlyForProspectToCash() throws {
        // The shape of the industry accelerators' exports: the schema lists accountnumber, the records leave it empty.
        let schema = """
            <entities>
              <entity name="account" displayname="Account" etc="1" primaryidfield="accountid" primarynamefield="name" disableplugins="false">
                <fields>
                  <field displayname="Account" name="accountid" type="guid" primaryKey="true" />
                  <field displayname="Account Name" name="name" type="string" />
                  <field displayname="Account Number" name="accountnumber" type="string" />
                  <field displayname="Main Phone" name="telephone1" type="string" />
                </fields>
              </entity>
            </entities>
            """
        let records = (1...5).map { index in
            """
                  <record id="3f2504e0-4f89-11d3-9a0c-03050\(String(format: "%07d", index))">
                    <field name="accountid" value="3f2504e0-4f89-11d3-9a0c-03050\(String(format: "%07d", index))" />
                    <field name="name" value="Account \(index)" />
                    <field name="telephone1" value="555-010\(index)" />
                  </record>
            """
        }
        let data = """
            <entities timestamp="2026-03-04T16:27:40.7913516Z">
              <entity name="account" displayname="Account">
                <records>
            \(records.joined(separator: "\n"))
                </records>
              </entity>
            </entities>
            """
        let members: [(name: String, bytes: [UInt8])] = [
            ("data_schema.xml", Array(schema.utf8)), ("data.xml", Array(data.utf8)),
            ("[Content_Types].xml", Array(TestSchemas.cmtContentTypes.utf8)),
        ]
        func validate(_ integration: SyncIntegration?) throws -> FindingCollector {
            let collector = FindingCollector()
            try CMTPackageValidator(catalog: SchemaCatalogLoader.bundled(), integration: integration).validate(
                MemoryPackageSource(path: "accelerator.zip", members: members), into: collector)
            return collector
        }
        let plain = try validate(nil)
        #expect(plain.errors == 0 && plain.warnings == 5)
        #expect(plain.findings.allSatisfy { $0.rule == "cmt.value.required" && $0.field == "accountnumber" })
        let forP2C = try validate(.prospectToCash)
        #expect(forP2C.errors == 5 && forP2C.findings.allSatisfy { $0.severity == .error })
    }
}

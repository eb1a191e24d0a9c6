import AirlockKit
import Foundation
import Testing

/// `convert` hands over no package that `validate` would reject: it exits 1 and writes only the report.
struct ConvertRefusalTests {
    @Test func aPackageThatFailsValidationIsNotHandedOver() throws {
        let folder = try Fixture.scratchDirectory("airlock-refusal")
        let extensionPath = folder + "/env.yaml"
        try TestSchemas.mandatoryCustomerFieldExtension.write(toFile: extensionPath, atomically: true, encoding: .utf8)
        let catalog = try SchemaCatalogLoader.load(extensions: [extensionPath])
        let out = folder + "/out"
        let options = ConversionOptions(foPath: ConvertFixture.sampleFO, salesPath: ConvertFixture.sampleSales, outputDirectory: out)
        let failure = try #require(throws: ConversionFailure.self) { try Converter.run(options, catalog: catalog) }
        #expect(failure.description.contains("fail validation"))
        let fo = try #require(failure.validations.first { $0.kind == "fo" })
        #expect(fo.groups.contains { $0.rule == ValidationRules.foFieldMandatoryMissing.id && $0.severity == .error })
        // Only the report, which says why.
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: out).sorted() == [RunLayout.conversionPage, RunLayout.conversionReport])
        let report = try JSONDecoder().decode(
            ConversionReport.self, from: Data(contentsOf: URL(fileURLWithPath: out + "/" + RunLayout.conversionReport)))
        #expect(report.refused)
        #expect(report.outputs.isEmpty)
        #expect((report.validation[RunLayout.foPackage]?.errors ?? 0) > 0)
        #expect(report.validation[RunLayout.foPackage]?.firstErrors.contains { $0.contains("ZZEXTERNALID") } == true)
        #expect(ConvertFixture.stagingLeftovers(in: folder).isEmpty)
    }

    @Test func theCommandExitsOneAndPrintsTheFindings() throws {
        let folder = try Fixture.scratchDirectory("airlock-refusal")
        try TestSchemas.mandatoryCustomerFieldExtension.write(toFile: folder + "/env.yaml", atomically: true, encoding: .utf8)
        let result = try AirlockRunner.run([
            "convert", "--fo", ConvertFixture.sampleFO, "--sales", ConvertFixture.sampleSales, "--out", folder + "/out",
            "--catalog", folder + "/env.yaml",
        ])
        #expect(result.status == 1)
        #expect(result.stdout.contains("fo.field.mandatory-missing"))
        #expect(result.stderr.contains("fail validation"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/out/" + RunLayout.foPackage))
    }

    @Test func aSuccessfulRunRecordsItsValidation() throws {
        let folder = try Fixture.scratchDirectory("airlock-refusal")
        let result = try ConvertFixture.convert(fo: ConvertFixture.sampleFO, sales: ConvertFixture.sampleSales, out: folder + "/out")
        #expect(!result.report.refused)
        #expect(result.report.validation[RunLayout.foPackage]?.errors == 0)
        #expect(result.report.validation[RunLayout.salesPackage]?.errors == 0)
    }
}

/// The execution order of what `convert` writes to F&O.
struct ConvertExecutionOrderTests {
    @Test func contactPersonsImportAfterTheirCustomers() throws {
        let folder = try Fixture.scratchDirectory("airlock-order")
        try ConvertFixture.convert(fo: ConvertFixture.sampleFO, sales: ConvertFixture.sampleSales, out: folder + "/out")
        let reader = try FOPackageReader(source: openPackageSource(path: folder + "/out/" + RunLayout.foPackage))
        let level = Dictionary(uniqueKeysWithValues: reader.manifest.entities.map { ($0.entityName, $0.levelInExecutionUnit ?? 0) })
        let customers = try #require(level["Customers V2"])
        #expect(try #require(level["CDS Contacts"]) > customers)
        #expect(try #require(level["CDS sales quotation header"]) > customers)
        #expect(try #require(level["CDS sales quotation lines"]) > level["CDS sales quotation header"] ?? 0)
        #expect(try #require(level["CDS sales order lines"]) > level["CDS sales order headers"] ?? 0)
    }
}

/// `convert` on real exports from public projects: they are not P2C-shaped, and must still convert without error once
/// told to go on without the targets they lack (an F&O package of asset types holds no customer).
struct ConvertRealExportTests {
    /// Every target entity of the Prospect to cash flows.
    static let everyTarget = [
        "Customers V2", "CDS Contacts", "CDS sales quotation header", "CDS sales quotation lines", "CDS sales order headers",
        "CDS sales order lines", "product", "salesorder", "salesorderdetail", "invoice", "invoicedetail",
    ]

    @Test(arguments: ["abvogel-allentities.cmt.zip", "abvogel-partylist.cmt.zip", "ConfigData.zip", "IntegrationTestData.zip"])
    func aRealSalesExportConverts(_ name: String) throws {
        let folder = try Fixture.scratchDirectory("airlock-real")
        let options = ConversionOptions(
            foPath: RealExport.path("dynamics-ax-integration/usmf_asset-major-types-01.zip"), salesPath: RealExport.cmt(name),
            outputDirectory: folder + "/out", company: "USMF", allowMissingTargets: Self.everyTarget)
        let result = try Converter.run(options, catalog: SchemaCatalogLoader.bundled())
        for (flow, counts) in result.report.flows {
            #expect(counts.read == counts.created + counts.updated + counts.unchanged + counts.filtered + counts.rejected, "\(flow)")
        }
        if name == "abvogel-allentities.cmt.zip" {
            // Its invoice entity has no invoicenumber: records cannot be matched, and the warning says so.
            #expect(result.report.warnings.contains { $0.contains("invoice has no invoicenumber") })
        }
    }
}

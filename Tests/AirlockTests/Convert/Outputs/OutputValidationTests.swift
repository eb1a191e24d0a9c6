import AirlockKit
import Foundation
import Testing

/// What `convert` sends and what `validate` says about it agree, and the summary says it: `to-sales.zip` is
/// validated as a delta against the Sales export the run read (lookups to records the target holds are expected),
/// `validate --against` does the same for a user, and a warning on a package written is named in the summary.
struct OutputValidationTests {
    static func dualWriteRun() throws -> (folder: String, out: String, result: ConversionResult) {
        let folder = try Fixture.scratchDirectory("airlock-output-validation")
        _ = try SampleGenerator.write(to: folder, accounts: 20, seed: 3, templates: .dualWrite)
        let out = folder + "/out"
        let result = try Converter.run(
            ConversionOptions(
                foPath: folder + "/" + RunLayout.foExport, salesPath: folder + "/" + RunLayout.salesExport,
                outputDirectory: out, company: "USMF", templateSet: "dual-write"),
            catalog: SchemaCatalogLoader.bundled())
        return (folder, out, result)
    }

    @Test func theSalesPackageIsValidatedAsADeltaAgainstTheExportTheRunRead() throws {
        let (folder, out, result) = try Self.dualWriteRun()
        let validation = try #require(result.report.validation[RunLayout.salesPackage])
        // Its lookups to accounts, products and units the Sales export holds are no findings.
        #expect(validation.rules["cmt.lookup.missing-record"] == nil && validation.rules["cmt.lookup.outside-package"] == nil)
        // `validate` alone does not know the target, and reports them; with --against it agrees with convert.
        let plain = try ValidatePipeline.run(ValidateOptions(package: out + "/" + RunLayout.salesPackage))
        #expect(plain.report.warnings > validation.warnings)
        let against = try ValidatePipeline.run(
            ValidateOptions(package: out + "/" + RunLayout.salesPackage, againstExport: folder + "/" + RunLayout.salesExport))
        #expect(against.report.errors == validation.errors && against.report.warnings == validation.warnings)
        // The summary names what remains.
        let text = result.report.text()
        if validation.warnings > 0 {
            #expect(text.contains("warning: \(RunLayout.salesPackage) was written with \(validation.warnings) warning"), "\(text)")
        }
    }

    @Test func theSalesPackageListsEachEntityAfterTheOnesItsRecordsReference() throws {
        let (_, out, result) = try Self.dualWriteRun()
        let validation = try #require(result.report.validation[RunLayout.salesPackage])
        #expect(validation.rules["cmt.schema.import-order"] == nil, "\(validation.rules)")
        let order = try #require(try CMTPackageReader(path: out + "/" + RunLayout.salesPackage).schema.entityImportOrder)
        // Accounts name their primary contact; quote lines, written back by quote-lines (which runs before
        // quotes-to-sales), name their quote: each comes after what it names, though its flow ran first.
        let contact = try #require(order.firstIndex(of: "contact"))
        let account = try #require(order.firstIndex(of: "account"))
        let quote = try #require(order.firstIndex(of: "quote"))
        let quoteLine = try #require(order.firstIndex(of: "quotedetail"))
        #expect(contact < account && quote < quoteLine, "\(order)")
    }

    @Test func againstTakesAnExportOfThePackagesSide() throws {
        let (folder, out, _) = try Self.dualWriteRun()
        let fo = folder + "/" + RunLayout.foExport
        let sales = folder + "/" + RunLayout.salesExport
        #expect(throws: AirlockError.self) {
            try ValidatePipeline.run(ValidateOptions(package: out + "/" + RunLayout.foPackage, againstExport: sales))
        }
        #expect(throws: AirlockError.self) {
            try ValidatePipeline.run(ValidateOptions(package: out + "/" + RunLayout.salesPackage, againstExport: fo))
        }
    }

    @Test func aWarningOnAWrittenPackageIsNamedInTheSummary() throws {
        var report = try Self.dualWriteRun().result.report
        report.validation[RunLayout.foPackage] = ConversionReport.Validation(
            errors: 0, warnings: 3, notices: 1, rules: ["fo.value.length": 3, "fo.value.mandatory": 1], firstErrors: [])
        let text = report.text()
        #expect(
            text.contains(
                "warning: \(RunLayout.foPackage) was written with 3 warnings and 1 notice of airlock validate (fo.value.length 3, fo.value.mandatory 1)"
            ),
            "\(text)")
    }
}

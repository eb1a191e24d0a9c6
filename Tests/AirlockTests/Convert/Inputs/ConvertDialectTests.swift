import AirlockKit
import Foundation
import Testing

/// `convert` on F&O exports written in other dialects: the same records as from the samples, byte for byte.
struct ConvertDialectTests {
    @Test(arguments: [nil, FOLocale.enGB, FOLocale.deDE] as [FOLocale?])
    func invoiceDatesInAnyLocaleGiveTheSamePackages(_ locale: FOLocale?) throws {
        let folder = try Fixture.scratchDirectory("airlock-dialect")
        try ConvertFixture.convert(fo: ConvertFixture.sampleFO, sales: ConvertFixture.sampleSales, out: folder + "/plain")
        let rewritten = folder + "/fo-export.zip"
        try FOExportRewriter.rewrite(
            export: ConvertFixture.sampleFO, output: rewritten, label: ConvertFixture.invoiceHeaders, column: "INVOICEDATE"
        ) {
            FOExportRewriter.date($0, as: locale, seconds: locale != .deDE)
        }
        let result = try ConvertFixture.convert(fo: rewritten, sales: ConvertFixture.sampleSales, out: folder + "/dialect")
        let invoices = try #require(result.report.flows["invoices"])
        #expect(invoices.rejectedByReason["invalid-value"] == nil, "no invoice is rejected for its date's form")
        #expect(!result.report.warnings.contains { $0.contains("--fo-locale") }, "the dates settle their locale")
        for package in [RunLayout.salesPackage, RunLayout.foPackage] {
            let plain = try Data(contentsOf: URL(fileURLWithPath: folder + "/plain/" + package))
            let dialect = try Data(contentsOf: URL(fileURLWithPath: folder + "/dialect/" + package))
            #expect(plain == dialect, "\(package) in \(locale?.rawValue ?? "ISO 8601")")
        }
    }

    @Test func anAmbiguousDateColumnIsReadAsGivenOrNamedInAWarning() throws {
        let folder = try Fixture.scratchDirectory("airlock-dialect")
        try ConvertFixture.convert(fo: ConvertFixture.sampleFO, sales: ConvertFixture.sampleSales, out: folder + "/plain")
        // en-GB dates whose days are all 12 or less: the values cannot tell en-GB from en-US.
        let rewritten = folder + "/fo-export.zip"
        try FOExportRewriter.rewrite(
            export: ConvertFixture.sampleFO, output: rewritten, label: ConvertFixture.invoiceHeaders, column: "INVOICEDATE"
        ) {
            guard case .date(var date) = FODateGrammar.read($0, locale: .enUS) else { return $0 }
            date.day = (date.day - 1) % 12 + 1
            return date.text(dayFirstWith: UInt8(ascii: "/"))
        }
        let guessed = try ConvertFixture.convert(fo: rewritten, sales: ConvertFixture.sampleSales, out: nil, dryRun: true)
        let warning = try #require(guessed.report.warnings.first { $0.contains("--fo-locale") })
        #expect(warning.contains("INVOICEDATE") && warning.contains("en-US M/d/yyyy or en-GB dd/MM/yyyy"), "\(warning)")

        let options = ConversionOptions(
            foPath: rewritten, salesPath: ConvertFixture.sampleSales, outputDirectory: folder + "/given", foLocale: "en-GB")
        let given = try Converter.run(options, catalog: SchemaCatalogLoader.bundled())
        #expect(!given.report.warnings.contains { $0.contains("--fo-locale") })
        #expect(given.report.flows["invoices"]?.rejectedByReason["invalid-value"] == nil)

        let unknown = ConversionOptions(
            foPath: rewritten, salesPath: ConvertFixture.sampleSales, outputDirectory: nil, dryRun: true, foLocale: "fr-FR")
        #expect(throws: AirlockError.self) { try Converter.run(unknown, catalog: SchemaCatalogLoader.bundled()) }
    }

    @Test(arguments: FODialectWriter.Dialect.allCases)
    func theSameExportInAnotherShapeGivesTheSamePackages(_ dialect: FODialectWriter.Dialect) throws {
        let folder = try Fixture.scratchDirectory("airlock-dialect")
        try ConvertFixture.convert(fo: ConvertFixture.sampleFO, sales: ConvertFixture.sampleSales, out: folder + "/plain")
        let rewritten = folder + "/fo-export.zip"
        try FODialectWriter.write(export: ConvertFixture.sampleFO, output: rewritten, dialect: dialect)
        let inspected = try PackageInspector.inspect(path: rewritten)
        // Six entities with records, and contact persons and quotations without (F&O holds none of them).
        #expect(
            inspected.entities.count == 9 && inspected.entities.filter { $0.records > 0 }.count == 6, "\(dialect): \(inspected.warnings)")
        let formats = Set(inspected.entities.map(\.format))
        let encodings = Set(inspected.entities.compactMap(\.encoding))
        switch dialect {
        case .xmlElement, .xmlAttribute: #expect(formats == [dialect.rawValue], "\(formats)")
        case .excel: #expect(formats.count == 1 && formats.first?.uppercased() == "EXCEL", "\(formats)")
        case .csvUnicode: #expect(formats == ["CSV-Unicode"] && encodings == ["UTF-16LE"], "\(formats) \(encodings)")
        case .csvUTF8WithoutBOM: #expect(encodings == ["UTF-8"], "\(encodings)")
        default: #expect(formats == ["CSV"], "\(formats)")
        }
        if let locale = dialect.locale {
            let catalog = try SchemaCatalogLoader.bundled()
            let valueRules = [ValidationRules.foValueReal.id, ValidationRules.foValueSpreadsheet.id, ValidationRules.foValueDate.id]
            let learnt = try PackageValidator.validate(path: rewritten, catalog: catalog)
            #expect(!learnt.findings.contains { valueRules.contains($0.rule) }, "\(learnt.findings.map(\.message).prefix(3))")
            let given = try PackageValidator.validate(path: rewritten, catalog: catalog, foLocale: locale)
            #expect(!given.findings.contains { valueRules.contains($0.rule) }, "\(given.findings.map(\.message).prefix(3))")
        }
        let options = ConversionOptions(
            foPath: rewritten, salesPath: ConvertFixture.sampleSales, outputDirectory: folder + "/dialect")
        let result = try Converter.run(options, catalog: SchemaCatalogLoader.bundled())
        for package in [RunLayout.salesPackage, RunLayout.foPackage] {
            let plain = try Data(contentsOf: URL(fileURLWithPath: folder + "/plain/" + package))
            let other = try Data(contentsOf: URL(fileURLWithPath: folder + "/dialect/" + package))
            #expect(plain == other, "\(package) from \(dialect)")
        }
        #expect(
            result.report.flows.mapValues(\.counts)
                == (try ConvertFixture.convert(
                    fo: ConvertFixture.sampleFO, sales: ConvertFixture.sampleSales, out: nil, dryRun: true
                ).report.flows.mapValues(\.counts)))
    }
}

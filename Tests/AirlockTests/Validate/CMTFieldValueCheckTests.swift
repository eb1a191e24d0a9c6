import AirlockKit
import Foundation
import Testing

/// `CMTFieldValueCheck`, the one check of a Configuration Migration field's values: `validate`'s data pass and
/// `convert`'s target check both run it, so that a rule or condition added to it (here a catalog extension's
/// shorter length) makes `convert` reject the record and `validate` report it, with the same rule and from the same
/// facts, instead of `convert` writing a package its own validation then refuses.
struct CMTFieldValueCheckTests {
    /// The bundled catalog with a product's name cut to 12 characters, as a customised environment's extension
    /// would (origin `environment`: documented, so a longer name is an error).
    static func strictCatalog(in folder: String) throws -> SchemaCatalog {
        let path = folder + "/short-product-names.yaml"
        try """
        salesEntities:
          - logicalName: product
            attributes:
              name: {maxLength: 12}
        """.write(toFile: path, atomically: true, encoding: .utf8)
        return try SchemaCatalogLoader.load(extensions: [path])
    }

    @Test func convertRejectsWhatValidateReportsFromTheSameCheck() throws {
        let folder = try Fixture.scratchDirectory("airlock-cmt-value-check")
        let strict = try Self.strictCatalog(in: folder)
        // The check of a product's name, as both build it from the catalog.
        let attribute = try #require(strict.salesEntity(named: "product")?.attribute(named: "name"))
        let check = CMTFieldValueCheck(field: "name", type: .string, attribute: attribute)
        #expect(check.maxLength == 12 && check.enforcedLength == 12)

        // convert, with the extension: the products whose name is longer are rejected, each named in the reject file
        // by its product number, with the words the check gives for the rule it found broken.
        let options = ConversionOptions(
            foPath: ConvertFixture.sampleFO, salesPath: ConvertFixture.sampleSales, outputDirectory: folder + "/strict")
        let strictRun = try Converter.run(options, catalog: strict)
        let rejects = try ConvertFixture.csvRows(folder + "/strict/rejects/products.csv").filter { $0["field"] == "name" }
        #expect(!rejects.isEmpty)
        var rejectedNames: Set<String> = []
        for reject in rejects {
            let name = try #require(reject["PRODUCTNAME"])
            #expect(reject["PRODUCTNUMBER"]?.isEmpty == false, "the reject names the record")
            let problem = try #require(check.lengthProblem(name), "\(name)")
            #expect(problem.rule == ValidationRules.cmtValueLength && problem.refusesRecord)
            #expect(reject["reason"] == "invalid-value")
            #expect(reject["message"]?.hasPrefix(problem.rejection(value: name, target: "name")) == true)
            rejectedNames.insert(name)
        }
        // So the package convert wrote passes its own validation: no name in it is too long.
        #expect(strictRun.report.validation[RunLayout.salesPackage]?.rules[ValidationRules.cmtValueLength.id] == nil)

        // validate, with the extension, of the package convert writes without it (which carries those products):
        // each of their names is the same rule's error, with the check's message.
        _ = try ConvertFixture.convert(fo: ConvertFixture.sampleFO, sales: ConvertFixture.sampleSales, out: folder + "/bundled")
        let report = try PackageValidator.validate(path: folder + "/bundled/" + RunLayout.salesPackage, catalog: strict)
        let findings = report.findings.filter { $0.entity == "product" && $0.field == "name" }
        #expect(!findings.isEmpty)
        for finding in findings {
            let name = try #require(finding.value)
            let problem = try #require(check.lengthProblem(name), "\(name)")
            #expect(finding.rule == problem.rule.id && finding.message == problem.message && finding.severity == problem.severity)
            #expect(finding.severity == .error && rejectedNames.contains(name), "convert rejected the product validate refuses: \(name)")
        }
    }

    @Test func convertWritesWhatValidateOnlyWarnsOf() throws {
        // A guessed length (an extension's `severity: warning`) is a warning to validate, so convert writes the value.
        let attribute = SalesAttributeSchema(logicalName: "name", type: .string, maxLength: 5, origin: .guess)
        let check = CMTFieldValueCheck(field: "name", type: .string, attribute: attribute)
        let problem = try #require(check.lengthProblem("Seventeen letters"))
        #expect(problem.severity == .warning && !problem.refusesRecord)
        #expect((try? check.written("Seventeen letters").get()) == "Seventeen letters")
        // Over the platform's own limit it is an error whatever the catalog says.
        let long = String(repeating: "x", count: DataversePlatformLimits.singleLineTextLength + 1)
        #expect(throws: CMTFieldValueProblem.self) { try check.written(long).get() }
        #expect(check.lengthProblem(long)?.basis == .platform)
    }

    @Test func anOptionTheAttributeLacksIsOneProblemForBoth() throws {
        let attribute = SalesAttributeSchema(
            logicalName: "producttypecode", type: .optionSetValue,
            options: [SalesOptionValue(value: 1, label: "Sales Inventory"), SalesOptionValue(value: 3, label: "Services")],
            origin: .tableReference)
        let check = CMTFieldValueCheck(field: "producttypecode", type: .optionSetValue, attribute: attribute)
        let problem = try #require(check.optionProblem(7))
        #expect(problem.rule == ValidationRules.cmtValueOption && problem.severity == .error && problem.refusesRecord)
        #expect(problem.rejection(value: "7", target: "producttypecode") == "7 is not an option of producttypecode (1, 3)")
        #expect(throws: problem) { try check.written("7").get() }
        #expect((try? check.written("3").get()) == "3")
        // -1 is a warning in an export, but convert never writes it where the list is documented.
        let none = try #require(check.optionProblem(-1))
        #expect(none.severity == .warning && none.refusesRecord)
    }
}

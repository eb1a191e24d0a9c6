import AirlockKit
import Foundation
import Testing

/// "Before you import": one short list of the reference data the records name in the targets, each value once,
/// grouped by what it is and by what the exports say of it; no value-map entry no record uses, no count shown as a
/// value, and no party the output's customers create themselves.
@Suite struct BeforeYouImportTests {
    static func plan(fo: String = ConvertFixture.sampleFO, sales: String = ConvertFixture.sampleSales) throws -> ConversionPlan {
        let result = try ConvertFixture.convert(fo: fo, sales: sales, out: nil, dryRun: true)
        return try #require(result.report.plan)
    }

    static func group(_ plan: ConversionPlan, _ target: String, _ status: ImportPrerequisite.Status) -> ImportPrerequisite? {
        plan.beforeImport.first { $0.target == target && $0.status == status }
    }

    @Test func theSamplesNameEachReferenceValueOnce() throws {
        let plan = try Self.plan()
        let unchecked = plan.beforeImport.filter { $0.status == .unchecked }
        #expect(unchecked.allSatisfy { $0.system == "F&O" })
        #expect(
            Dictionary(uniqueKeysWithValues: unchecked.map { ($0.target, $0.values) }) == [
                "Currencies with CURRENCYCODE": ["EUR", "USD"], "Customer groups with CUSTOMERGROUPID": ["10"],
                "Sites with SITEID": ["1"], "Warehouses with WAREHOUSEID": ["13"], "Units with UNITSYMBOL": ["ea", "h", "pcs"],
            ], "\(plan.beforeImport)")
        // The customer group: every customer the accounts and contacts-to-customers flows write carries it.
        let group = try #require(Self.group(plan, "Customer groups with CUSTOMERGROUPID", .unchecked))
        #expect(group.flows == ["accounts", "contacts-to-customers"])
        #expect(group.records == (plan.flows["accounts"]?.converted ?? 0) + (plan.flows["contacts-to-customers"]?.converted ?? 0))
        // Units the value map names but no record uses (Gram, Pallet) are in no group.
        let units = try #require(Self.group(plan, "uom with name", .held))
        #expect(units.system == "Sales" && !units.values.contains("Gram") && units.values.contains("Each"))
        #expect(!plan.beforeImport.contains { $0.values.contains("Gram") || $0.values.contains("Pallet") })
        // Parties: the customers' import creates them, so they are nobody's prerequisite and no plan line.
        #expect(!plan.beforeImport.contains { $0.target.contains("PARTYNUMBER") })
        #expect(!plan.flows.values.contains { $0.assumedReferences.contains { $0.target.contains("PARTYNUMBER") } })
        // No count is shown as a value.
        for (name, flow) in plan.flows {
            for reference in flow.assumedReferences {
                #expect(reference.value.isEmpty == (reference.otherValues != nil), "\(name): \(reference)")
                #expect(!reference.value.contains("more values") && !reference.value.contains(" references"), "\(name): \(reference)")
            }
        }
    }

    @Test func theListIsInThePlanTheSummaryAndAtTheTopOfThePage() throws {
        let folder = try Fixture.scratchDirectory("airlock-before-import")
        let arguments = ["convert", "--fo", ConvertFixture.sampleFO, "--sales", ConvertFixture.sampleSales]
        let plan = try AirlockRunner.run(arguments + ["--plan"])
        #expect(plan.stdout.contains("Before you import: the reference data the records name"), "\(plan.stdout)")
        #expect(plan.stdout.contains("    Customer groups with CUSTOMERGROUPID: 10 (23 records)"), "\(plan.stdout)")
        #expect(!plan.stdout.contains("in no record"), "unused value-map entries are not listed")
        let run = try AirlockRunner.run(arguments + ["--out", folder + "/out"])
        #expect(run.status == 0, "\(run.stderr)")
        let before = try #require(run.stdout.range(of: "Before you import:"))
        let next = try #require(run.stdout.range(of: "Next steps:"))
        #expect(before.lowerBound < next.lowerBound)
        #expect(
            run.stdout.contains("1. Make sure the targets hold the 8 reference values listed under \"Before you import\""), "\(run.stdout)")
        let page = try String(contentsOfFile: folder + "/out/report.html", encoding: .utf8)
        let sections = ["id=\"summary\"", "id=\"before-import\"", "id=\"next\"", "id=\"run\""].map { page.range(of: $0)?.lowerBound }
        #expect(
            sections.allSatisfy { $0 != nil } && sections.compactMap { $0 } == sections.compactMap { $0 }.sorted(),
            "the page opens with them")
        #expect(page.contains("<strong>Customer groups with CUSTOMERGROUPID</strong>: 10 (23 records; accounts, contacts-to-customers)"))
    }

    @Test func whatTheExportHoldsIsHeldAndTheRestIsMissing() throws {
        let folder = try Fixture.scratchDirectory("airlock-before-import")
        let reader = try FOPackageReader(source: openPackageSource(path: ConvertFixture.sampleFO))
        var files: [FOEntityFile] = []
        for line in reader.manifest.entities {
            let data = try reader.readEntity(line)
            files.append(FOEntityFile(entity: line, table: data.table, encoding: data.summary.encoding ?? .utf8BOM))
        }
        var currencies = Table(name: "Currencies", columnNames: ["CURRENCYCODE", "NAME"])
        try currencies.appendRow(["USD", "US dollar"])
        var line = FOManifestLineBuilder.line(
            label: "Currencies", technicalName: nil, columns: ["CURRENCYCODE", "NAME"], sourceFormat: "CSV")
        line.inputFilePath = "Currencies.csv"
        files.append(FOEntityFile(entity: line, table: currencies, encoding: .utf8BOM))
        var manifest = reader.manifest
        manifest.entities = files.map(\.entity)
        try FOPackageWriter.write(header: reader.header, manifest: manifest, files: files, to: folder + "/fo-export.zip")

        let plan = try Self.plan(fo: folder + "/fo-export.zip")
        #expect(Self.group(plan, "Currencies with CURRENCYCODE", .held)?.values == ["USD"], "\(plan.beforeImport)")
        #expect(Self.group(plan, "Currencies with CURRENCYCODE", .missing)?.values == ["EUR"], "\(plan.beforeImport)")
        #expect(Self.group(plan, "Currencies with CURRENCYCODE", .unchecked) == nil)
        let text = ImportPrerequisite.text(plan.beforeImport)
        let lacks = try #require(text.firstIndex { $0.hasPrefix("  F&O lacks") })
        #expect(text[lacks + 1].hasPrefix("    Currencies with CURRENCYCODE: EUR ("), "what must be fixed comes first: \(text)")
    }

    @Test func aUnitSalesLacksHoldsBackTheRecordsThatNameIt() throws {
        let folder = try Fixture.scratchDirectory("airlock-before-import")
        let sales = try ConvertFixture.salesWithoutUnit("Hour", in: folder)
        let result = try ConvertFixture.convert(fo: ConvertFixture.sampleFO, sales: sales, out: nil, dryRun: true)
        let plan = try #require(result.report.plan)
        let missing = try #require(Self.group(plan, "uom with name", .missing), "\(plan.beforeImport)")
        #expect(missing.system == "Sales" && missing.values == ["Hour"])
        let rejected = plan.flows.values.reduce(0) { total, flow in
            total + flow.assumedReferences.filter { $0.value == "Hour" && !$0.held }.reduce(0) { $0 + ($1.records ?? 0) }
        }
        #expect(missing.records == rejected && rejected > 0, "\(missing)")
        #expect(missing.flows == ["products", "order-lines-to-sales", "invoice-lines"])
        #expect(result.report.flows["products"]?.rejected == 2)
        #expect(ImportPrerequisite.text(plan.beforeImport).contains { $0.hasPrefix("  Sales lacks") })
    }

    @Test func manyCustomersNameNoPartyAndTheListStaysShort() throws {
        let pair = try ConvertFixture.generatedPair(accounts: 300, seed: 1)
        let plan = try Self.plan(fo: pair.fo, sales: pair.sales)
        #expect(!plan.beforeImport.contains { $0.target.contains("PARTYNUMBER") })
        #expect(plan.beforeImport.count <= 10, "\(plan.beforeImport.map(\.target))")
        #expect(plan.beforeImport.allSatisfy { $0.values.count <= 20 })
    }

    @Test func contactPersonsTheOutputCreatesAreHeldByIt() throws {
        let pair = try DualWritePair(accounts: 40, seed: 3)
        let result = try DualWritePair.convert(fo: pair.fo, sales: pair.sales, out: nil)
        let plan = try #require(result.report.plan)
        // Contacts created in Sales go to F&O as CDS contacts with their contact person id; the documents that name
        // them need no Contacts V2 record first.
        #expect(!plan.beforeImport.contains { $0.target.contains("CONTACTPERSONID") && $0.status != .held }, "\(plan.beforeImport)")
        #expect(ImportPrerequisite.needsAction(plan.beforeImport) == false, "\(plan.beforeImport)")
    }
}

import AirlockKit
import Foundation
import Testing

@testable import AirlockConvert

/// `convert --plan`: what a conversion cannot do with the exports given, before anything is written.
struct ConvertPlanTests {
    /// The sample Sales export without the Prospect-to-cash solution's columns (an export made without them).
    static func salesWithoutP2CColumns(in folder: String) throws -> String {
        try salesWithout(fieldsMatching: "msdynce_[a-z]+", in: folder)
    }

    /// The sample Sales export without the fields whose names match `pattern` (a regular expression), in its
    /// schema and its records: an export made with another schema than Airlock's.
    static func salesWithout(fieldsMatching pattern: String, in folder: String) throws -> String {
        let source = try openPackageSource(path: ConvertFixture.sampleSales)
        var entries: [String: [UInt8]] = [:]
        for member in source.members {
            var text = String(decoding: try source.open(member.name).readAll(), as: UTF8.self)
            if member.name == "data.xml" || member.name == "data_schema.xml" {
                text = text.replacingOccurrences(
                    of: #"\s*<field [^>]*name=""# + pattern + #""[^>]*/>"#, with: "", options: .regularExpression)
            }
            entries[member.name] = Array(text.utf8)
        }
        return try ZipFixture.make(folder + "/sales-export.zip", entries: entries)
    }

    @Test func theSamplesPlanToConvertEveryFlow() throws {
        let result = try ConvertPipeline.run(
            ConvertOptions(
                conversion: ConversionOptions(foPath: ConvertFixture.sampleFO, salesPath: ConvertFixture.sampleSales, outputDirectory: nil),
                plan: true))
        #expect(result.status == .success)
        #expect(result.text.hasPrefix("Plan for company USMF (nothing written)"))
        let plan = try #require(result.report.plan)
        #expect(Set(plan.flows.keys) == Set(ConvertFixture.flowNames))
        #expect(plan.flowsConvertingNothing.isEmpty)
        // The samples are exports made the way the runbook says: they lack nothing a flow reads.
        for (name, flow) in plan.flows { #expect(flow.missingColumns.isEmpty, "\(name): \(flow.missingColumns)") }
        let accounts = try #require(plan.flows["accounts"])
        let priceLists = try #require(plan.flows["orders-to-sales"]?.assumedReferences.filter { $0.field == "pricelevelid" })
        #expect(
            priceLists.first
                == ConversionPlan.AssumedReference(
                    field: "pricelevelid", target: "pricelevel with name", value: "CRM Service USA (sample)", held: true, records: 5),
            "the template's default price list first, then the value map's")
        #expect(plan.flows["products"]?.assumedReferences.contains { $0.value == "Gram" && !$0.held } == true, "a unit the export lacks")
        let group = try #require(accounts.assumedReferences.first { $0.field == "CUSTOMERGROUPID" })
        #expect(group.value == "10" && !group.held && group.note?.contains("the F&O export holds no Customer groups") == true)
    }

    @Test func aColumnAnExportLacksIsNamedWithWhatItLeavesEmpty() throws {
        let folder = try Fixture.scratchDirectory("airlock-plan")
        let sales = try Self.salesWithout(fieldsMatching: "fax", in: folder)
        let result = try ConvertPipeline.run(
            ConvertOptions(
                conversion: ConversionOptions(foPath: ConvertFixture.sampleFO, salesPath: sales, outputDirectory: nil), plan: true))
        let plan = try #require(result.report.plan)
        #expect(
            plan.flows["accounts"]?.missingColumns == [
                ConversionPlan.MissingColumn(column: "fax", effects: ["PRIMARYCONTACTFAX left empty"])
            ])
        #expect(plan.flows["contacts-to-customers"]?.missingColumns.map(\.column) == ["fax"])
        #expect(plan.flows["quotes"]?.missingColumns.isEmpty == true)
        // A run says it on standard error before any record moves, and nothing else there.
        let run = AirlockRunner.runInProcess(["convert", "--fo", ConvertFixture.sampleFO, "--sales", sales, "--dry-run"])
        let lines = run.stderr.split(separator: "\n").map(String.init)
        #expect(lines.contains("airlock: plan: accounts lacks fax: PRIMARYCONTACTFAX left empty"), "\(run.stderr)")
        #expect(lines.allSatisfy { $0.hasPrefix("airlock: plan: ") }, "\(run.stderr)")
    }

    @Test func anExportWithoutTheP2CColumnsIsNamedBeforeAnythingMoves() throws {
        let folder = try Fixture.scratchDirectory("airlock-plan")
        let sales = try Self.salesWithoutP2CColumns(in: folder)
        let runner = AirlockRunner.runInProcess(["convert", "--fo", ConvertFixture.sampleFO, "--sales", sales, "--plan"])
        // The quotes' own filter leaves out every quote: a note, not a loss; the contacts without a key would convert
        // with --assign-keys. Nothing makes the plan fail.
        #expect(runner.status == 0, "\(runner.stderr)")
        #expect(
            runner.stdout.contains(
                "quotes: 6 read, nothing to convert: its filter active-quotes-with-external-products-only leaves out all 6 records (it reads msdynce_hasexternallymaintainedproductsonly, which the export lacks: read as empty)"
            ), "\(runner.stdout)")
        #expect(
            runner.stdout.contains(
                "lacks column msdynce_hasexternallymaintainedproductsonly: filter active-quotes-with-external-products-only reads it as empty (it leaves out 6 records)"
            ), "\(runner.stdout)")
        #expect(!runner.stdout.contains("NOTHING WOULD BE CONVERTED") && !runner.stderr.contains("nothing would be converted"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["sales-export.zip"], "nothing written")

        let json = AirlockRunner.runInProcess(["convert", "--fo", ConvertFixture.sampleFO, "--sales", sales, "--plan", "--json"])
        let plan = try JSONDecoder().decode(ConversionPlan.self, from: Data(json.stdout.utf8))
        #expect(plan.flowsLosingAllRecords.contains("quotes") && plan.flowsFilteringAll.contains("quotes"))
        #expect(!plan.flowsLosingRecordsForGood.contains("quotes") && !plan.flowsRejectingAllTheyConvert.contains("quotes"))
        #expect(plan.flows["quotes"]?.filteredBy["active-quotes-with-external-products-only"] == 6)
        #expect(
            plan.flows["quotes"]?.missingColumns.first { $0.column == "msdynce_hasexternallymaintainedproductsonly" }?.filters == [
                "active-quotes-with-external-products-only"
            ])

        // A run converts the rest and notes the flow in the plan's words, not as a warning.
        let run = AirlockRunner.runInProcess([
            "convert", "--fo", ConvertFixture.sampleFO, "--sales", sales, "--dry-run", "--assign-keys", "p2c",
        ])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.stdout.contains(
                "note: quotes: nothing to convert: its filter active-quotes-with-external-products-only leaves out all 6 records"))
        #expect(!run.stdout.contains("nothing converted by quotes"), "\(run.stdout)")
    }

    @Test func aFlowWhoseRecordsAreAllRejectedStillFails() throws {
        // Accounts without a name: an organization customer needs one, and no setting stands in for it.
        let folder = try Fixture.scratchDirectory("airlock-plan")
        let sales = try Self.salesWithout(fieldsMatching: "name", in: folder)
        let runner = AirlockRunner.runInProcess([
            "convert", "--fo", ConvertFixture.sampleFO, "--sales", sales, "--plan", "--only", "accounts",
        ])
        #expect(runner.status == 1)
        #expect(runner.stdout.contains("accounts: 18 read, NOTHING WOULD BE CONVERTED"), "\(runner.stdout)")
        #expect(runner.stderr.contains("nothing would be converted of the records read by accounts"), "\(runner.stderr)")
        let run = AirlockRunner.runInProcess([
            "convert", "--fo", ConvertFixture.sampleFO, "--sales", sales, "--dry-run", "--only", "accounts",
        ])
        #expect(run.stdout.contains("warning: nothing converted by accounts; `airlock convert --plan` says why"), "\(run.stdout)")
    }

    @Test func aColumnADefaultFillsIsNamedWithTheDefaultAndItsRecords() throws {
        let folder = try Fixture.scratchDirectory("airlock-plan")
        let sales = try Self.salesWithout(fieldsMatching: "(?:gendercode|transactioncurrencyid)", in: folder)
        let result = try ConvertPipeline.run(
            ConvertOptions(
                conversion: ConversionOptions(
                    foPath: ConvertFixture.sampleFO, salesPath: sales, outputDirectory: nil, defaultCurrency: "USD"),
                plan: true))
        let plan = try #require(result.report.plan)
        #expect(
            plan.flows["contacts"]?.missingColumns == [
                ConversionPlan.MissingColumn(column: "gendercode", effects: ["GENDER takes its default Unknown (20 records)"])
            ])
        // The six accounts the run creates take the currency, as do the six F&O holds in USD already; the six F&O holds
        // in EUR keep theirs.
        let currency = try #require(plan.flows["accounts"]?.missingColumns.first { $0.column == "transactioncurrencyid" })
        #expect(
            currency.effects == [
                "SALESCURRENCYCODE takes --default-currency USD (12 records), keeps the value existing records hold (6 records)"
            ])
        // The run's warning says the same, and nothing says the fields stay empty.
        #expect(
            result.report.warnings.contains(
                "flow contacts: the Sales export's contact has no gendercode: GENDER takes its default Unknown (20 records)"),
            "\(result.report.warnings)")
        for text in result.report.warnings + [result.text] {
            #expect(!text.contains("stay empty") && !text.contains("GENDER left empty"), "\(text)")
        }
        // Before any record moves, the same without the counts.
        let run = AirlockRunner.runInProcess(["convert", "--fo", ConvertFixture.sampleFO, "--sales", sales, "--dry-run"])
        #expect(run.stderr.contains("airlock: plan: contacts lacks gendercode: GENDER takes its default Unknown\n"), "\(run.stderr)")
    }

    /// The sample F&O export without `column` of `entity` (its file and its manifest line), in `folder`.
    static func foWithout(_ column: String, of entity: String, in folder: String) throws -> String {
        let reader = try FOPackageReader(source: openPackageSource(path: ConvertFixture.sampleFO))
        var files: [FOEntityFile] = []
        var lines: [FOManifestEntity] = []
        for line in reader.manifest.entities {
            let data = try reader.readEntity(line)
            var table = data.table
            var written = line
            if line.entityName == entity {
                let columns = table.columnNames.filter { $0 != column }
                var trimmed = Table(name: table.name, columnNames: columns)
                for row in 0..<table.rowCount { try trimmed.appendRow(columns.map { table.value(row: row, column: $0) }) }
                table = trimmed
                written.entityMap = line.entityMap?.filter { $0.entityField != column }
            }
            lines.append(written)
            files.append(FOEntityFile(entity: written, table: table, encoding: data.summary.encoding ?? .utf8BOM))
        }
        var manifest = reader.manifest
        manifest.entities = lines
        try FOPackageWriter.write(header: reader.header, manifest: manifest, files: files, to: folder + "/fo-export.zip")
        return folder + "/fo-export.zip"
    }

    @Test func anFOExportWithoutAColumnIsExplainedAndTheRestConverts() throws {
        let folder = try Fixture.scratchDirectory("airlock-plan")
        _ = try Self.foWithout("CUSTOMERSORDERREFERENCE", of: ConvertFixture.invoiceHeaders, in: folder)

        let plain = try ConvertFixture.convert(fo: ConvertFixture.sampleFO, sales: ConvertFixture.sampleSales, out: nil, dryRun: true)
        let trimmed = try ConvertFixture.convert(fo: folder + "/fo-export.zip", sales: ConvertFixture.sampleSales, out: nil, dryRun: true)
        #expect(trimmed.report.flows.mapValues(\.counts) == plain.report.flows.mapValues(\.counts), "the same records, one field empty")
        let invoices = try #require(trimmed.report.plan?.flows["invoices"])
        #expect(
            invoices.missingColumns.contains(
                ConversionPlan.MissingColumn(column: "CUSTOMERSORDERREFERENCE", effects: ["description left empty"])))
        #expect(plain.report.plan?.flows["invoices"]?.missingColumns.contains { $0.column == "CUSTOMERSORDERREFERENCE" } == false)
    }

    @Test func aChangeToAColumnTheTargetExportLacksShowsItAsNotExportedNotEmpty() throws {
        let folder = try Fixture.scratchDirectory("airlock-plan")
        let fo = try Self.foWithout("PRIMARYCONTACTFAX", of: "Customers V2", in: folder)
        let report = try ConvertFixture.convert(fo: fo, sales: ConvertFixture.sampleSales, out: nil, dryRun: true).report
        let change = try #require(
            report.flows["accounts"]?.fieldChanges["PRIMARYCONTACTFAX"], "\(report.flows["accounts"]?.fieldChanges ?? [:])")
        #expect(change.from == nil, "the export lacks the column: its value cannot be told")
        #expect(change.text(field: "PRIMARYCONTACTFAX").contains("(not exported) → "), "\(change.text(field: "PRIMARYCONTACTFAX"))")
        let json = String(decoding: try ReportJSON.data(change), as: UTF8.self)
        #expect(!json.contains("\"from\""), "\(json)")
        // A value the record holds empty stays an empty value.
        #expect(FieldChange(records: 1, from: "", to: "20").example == "'' → 20")
        #expect(FieldChange(records: 1, from: nil, to: "20").example == "(not exported) → 20")
        let page = ReportPage.html(conversion: report)
        #expect(page.contains("(not exported) → "))
    }

    @Test func referenceDataTheFOExportHoldsIsCheckedWithItsRecords() throws {
        let folder = try Fixture.scratchDirectory("airlock-plan")
        let reader = try FOPackageReader(source: openPackageSource(path: ConvertFixture.sampleFO))
        var files: [FOEntityFile] = []
        for line in reader.manifest.entities {
            let data = try reader.readEntity(line)
            files.append(FOEntityFile(entity: line, table: data.table, encoding: data.summary.encoding ?? .utf8BOM))
        }
        // The export holds the currencies, USD alone.
        var currencies = Table(name: "Currencies", columnNames: ["CURRENCYCODE", "NAME"])
        try currencies.appendRow(["USD", "US dollar"])
        var line = FOManifestLineBuilder.line(
            label: "Currencies", technicalName: nil, columns: ["CURRENCYCODE", "NAME"], sourceFormat: "CSV")
        line.inputFilePath = "Currencies.csv"
        files.append(FOEntityFile(entity: line, table: currencies, encoding: .utf8BOM))
        var manifest = reader.manifest
        manifest.entities = files.map(\.entity)
        try FOPackageWriter.write(header: reader.header, manifest: manifest, files: files, to: folder + "/fo-export.zip")

        let result = try ConvertFixture.convert(fo: folder + "/fo-export.zip", sales: ConvertFixture.sampleSales, out: nil, dryRun: true)
        let quotes = try #require(result.report.plan?.flows["quotes"]?.assumedReferences.filter { $0.field == "CURRENCYCODE" })
        #expect(quotes.map(\.value) == ["EUR"], "USD is held; EUR is not: \(quotes)")
        #expect(quotes.first?.held == false && (quotes.first?.records ?? 0) > 0 && quotes.first?.note == nil)
    }
}

extension ConvertPlanTests {
    @Test func aReferenceTheExportsLackIsCountedAndRecordsOwnValuesAreSummed() throws {
        let folder = try Fixture.scratchDirectory("airlock-plan")
        let sales = try ConvertFixture.salesWithoutUnit("Hour", in: folder)
        let result = try ConvertFixture.convert(fo: ConvertFixture.sampleFO, sales: sales, out: nil, dryRun: true)
        let products = try #require(result.report.flows["products"])
        let hour = try #require(result.report.plan?.flows["products"]?.assumedReferences.first { $0.value == "Hour" })
        #expect(!hour.held && hour.records == products.rejected && products.rejected > 0, "\(hour), \(products.counts)")
        let each = result.report.plan?.flows["products"]?.assumedReferences.first { $0.value == "Each" }
        #expect(each?.held == true && (each?.records ?? 0) > 0, "held: the records that carry it, counted: \(String(describing: each))")
    }

    @Test func causesThatNameEachRecordsOwnValueAreSummed() throws {
        let pair = try ConvertFixture.generatedPair(accounts: 300, seed: 1, defects: true)
        let result = try ConvertFixture.convert(fo: pair.fo, sales: pair.sales, out: nil, dryRun: true)
        // Each duplicate names its own key: one cause, its records summed, with an example.
        let accounts = try #require(result.report.plan?.flows["accounts"])
        let duplicates = accounts.rejectCauses.filter { $0.reason == "duplicate-key" }
        #expect(duplicates.count == 1, "\(accounts.rejectCauses)")
        #expect((duplicates.first?.variants ?? 0) > ConversionPlanner.messagesListedOneByOne, "\(duplicates)")
        #expect(duplicates.first?.records == result.report.flows["accounts"]?.rejectedByReason["duplicate-key"])
        let text = try #require(result.report.plan?.text(order: result.report.flowOrder))
        #expect(text.contains("different values, e.g. key "), "\(text)")
    }

    @Test func termsOfPaymentAndUnitsAreReferenceDataByTheirFieldNames() throws {
        let catalog = try SchemaCatalogLoader.bundled()
        #expect(catalog.foEntity(named: "Terms of payment")?.isReferenced(by: "PaymentTermsName") == true)
        #expect(catalog.foEntity(named: "Units")?.isReferenced(by: "SALESUNITSYMBOL") == true)
        #expect(catalog.foEntity(named: "Currencies")?.isReferenced(by: "CURRENCYCODE") == true)
        #expect(catalog.foEntity(named: "Currencies")?.isReferenced(by: "SALESUNITSYMBOL") == false)
    }
}

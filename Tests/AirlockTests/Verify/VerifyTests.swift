import AirlockKit
import Foundation
import Testing

/// `airlock verify`: a conversion of the sample pair, its packages imported by `ImportSimulator` (with records
/// dropped and fields changed on purpose), and verify finding exactly those records.
struct VerifyTests {
    typealias Scenario = VerifyScenario

    @Test func everythingLandsWhenTheImportTookEveryRecord() throws {
        let scenario = try Scenario.make()
        let result = try scenario.verify()
        #expect(result.status == 0, "\(result.stderr)\n\(result.stdout)")
        let report = try scenario.report()
        let conversion = try JSONDecoder().decode(
            ConversionReport.self, from: Data(contentsOf: URL(fileURLWithPath: scenario.run + "/report.json")))
        #expect(report.verdict == "landed")
        #expect(report.totals.missing == 0 && report.totals.drifted == 0 && report.totals.notVerified == 0, "\(report.warnings)")
        #expect(report.totals.sent == report.totals.landed)
        for (name, flow) in report.flows {
            #expect(flow.counts.holds, "\(name)")
            let written = try #require(conversion.flows[name])
            let generated = written.generated.values.reduce(0) { $0 + $1.created + $1.updated }
            #expect(flow.counts.sent == written.written + generated, "\(name)")
        }
        #expect(try ConvertFixture.csvRows(scenario.output + "/missing.csv").isEmpty)
        #expect(try ConvertFixture.csvRows(scenario.output + "/drifted.csv").isEmpty)
        #expect(FileManager.default.fileExists(atPath: scenario.output + "/verify.html"))
    }

    @Test func findsExactlyTheMissingAndDriftedRecords() throws {
        var expectedMissing: Set<[String]> = []
        var expectedDrifted: Set<[String]> = []
        let scenario = try Scenario.make { run in
            var tampering = ImportSimulator.Tampering()
            let fo = run + "/" + RunLayout.foPackage
            let sales = run + "/" + RunLayout.salesPackage
            let customers = try PackageValues.foValues(fo, label: "Customers V2", column: "CUSTOMERACCOUNT", count: 3)
            let names = try PackageValues.foValues(fo, label: "Customers V2", column: "ORGANIZATIONNAME", count: 3)
            tampering.droppedFO.insert(.init(entity: "Customers V2", key: [customers[0]]))
            expectedMissing.insert(["accounts", "fo", "Customers V2", "USMF/\(customers[0])", ""])
            tampering.changedFO[.init(entity: "Customers V2", key: [customers[1]])] = ("ORGANIZATIONNAME", "Changed by the target")
            expectedDrifted.insert(
                ["accounts", "fo", "Customers V2", "USMF/\(customers[1])", "", "ORGANIZATIONNAME", names[1], "Changed by the target"])
            let orders = try PackageValues.foValues(fo, label: "CDS sales order lines", column: "SALESORDERNUMBER", count: 1)
            let lines = try PackageValues.foValues(fo, label: "CDS sales order lines", column: "LINECREATIONSEQUENCENUMBER", count: 1)
            tampering.droppedFO.insert(.init(entity: "CDS sales order lines", key: [orders[0], lines[0]]))
            expectedMissing.insert(["order-lines-to-fo", "fo", "CDS sales order lines", "USMF/\(orders[0])/\(lines[0])", ""])
            let products = try PackageValues.salesIDs(sales, entity: "product", count: 1)
            let productNumber = try PackageValues.salesTable(sales, entity: "product").value(row: 0, column: "productnumber") ?? ""
            tampering.droppedSales.insert(.init(entity: "product", id: products[0]))
            expectedMissing.insert(["products", "sales", "product", productNumber, products[0]])
            let orderIDs = try PackageValues.salesIDs(sales, entity: "salesorder", count: 1)
            let orderTable = try PackageValues.salesTable(sales, entity: "salesorder")
            let orderNumber = orderTable.value(row: 0, column: "ordernumber") ?? ""
            let orderName = orderTable.value(row: 0, column: "name") ?? ""
            tampering.changedSales[.init(entity: "salesorder", id: orderIDs[0])] = ("name", "Renamed in Sales")
            expectedDrifted.insert([
                "orders-to-sales", "sales", "salesorder", orderNumber, orderIDs[0], "name", orderName, "Renamed in Sales",
            ])
            return tampering
        }
        let result = try scenario.verify()
        #expect(result.status == 1)
        #expect(
            result.stderr.contains("2 sent records are missing") || result.stderr.contains("3 sent records are missing"), "\(result.stderr)"
        )
        let missing = try ConvertFixture.csv(scenario.output + "/missing.csv")
        #expect(missing.bom)
        #expect(missing.records.first == Verifier.missingColumns)
        #expect(Set(missing.records.dropFirst()) == expectedMissing)
        let drifted = try ConvertFixture.csv(scenario.output + "/drifted.csv")
        #expect(drifted.records.first == Verifier.driftedColumns)
        #expect(Set(drifted.records.dropFirst()) == expectedDrifted)

        let report = try scenario.report()
        #expect(report.verdict == "missing")
        #expect(report.totals.missing == expectedMissing.count)
        #expect(report.totals.drifted == expectedDrifted.count)
        #expect(report.totals.notVerified == 0)
        for (name, flow) in report.flows { #expect(flow.counts.holds, "\(name)") }
        #expect(report.flows["accounts"]?.entities["Customers V2"]?.driftedFields == ["ORGANIZATIONNAME": 1])
        #expect(report.flows["orders-to-sales"]?.driftedFields == ["name": 1])
        #expect(report.flows["products"]?.entities["product"]?.counts.missing == 1)

        // A rerun with the same options gives the same bytes (verify.json records --force like report.json).
        #expect(try scenario.verify(["--force"]).status == 1)
        let first = try ConvertFixture.files(under: scenario.output)
        #expect(first.keys.sorted() == ["drifted.csv", "missing.csv", "verify.html", "verify.json"])
        #expect(try scenario.verify(["--force"]).status == 1)
        #expect(try ConvertFixture.files(under: scenario.output) == first)
        #expect(ConvertFixture.stagingLeftovers(in: scenario.run).isEmpty)
        // The page renders again from verify.json alone.
        let page = try String(contentsOfFile: scenario.output + "/verify.html", encoding: .utf8)
        #expect(page.contains("Missing"))
        let rendered = try AirlockRunner.run(["report", scenario.output + "/verify.json", "--html", scenario.folder + "/again.html"])
        #expect(rendered.status == 0, "\(rendered.stderr)")
        #expect(try String(contentsOfFile: scenario.folder + "/again.html", encoding: .utf8) == page)
    }

    @Test func driftAloneFailsUnlessAllowed() throws {
        let scenario = try Scenario.make { run in
            var tampering = ImportSimulator.Tampering()
            let customers = try PackageValues.foValues(
                run + "/" + RunLayout.foPackage, label: "Customers V2", column: "CUSTOMERACCOUNT", count: 1)
            tampering.changedFO[.init(entity: "Customers V2", key: [customers[0]])] = ("CREDITLIMIT", "1.5")
            return tampering
        }
        let strict = try scenario.verify()
        #expect(strict.status == 1)
        #expect(strict.stderr.contains("drifted"))
        #expect(try scenario.report().verdict == "drifted")
        let allowed = try scenario.verify(["--allow-drift", "--force"])
        #expect(allowed.status == 0, "\(allowed.stderr)")
        #expect(try scenario.report().totals.drifted == 1)
    }

    @Test func valuesAreComparedAsTheTargetHandsThemBack() throws {
        let scenario = try Scenario.make()
        // F&O re-exports decimals at another scale, NoYes in another case.
        let rewritten = scenario.folder + "/fo-rewritten.zip"
        try FOExportRewriter.rewrite(export: scenario.fo, output: rewritten, label: "Customers V2", column: "CREDITLIMIT") { value in
            value.hasSuffix(".0000000000") ? String(value.dropLast(8)) : value
        }
        try FOExportRewriter.rewrite(export: rewritten, output: scenario.fo, label: "Customers V2", column: "ISEXTERNALLYMAINTAINED") {
            $0.uppercased()
        }
        let result = try scenario.verify()
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try scenario.report().totals.drifted == 0)
    }

    /// A run whose templates send two dates to F&O (`orders-to-fo`: REQUESTEDSHIPPINGDATE 25 March, which tells
    /// day from month, and REQUESTEDRECEIPTDATE 11 March, which does not), its packages imported as they were.
    static func datedScenario() throws -> Scenario {
        let folder = try Fixture.scratchDirectory("airlock-verify-dates")
        let templates = folder + "/templates"
        let exported = try AirlockRunner.run(["templates", "export", templates])
        #expect(exported.status == 0, "\(exported.stderr)")
        let path = templates + "/orders-to-fo.yaml"
        var text = try String(contentsOfFile: path, encoding: .utf8)
        text +=
            "  - {row: 90, to: REQUESTEDSHIPPINGDATE, constant: \"2026-03-25T00:00:00\", source: img}\n"
            + "  - {row: 91, to: REQUESTEDRECEIPTDATE, constant: \"2026-03-11T00:00:00\", source: img}\n"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let run = folder + "/run"
        _ = try Converter.run(
            ConversionOptions(
                foPath: ConvertFixture.sampleFO, salesPath: ConvertFixture.sampleSales, outputDirectory: run, templatesDirectory: templates),
            catalog: SchemaCatalogLoader.bundled())
        let fo = folder + "/fo-after.zip"
        let sales = folder + "/sales-after.zip"
        try ImportSimulator.importFO(export: ConvertFixture.sampleFO, imported: run + "/" + RunLayout.foPackage, output: fo)
        try ImportSimulator.importSales(export: ConvertFixture.sampleSales, imported: run + "/" + RunLayout.salesPackage, output: sales)
        let sent = try PackageValues.foValues(
            run + "/" + RunLayout.foPackage, label: "CDS sales order headers", column: "REQUESTEDSHIPPINGDATE", count: 1)
        #expect(!sent.isEmpty && sent.allSatisfy { !$0.isEmpty }, "the run sends the dates")
        return Scenario(folder: folder, run: run, fo: fo, sales: sales)
    }

    @Test func recordsLandWhenTheFOExportWritesDatesInEnGB() throws {
        let scenario = try Self.datedScenario()
        // The target's data project is en-GB: every date comes back as dd/MM/yyyy HH:mm:ss.
        let shipping = scenario.folder + "/fo-shipping.zip"
        try FOExportRewriter.rewrite(
            export: scenario.fo, output: shipping, label: "CDS sales order headers", column: "REQUESTEDSHIPPINGDATE"
        ) {
            $0.isEmpty ? $0 : FOExportRewriter.date($0, as: .enGB)
        }
        try FOExportRewriter.rewrite(
            export: shipping, output: scenario.fo, label: "CDS sales order headers", column: "REQUESTEDRECEIPTDATE"
        ) {
            $0.isEmpty ? $0 : FOExportRewriter.date($0, as: .enGB)
        }
        let headers = try #require(try ConvertFixture.foTables(scenario.fo)["CDS sales order headers"])
        let written = (0..<headers.rowCount).compactMap { headers.value(row: $0, column: "REQUESTEDSHIPPINGDATE") }
        #expect(written.contains("25/03/2026 00:00:00"), "\(written.prefix(3))")

        // 25/03/2026 settles its column as en-GB; 11/03/2026 alone settles nothing, so it needs --fo-locale.
        let learnt = try scenario.verify()
        let report = try scenario.report()
        #expect(report.flows["orders-to-fo"]?.driftedFields.keys.sorted() == ["REQUESTEDRECEIPTDATE"], "\(learnt.stderr)")
        #expect(report.flows["orders-to-fo"]?.driftedFields["REQUESTEDSHIPPINGDATE"] == nil)
        #expect(report.warnings.contains { $0.contains("REQUESTEDRECEIPTDATE") && $0.contains("--fo-locale") }, "\(report.warnings)")

        let pinned = try scenario.verify(["--fo-locale", "en-GB", "--force"])
        #expect(pinned.status == 0, "\(pinned.stderr)")
        let landed = try scenario.report()
        #expect(landed.verdict == "landed")
        #expect(landed.totals.missing == 0 && landed.totals.drifted == 0)
        #expect((landed.flows["orders-to-fo"]?.counts.landed ?? 0) > 0)
    }

    @Test func recordsLandWhenTheFOExportIsDeDE() throws {
        let scenario = try Self.datedScenario()
        // A de-DE data project: decimal commas and dd.MM.yyyy dates in every entity.
        let german = scenario.folder + "/fo-de.zip"
        try FODialectWriter.write(export: scenario.fo, output: german, dialect: .germanLocale)
        let headers = try #require(try ConvertFixture.foTables(german)["CDS sales order headers"])
        let written = (0..<headers.rowCount).compactMap { headers.value(row: $0, column: "REQUESTEDRECEIPTDATE") }
        #expect(written.contains("11.03.2026 00:00:00"), "\(written.prefix(3))")
        let result = try AirlockRunner.run([
            "verify", "--run", scenario.run, "--fo", german, "--sales", scenario.sales, "--fo-locale", "de-DE",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let report = try scenario.report()
        #expect(report.verdict == "landed")
        #expect(report.totals.missing == 0 && report.totals.drifted == 0, "\(report.warnings)")
        #expect((report.flows["orders-to-fo"]?.counts.landed ?? 0) > 0)
        #expect((report.flows["accounts"]?.counts.landed ?? 0) > 0)

        // Without --fo-locale, the dotted dates are learnt per column and the decimal commas read as such.
        let learnt = try AirlockRunner.run(["verify", "--run", scenario.run, "--fo", german, "--sales", scenario.sales, "--force"])
        #expect(learnt.status == 0, "\(learnt.stderr)")
        #expect(try scenario.report().totals.drifted == 0)
    }

    @Test func aSideNotGivenIsNotVerified() throws {
        let scenario = try Scenario.make()
        let result = try scenario.verify(sales: false)
        #expect(result.status == 0, "\(result.stderr)")
        let report = try scenario.report()
        #expect(report.sides["sales"]?.verified == false)
        #expect(report.sides["sales"]?.note?.contains("not verified") == true)
        #expect(report.totals.missing == 0)
        #expect(report.totals.notVerified == report.flows.values.filter { $0.side == "sales" }.reduce(0) { $0 + $1.counts.sent })
        #expect(report.verdict == "not-verified")
        #expect(result.stdout.contains("Sales: no --sales export given"))
    }

    @Test func badInputIsOneClearLine() throws {
        let scenario = try Scenario.make()
        let empty = try Fixture.scratchDirectory("airlock-verify-empty")
        let noReport = try AirlockRunner.run(["verify", "--run", empty, "--fo", scenario.fo])
        #expect(noReport.status == 2)
        #expect(noReport.stderr.split(separator: "\n").count == 1)
        #expect(noReport.stderr.contains("report.json") && noReport.stderr.contains(empty))

        let wrongKind = try AirlockRunner.run(["verify", "--run", scenario.run, "--fo", scenario.sales])
        #expect(wrongKind.status == 2)
        #expect(wrongKind.stderr.split(separator: "\n").count == 1)
        #expect(wrongKind.stderr.contains("--fo") && wrongKind.stderr.contains("Configuration Migration"), "\(wrongKind.stderr)")

        let sentPackage = try AirlockRunner.run(["verify", "--run", scenario.run, "--fo", scenario.run + "/to-fo.zip"])
        #expect(sentPackage.status == 2)
        #expect(sentPackage.stderr.contains("the package the conversion sent"))

        let neither = try AirlockRunner.run(["verify", "--run", scenario.run])
        #expect(neither.status == 2)

        #expect(try scenario.verify().status == 0)
        let again = try scenario.verify()
        #expect(again.status == 2)
        #expect(again.stderr.contains("not empty"))
        #expect(FileManager.default.fileExists(atPath: scenario.output + "/verify.json"))
    }
}

import AirlockKit
import Foundation
import Testing

/// `airlock retry`, and the whole loop it closes: convert, a failing import, verify finding exactly the records
/// that did not land, retry building exactly those and their parents, and after importing the retry, verify
/// finding nothing missing.
struct RetryTests {
    typealias Scenario = VerifyScenario

    /// The records a failing importer drops and changes: a customer, an order line (whose header landed), a
    /// product, an order line in Sales (whose order landed), and a customer whose name the target changed.
    static func failingImport(_ run: String) throws -> ImportSimulator.Tampering {
        var tampering = ImportSimulator.Tampering()
        let fo = run + "/" + RunLayout.foPackage
        let sales = run + "/" + RunLayout.salesPackage
        let customers = try PackageValues.foValues(fo, label: "Customers V2", column: "CUSTOMERACCOUNT", count: 3)
        tampering.droppedFO.insert(.init(entity: "Customers V2", key: [customers[0]]))
        tampering.changedFO[.init(entity: "Customers V2", key: [customers[2]])] = ("ORGANIZATIONNAME", "Changed by the target")
        let orders = try PackageValues.foValues(fo, label: "CDS sales order lines", column: "SALESORDERNUMBER", count: 1)
        let lines = try PackageValues.foValues(fo, label: "CDS sales order lines", column: "LINECREATIONSEQUENCENUMBER", count: 1)
        tampering.droppedFO.insert(.init(entity: "CDS sales order lines", key: [orders[0], lines[0]]))
        let products = try PackageValues.salesIDs(sales, entity: "product", count: 1)
        tampering.droppedSales.insert(.init(entity: "product", id: products[0]))
        let orderLines = try PackageValues.salesIDs(sales, entity: "salesorderdetail", count: 1)
        tampering.droppedSales.insert(.init(entity: "salesorderdetail", id: orderLines[0]))
        return tampering
    }

    /// Runs `retry` on `scenario`'s run with `arguments` after `--run`.
    static func retry(_ scenario: Scenario, _ arguments: [String]) throws -> AirlockRunner.Result {
        try AirlockRunner.run(["retry", "--run", scenario.run] + arguments)
    }

    static func report(_ folder: String) throws -> RetryReport {
        try JSONDecoder().decode(RetryReport.self, from: Data(contentsOf: URL(fileURLWithPath: folder + "/" + RunLayout.retryReport)))
    }

    /// The Sales record ids of the package at `path`, and the ids its records' lookups name.
    static func salesIDsAndLookups(_ path: String) throws -> (ids: Set<String>, named: Set<String>) {
        let package = try CMTPackageReader(source: openPackageSource(path: path)).read()
        var ids: Set<String> = []
        var named: Set<String> = []
        for section in package.data.entities {
            for row in 0..<section.recordCount {
                let record = section.record(at: row)
                ids.insert(record.id.lowercased())
                for field in record.fields where field.lookupEntity != nil { named.insert(field.value.lowercased()) }
            }
        }
        return (ids, named)
    }

    @Test func aFailedImportIsRetriedUntilEverythingLanded() throws {
        var tampering = ImportSimulator.Tampering()
        let scenario = try Scenario.make { run in
            tampering = try Self.failingImport(run)
            return tampering
        }
        #expect(try scenario.verify().status == 1)
        let lists = [scenario.output + "/" + RunLayout.missingList, scenario.output + "/" + RunLayout.driftedList]
        let retried = try Self.retry(scenario, ["--from-verify", lists[0], "--from-verify", lists[1]])
        #expect(retried.status == 0, "\(retried.stderr)\n\(retried.stdout)")
        let folder = scenario.run + "/retry"
        let report = try Self.report(folder)
        #expect(report.totals.notFound == 0 && report.totals.found == 5, "\(report.entities)")

        // F&O: exactly the dropped and drifted records, and the dropped line's order header as its parent.
        let fo = try ConvertFixture.foTables(folder + "/" + RunLayout.foPackage)
        #expect(Set(fo.keys) == ["Customers V2", "CDS sales order headers", "CDS sales order lines"], "\(fo.keys)")
        let customers = try #require(fo["Customers V2"])
        let sentCustomers = Set((0..<customers.rowCount).map { customers.value(row: $0, column: "CUSTOMERACCOUNT") ?? "" })
        #expect(
            sentCustomers
                == Set(tampering.droppedFO.union(tampering.changedFO.keys).filter { $0.entity == "Customers V2" }.map { $0.key[0] }))
        let line = try #require(tampering.droppedFO.first { $0.entity == "CDS sales order lines" })
        #expect(fo["CDS sales order lines"]?.rowCount == 1)
        #expect(fo["CDS sales order headers"]?.rowCount == 1)
        #expect(fo["CDS sales order headers"]?.value(row: 0, column: "SALESORDERNUMBER") == line.key[0])
        #expect(report.entities.first { $0.entity == "CDS sales order headers" }?.parents == 1)

        // Sales: the dropped records, and every record of the conversion their lookups name, and nothing else.
        let sales = try Self.salesIDsAndLookups(folder + "/" + RunLayout.salesPackage)
        let dropped = Set(tampering.droppedSales.map(\.id))
        #expect(dropped.isSubset(of: sales.ids))
        let sent = try Self.salesIDsAndLookups(scenario.run + "/" + RunLayout.salesPackage).ids
        #expect(sales.ids.subtracting(dropped).isSubset(of: sales.named), "parents only")
        #expect(sales.named.intersection(sent).isSubset(of: sales.ids), "every parent the conversion sent")
        #expect(sales.ids.count > dropped.count, "the order line's order")
        // Its schema declares the entities it holds a section of, and no other (inspect warned of each other one).
        let retriedSales = try CMTPackageReader(path: folder + "/" + RunLayout.salesPackage).read()
        #expect(
            retriedSales.schema.entities.map(\.name).sorted() == Set(retriedSales.data.entities.map(\.name)).sorted(),
            "\(retriedSales.schema.entities.map(\.name))")
        #expect(
            (retriedSales.schema.entityImportOrder ?? []).allSatisfy { name in retriedSales.data.entities.contains { $0.name == name } })

        // Equal inputs, equal bytes (retry.json records --force, as report.json does).
        #expect(try Self.retry(scenario, ["--from-verify", lists[0], "--from-verify", lists[1], "--force"]).status == 0)
        let first = try ConvertFixture.files(under: folder)
        #expect(try Self.retry(scenario, ["--from-verify", lists[0], "--from-verify", lists[1], "--force"]).status == 0)
        #expect(try ConvertFixture.files(under: folder) == first)
        #expect(ConvertFixture.stagingLeftovers(in: folder).isEmpty)

        // The ledger beside the run: the verify, then each retry, which names verify's list as its input.
        let ledger = try MigrationLedger.read(scenario.folder + "/" + RunLayout.ledger)
        #expect(ledger.isIntact)
        #expect(ledger.entries.map(\.entry.command) == ["verify", "retry", "retry", "retry"], "\(ledger.entries.map(\.entry.command))")
        let missingDigest = try FileDigest.of(lists[0]).sha256
        #expect(ledger.entries[0].entry.outputs.contains { $0.sha256 == missingDigest })
        #expect(ledger.entries[1].entry.inputs.contains { $0.sha256 == missingDigest })
        #expect(ledger.entries[1].entry.counts["written"] == report.totals.written)

        // The retry imported: verify finds everything landed.
        let foAgain = scenario.folder + "/fo-after-retry.zip"
        let salesAgain = scenario.folder + "/sales-after-retry.zip"
        try ImportSimulator.importFO(export: scenario.fo, imported: folder + "/" + RunLayout.foPackage, output: foAgain)
        try ImportSimulator.importSales(export: scenario.sales, imported: folder + "/" + RunLayout.salesPackage, output: salesAgain)
        let verified = try AirlockRunner.run([
            "verify", "--run", scenario.run, "--fo", foAgain, "--sales", salesAgain, "--out", scenario.folder + "/verify-again",
        ])
        #expect(verified.status == 0, "\(verified.stderr)\n\(verified.stdout)")
    }

    @Test func readsTheImportersOwnErrorFiles() throws {
        let scenario = try Scenario.make()
        let package = scenario.run + "/" + RunLayout.foPackage
        let orders = try PackageValues.foValues(package, label: "CDS sales order lines", column: "SALESORDERNUMBER", count: 2)
        let lines = try PackageValues.foValues(package, label: "CDS sales order lines", column: "LINECREATIONSEQUENCENUMBER", count: 2)
        let customers = try PackageValues.foValues(package, label: "Customers V2", column: "CUSTOMERACCOUNT", count: 1)
        // A target error keys file: UTF-16 with a BOM, semicolons, its entity in its name, the company in lower case.
        let keys = scenario.folder + "/CDS sales order lines error keys.csv"
        let keysText =
            "SALESORDERNUMBER;LINECREATIONSEQUENCENUMBER;DATAAREAID\r\n\(orders[0]);\(lines[0]);usmf\r\n\(orders[1]);\(lines[1]);usmf\r\n"
        try Data([0xFF, 0xFE] + Array(keysText.utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }).write(
            to: URL(fileURLWithPath: keys))
        // A staging error file named after nothing: its entity is found by its key column.
        let staging = scenario.folder + "/errors.csv"
        try Data("\u{FEFF}CUSTOMERACCOUNT,ORGANIZATIONNAME,ERRORMESSAGE\r\n\(customers[0]),Any,\"Field 'x' must be filled in.\"\r\n".utf8)
            .write(to: URL(fileURLWithPath: staging))
        // A Configuration Migration log: ids on failure lines count; ids on other lines, and unknown ids, do not.
        let sales = scenario.run + "/" + RunLayout.salesPackage
        let products = try PackageValues.salesIDs(sales, entity: "product", count: 2)
        let log = scenario.folder + "/ImportDataDetail.log"
        try Data(
            """
            11/24/2026 10:00:01 - Info: Import started by user {3f2504e0-4f89-11d3-9a0c-0305e82c3301}
            11/24/2026 10:00:02 - Info: Record product \(products[1]) created
            11/24/2026 10:00:03 - Error: Failed to create record product {\(products[0].uppercased())}: a duplicate record was found
            11/24/2026 10:00:04 - Error: Import failed for record 00000000-0000-0000-0000-00000000abcd

            """.utf8
        ).write(to: URL(fileURLWithPath: log))
        let result = try Self.retry(scenario, ["--fo-errors", keys, "--fo-errors", staging, "--sales-log", log])
        #expect(result.status == 0, "\(result.stderr)\n\(result.stdout)")
        let folder = scenario.run + "/retry"
        let fo = try ConvertFixture.foTables(folder + "/" + RunLayout.foPackage)
        #expect(fo["CDS sales order lines"]?.rowCount == 2)
        #expect(fo["Customers V2"]?.value(row: 0, column: "CUSTOMERACCOUNT") == customers[0] && fo["Customers V2"]?.rowCount == 1)
        let ids = try Self.salesIDsAndLookups(folder + "/" + RunLayout.salesPackage).ids
        #expect(ids.contains(products[0]) && !ids.contains(products[1]))
        let report = try Self.report(folder)
        #expect(report.warnings.contains { $0.contains("not records of") }, "\(report.warnings)")
        #expect(report.totals.notFound == 0)
    }

    @Test func recordsTheConversionDidNotSendAreListedAndFailTheRun() throws {
        let scenario = try Scenario.make()
        let list = scenario.folder + "/missing.csv"
        try Data("flow,side,entity,key,id\r\naccounts,fo,Customers V2,USMF/NO-SUCH-ACCOUNT,\r\n".utf8).write(to: URL(fileURLWithPath: list))
        let result = try Self.retry(scenario, ["--from-verify", list])
        #expect(result.status == 1)
        #expect(result.stderr.contains("1 record named as failed is not in the conversion's packages"), "\(result.stderr)")
        let notFound = try ConvertFixture.csv(scenario.run + "/retry/" + RunLayout.notFoundList)
        #expect(notFound.records.first == Retrier.notFoundColumns)
        #expect(notFound.records.dropFirst().first?[4] == "USMF/NO-SUCH-ACCOUNT")
        #expect(!FileManager.default.fileExists(atPath: scenario.run + "/retry/" + RunLayout.foPackage))
    }

    @Test func badInputGetsOneLine() throws {
        let scenario = try Scenario.make()
        let unnamed = scenario.folder + "/unnamed.csv"
        try Data("SOMETHING,ELSE\r\n1,2\r\n".utf8).write(to: URL(fileURLWithPath: unnamed))
        let unknown = try Self.retry(scenario, ["--fo-errors", unnamed])
        #expect(unknown.status == 2)
        #expect(
            unknown.stderr.contains("cannot tell which entity") && unknown.stderr.split(separator: "\n").count == 1, "\(unknown.stderr)")
        let lacking = try Self.retry(scenario, ["--fo-errors", "Customers V2=" + unnamed])
        #expect(lacking.status == 2 && lacking.stderr.contains("no column CUSTOMERACCOUNT"), "\(lacking.stderr)")
        let notAList = try Self.retry(scenario, ["--from-verify", unnamed])
        #expect(notAList.status == 2 && notAList.stderr.contains("not a list of verify"), "\(notAList.stderr)")
        let noRun = try AirlockRunner.run(["retry", "--run", scenario.folder, "--from-verify", unnamed])
        #expect(noRun.status == 2 && noRun.stderr.contains("report.json"), "\(noRun.stderr)")
        #expect(try AirlockRunner.run(["retry", "--run", scenario.run]).status == 2, "nothing to retry named")
    }
}

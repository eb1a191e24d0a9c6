import AirlockKit
import Foundation
import Testing

/// `airlock verify` says what it proved: a record found whose fields sent are not all in the export is landed but
/// not proven (the verdict `unproven`, exit 1, a next step that proves it, no sign-off), and each entity is on the
/// side it was sent to, the keys `convert --assign-keys` writes back to Sales on `sales`.
struct VerifyProofTests {
    /// The records of `entity` in the Configuration Migration package at `path` with a value in `field`.
    static func salesRecords(_ path: String, entity: String, withValueIn field: String) throws -> Int {
        let table = try PackageValues.salesTable(path, entity: entity)
        return (0..<table.rowCount).filter { !(table.value(row: $0, column: field) ?? "").isEmpty }.count
    }

    /// The summary's row of `flow` and `entity`: its cells.
    static func row(_ text: String, flow: String, entity: String) throws -> [String] {
        let rows = text.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
        return try #require(rows.first { $0.first == flow && $0.count > 2 && $0[2] == entity }, "no row \(flow) \(entity) in:\n\(text)")
    }

    @Test func aFieldTheFOExportDoesNotCarryLeavesTheRecordsSentWithItUnproven() throws {
        let scenario = try VerifyScenario.make()
        let full = scenario.folder + "/fo-full.zip"
        try FileManager.default.copyItem(atPath: scenario.fo, toPath: full)
        // The data project's field mapping left EMPLOYMENTDEPARTMENT out; some contact persons were sent one.
        try FOExportRewriter.droppingColumn("EMPLOYMENTDEPARTMENT", of: "CDS Contacts", export: full, output: scenario.fo)
        let sent = try PackageValues.foValues(
            scenario.run + "/" + RunLayout.foPackage, label: "CDS Contacts", column: "EMPLOYMENTDEPARTMENT", count: .max)
        let withValue = sent.filter { !$0.isEmpty }.count
        #expect(withValue > 0 && withValue < sent.count, "some records are sent with a department, some without")

        let result = try scenario.verify()
        #expect(result.status == 1, "\(result.stdout)")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(result.stderr.contains("\(withValue) records with fields not proven (CDS Contacts: EMPLOYMENTDEPARTMENT)"))
        let report = try scenario.report()
        #expect(report.verdict == "unproven")
        let entity = try #require(report.flows["contacts"]?.entities["CDS Contacts"])
        // Every record landed; those sent with a department are not proven, those sent without it are.
        #expect(entity.counts.landed == sent.count && entity.counts.unproven == withValue)
        #expect(entity.unprovenFields == ["EMPLOYMENTDEPARTMENT": withValue])
        #expect(entity.notCompared == ["EMPLOYMENTDEPARTMENT"] && entity.side == "fo")
        #expect(report.totals.unproven == withValue && report.totals.landed == report.totals.sent)
        for (name, flow) in report.flows { #expect(flow.counts.holds, "\(name)") }
        #expect(result.stdout.contains("Verdict: landed, \(withValue) records with fields not proven (CDS Contacts: EMPLOYMENTDEPARTMENT)"))
        #expect(
            try Self.row(result.stdout, flow: "contacts", entity: "CDS") == [
                "contacts", "fo", "CDS", "Contacts", "\(sent.count)", "\(sent.count)", "\(withValue)", "0", "0", "0",
            ])
        #expect(result.stdout.contains("the data project's field mapping"))
        #expect(!result.stdout.contains("sign the cut-over off"))
        let page = try String(contentsOfFile: scenario.output + "/verify.html", encoding: .utf8)
        #expect(page.contains("Landed, not proven") && !page.contains("sign the cut-over off"))

        // Not proven is not drift: --allow-drift does not accept it.
        let allowed = try scenario.verify(["--allow-drift", "--force"])
        #expect(allowed.status == 1, "\(allowed.stderr)")

        // The next step, with an export that carries the field, proves them.
        var again = try NextStepsTests.command(in: result.stdout, step: "Prove the fields")
        #expect(again.contains("FO-EXPORT-AGAIN.zip") && again.last == scenario.run + "/verify-2", "\(again)")
        again = again.map { $0 == "FO-EXPORT-AGAIN.zip" ? full : $0 }
        let proven = try AirlockRunner.run(again)
        #expect(proven.status == 0, "\(proven.stderr)\n\(proven.stdout)")
        #expect(proven.stdout.contains("Verdict: landed\n") && proven.stdout.contains("sign the cut-over off"))
    }

    /// A conversion of a real Sales export without account or contact numbers (`--assign-keys p2c`): the keys go to
    /// F&O with the customers and contact persons, and the account numbers back to Sales' `account` in `to-sales.zip`
    /// (records the `accounts` flow generates on the other side; the export's schema has no contact number).
    static func keyedRun() throws -> (folder: String, run: String) {
        let folder = try Fixture.scratchDirectory("airlock-verify-keys")
        let run = folder + "/mig/run-1"
        let convert = try AirlockRunner.run([
            "convert", "--fo", ConvertFixture.sampleFO, "--sales", RealExport.path("ia-nonprofit/DefaultData.zip"), "--out", run,
            "--assign-keys", "p2c", "--default-currency", "USD", "--only", "accounts,contacts,contacts-to-customers",
        ])
        #expect(convert.status == 0, "\(convert.stderr)")
        return (folder, run)
    }

    /// Copies the Configuration Migration package at `export` to `output` without field `field` of `entity`, in its
    /// schema and its records: an export whose schema left the field out.
    static func droppingSalesField(_ field: String, of entity: String, export: String, output: String) throws {
        var package = try CMTPackageReader(source: openPackageSource(path: export)).read()
        let schema = try #require(package.schema.entities.firstIndex { $0.name == entity })
        package.schema.entities[schema].fields.removeAll { $0.name == field }
        let index = try #require(package.data.entities.firstIndex { $0.name == entity })
        let section = package.data.entities[index]
        var rewritten = CMTEntityData(
            name: section.name, displayName: section.displayName, fieldNames: package.schema.entities[schema].fieldNames)
        rewritten.otherAttributes = section.otherAttributes
        for row in 0..<section.recordCount {
            var record = section.record(at: row)
            record.fields.removeAll { $0.name == field }
            try rewritten.append(record)
        }
        package.data.entities[index] = rewritten
        try CMTPackageWriter.write(package, to: output)
    }

    @Test func theKeysWrittenBackToSalesAreUnprovenWhileTheSalesExportDoesNotCarryThem() throws {
        let (folder, run) = try Self.keyedRun()
        let package = run + "/" + RunLayout.salesPackage
        let fo = folder + "/fo-after.zip"
        let full = folder + "/sales-full.zip"
        let sales = folder + "/sales-after.zip"
        try ImportSimulator.importFO(export: ConvertFixture.sampleFO, imported: run + "/" + RunLayout.foPackage, output: fo)
        try ImportSimulator.importSales(export: RealExport.path("ia-nonprofit/DefaultData.zip"), imported: package, output: full)
        // The export's schema left the account number out: the keys written back landed on records found by id, unproven.
        try Self.droppingSalesField("accountnumber", of: "account", export: full, output: sales)
        let accounts = try Self.salesRecords(package, entity: "account", withValueIn: "accountnumber")
        #expect(accounts > 0)

        let result = try AirlockRunner.run(["verify", "--run", run, "--fo", fo, "--sales", sales])
        #expect(result.status == 1, "\(result.stdout)")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(result.stdout.contains("Verdict: landed, \(accounts) records with fields not proven (account: accountnumber)"))
        #expect(!result.stdout.contains("sign the cut-over off"))
        #expect(result.stdout.contains("data_schema.xml"))
        #expect(
            try Self.row(result.stdout, flow: "accounts", entity: "account") == [
                "accounts", "sales", "account", "\(accounts)", "\(accounts)", "\(accounts)", "0", "0", "0",
            ])
        let report = try JSONDecoder().decode(
            VerificationReport.self, from: Data(contentsOf: URL(fileURLWithPath: run + "/verify/verify.json")))
        #expect(report.verdict == "unproven")
        #expect(report.flows["accounts"]?.entities["account"]?.unprovenFields == ["accountnumber": accounts])
        #expect(report.flows["accounts"]?.unprovenFields == ["accountnumber": accounts])

        // Exported with the field, they are proven: the next step's command, its placeholder that export.
        let again = try NextStepsTests.command(in: result.stdout, step: "Prove the fields").map {
            $0 == "SALES-EXPORT-AGAIN.zip" ? full : $0
        }
        #expect(again.contains(full) && again.contains(fo), "\(again)")
        let proven = try AirlockRunner.run(again)
        #expect(proven.status == 0, "\(proven.stderr)\n\(proven.stdout)")
        #expect(proven.stdout.contains("Verdict: landed\n"))
    }

    @Test func entitiesSentToSalesAreLabelledSalesInTheSummaryTheJSONAndTheLists() throws {
        let (folder, run) = try Self.keyedRun()
        let package = run + "/" + RunLayout.salesPackage
        let accounts = try PackageValues.salesIDs(package, entity: "account", count: 2)
        #expect(accounts.count == 2)
        var tampering = ImportSimulator.Tampering()
        tampering.droppedSales.insert(.init(entity: "account", id: accounts[0]))
        tampering.changedSales[.init(entity: "account", id: accounts[1])] = ("accountnumber", "ACC-CHANGED")
        let fo = folder + "/fo-after.zip"
        let sales = folder + "/sales-after.zip"
        try ImportSimulator.importFO(export: ConvertFixture.sampleFO, imported: run + "/" + RunLayout.foPackage, output: fo)
        try ImportSimulator.importSales(
            export: RealExport.path("ia-nonprofit/DefaultData.zip"), imported: package, output: sales, tampering: tampering)

        let result = try AirlockRunner.run(["verify", "--run", run, "--fo", fo, "--sales", sales])
        #expect(result.status == 1)
        for (flow, entity, side) in [
            ("accounts", "Customers", "fo"), ("accounts", "account", "sales"), ("contacts", "CDS", "fo"),
        ] {
            #expect(try Self.row(result.stdout, flow: flow, entity: entity)[1] == side, "\(flow) \(entity)")
        }
        // verify.json as written: each entity's side, and the flow's own (its direction).
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: run + "/verify/verify.json")))
        let flows = try #require((json as? [String: Any])?["flows"] as? [String: [String: Any]])
        let entities = try #require(flows["accounts"]?["entities"] as? [String: [String: Any]])
        #expect(entities["account"]?["side"] as? String == "sales")
        #expect(entities["Customers V2"]?["side"] as? String == "fo")
        #expect(flows["accounts"]?["side"] as? String == "fo")
        let missing = try ConvertFixture.csv(run + "/verify/missing.csv").records.dropFirst()
        #expect(missing.map { Array($0.prefix(3)) + [$0[4]] } == [["accounts", "sales", "account", accounts[0]]])
        let drifted = try ConvertFixture.csv(run + "/verify/drifted.csv").records.dropFirst()
        #expect(
            drifted.map { Array($0.prefix(3)) + [$0[4], $0[5], $0[7]] } == [
                ["accounts", "sales", "account", accounts[1], "accountnumber", "ACC-CHANGED"]
            ])
        let page = try String(contentsOfFile: run + "/verify/verify.html", encoding: .utf8)
        #expect(page.contains("<th scope=\"row\">accounts</th><td>sales</td><td>account</td>"), "the page's row of account")

        // The Sales side not given: the keys written back are not verified, and that fails nothing.
        let foOnly = try AirlockRunner.run(["verify", "--run", run, "--fo", fo, "--out", run + "/verify-fo"])
        #expect(foOnly.status == 0, "\(foOnly.stderr)")
        #expect(foOnly.stdout.contains("Verdict: not-verified"))
    }

    @Test func aVerifyJSONWrittenBeforeEntitiesSaidTheirSideStillReads() throws {
        // verify.json as verify wrote it before entities had `side`, and counts `unproven` (one flow kept).
        let old = """
            {"company": "USMF", "flows": {"accounts": {"direction": "sales-to-fo", "drifted": 0, "driftedFields": {}, "entities": {\
            "Customers V2": {"drifted": 0, "driftedFields": {}, "exportEntity": "Customers V2", "landed": 36, "matchedBy": "key", \
            "missing": 0, "notCompared": [], "notVerified": 0, "sent": 36}, "account": {"drifted": 0, "driftedFields": {}, \
            "exportEntity": "account", "landed": 36, "matchedBy": "id", "missing": 0, "notCompared": [], "notVerified": 0, \
            "sent": 36}}, "landed": 72, "missing": 0, "notVerified": 0, "sent": 72, "side": "fo", "verified": true}}, \
            "inputs": {}, "kind": "verification", "options": {"allowDrift": false, "foPath": "after-1/fo-export.zip", \
            "force": false, "runDirectory": "mig/run-1", "salesPath": "after-1/sales-export.zip"}, "outputs": {}, \
            "sides": {"fo": {"export": "after-1/fo-export.zip", "verified": true}, "sales": {"export": \
            "after-1/sales-export.zip", "verified": true}}, "tool": "airlock", "totals": {"drifted": 0, "landed": 72, \
            "missing": 0, "notVerified": 0, "sent": 72}, "verdict": "landed", "version": "0.1.0", "warnings": []}
            """
        let report = try JSONDecoder().decode(VerificationReport.self, from: Data(old.utf8))
        let entities = try #require(report.flows["accounts"]?.entities)
        #expect(entities["account"]?.side == "sales" && entities["Customers V2"]?.side == "fo")
        #expect(report.totals.unproven == 0 && report.flows["accounts"]?.unprovenFields == [:])
        #expect(report.verdict == "landed" && report.verdictText == "landed")
        #expect(
            report.text().contains("account") && report.text().split(separator: "\n").contains { $0.hasPrefix("accounts  sales  account") })

        let folder = try Fixture.scratchDirectory("airlock-verify-old-json")
        try Data(old.utf8).write(to: URL(fileURLWithPath: folder + "/verify.json"))
        let rendered = try AirlockRunner.run(["report", folder + "/verify.json", "--html", folder + "/verify.html"])
        #expect(rendered.status == 0, "\(rendered.stderr)")
        #expect(try String(contentsOfFile: folder + "/verify.html", encoding: .utf8).contains("<td>sales</td><td>account</td>"))
    }
}

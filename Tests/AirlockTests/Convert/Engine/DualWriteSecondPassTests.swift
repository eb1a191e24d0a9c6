import AirlockKit
import Foundation
import Testing

/// Second-pass lookups (`pass: second`) in the dual-write set: a customer's invoice account and primary contact, a
/// vendor's, resolved after every flow against the run's Sales output and the Sales export; an existing account
/// whose primary contact differs is an update; one that names no record leaves the field empty, and is counted and
/// listed; two runs are byte-identical.
@Suite struct DualWriteSecondPassTests {
    /// The records of Sales entity `entity` in a package, by id, as field name → value.
    static func records(_ package: CMTPackage, _ entity: String) -> [String: [String: String]] {
        var result: [String: [String: String]] = [:]
        for section in package.data.entities where section.name == entity {
            for row in 0..<section.recordCount {
                let record = section.record(at: row)
                var fields: [String: String] = [:]
                for field in record.fields { fields[field.name] = field.value }
                result[record.id.lowercased()] = fields
            }
        }
        return result
    }

    /// The ids of `entity`'s records by the value of `key`, from the package first, then the export.
    static func ids(by key: String, _ entity: String, in packages: [CMTPackage]) -> [String: String] {
        var result: [String: String] = [:]
        for package in packages.reversed() {
            for (id, fields) in records(package, entity) { if let value = fields[key] { result[value] = id } }
        }
        return result
    }

    /// The rows of F&O entity `label` of an export, in file order, as column → value.
    static func foRows(_ path: String, _ label: String) throws -> [[String: String]] {
        let reader = try FOPackageReader(source: openPackageSource(path: path))
        let line = try #require(reader.manifest.entities.first { $0.entityName == label })
        let table = try reader.readEntity(line).table
        return (0..<table.rowCount).map { row in
            var values: [String: String] = [:]
            for (column, name) in table.columnNames.enumerated() { values[name] = table.value(row: row, column: column) ?? "" }
            return values
        }
    }

    @Test func invoiceAccountsAndPrimaryContactsResolveToRecordsOfTheSameRun() throws {
        let pair = try DualWritePair(accounts: 24, seed: 13)
        let report = try DualWritePair.convert(fo: pair.fo, sales: pair.sales, out: pair.folder + "/run").report
        let written = try CMTPackageReader(path: pair.folder + "/run/" + RunLayout.salesPackage).read()
        let export = try CMTPackageReader(path: pair.sales).read()
        let accountIDs = Self.ids(by: "accountnumber", "account", in: [written, export])
        let contactIDs = Self.ids(by: "msdyn_contactpersonid", "contact", in: [written, export])
        let accounts = Self.records(written, "account")
        let customers = try Self.foRows(pair.fo, "Customers V3").filter { $0["DATAAREAID"] == DualWritePair.company }
        var later = 0
        var invoiced = 0
        var withContact = 0
        for (row, customer) in customers.enumerated() where customer["PARTYTYPE"] == "Organization" {
            let number = try #require(customer["CUSTOMERACCOUNT"])
            guard let id = accountIDs[number], let record = accounts[id] else { continue }
            if let invoice = customer["INVOICEACCOUNT"], !invoice.isEmpty {
                invoiced += 1
                #expect(record["msdyn_billingaccount"]?.lowercased() == accountIDs[invoice], "\(number)'s invoice account \(invoice)")
                if customers.indices.contains(where: { $0 > row && customers[$0]["CUSTOMERACCOUNT"] == invoice }) { later += 1 }
            }
            if let person = customer["CONTACTPERSONID"], !person.isEmpty {
                withContact += 1
                #expect(record["primarycontactid"]?.lowercased() == contactIDs[person], "\(number)'s primary contact \(person)")
            }
        }
        #expect(invoiced > 0 && later > 0 && withContact > 0, "invoiced \(invoiced), later \(later), with a contact \(withContact)")
        // Vendors: the invoice vendor and the primary contact (a vendor contact the run writes).
        let vendorIDs = Self.ids(by: "msdyn_vendoraccountnumber", "msdyn_vendor", in: [written, export])
        let vendorRecords = Self.records(written, "msdyn_vendor")
        var vendorLookups = 0
        for vendor in try Self.foRows(pair.fo, "Vendors V2") where vendor["DATAAREAID"] == DualWritePair.company {
            guard let id = vendorIDs[vendor["VENDORACCOUNTNUMBER"] ?? ""], let record = vendorRecords[id] else { continue }
            if let invoice = vendor["INVOICEVENDORACCOUNTNUMBER"], !invoice.isEmpty {
                vendorLookups += 1
                #expect(record["msdyn_invoicevendoraccountnumber"]?.lowercased() == vendorIDs[invoice])
            }
            if let person = vendor["PRIMARYCONTACTPERSONID"], !person.isEmpty {
                vendorLookups += 1
                #expect(record["msdyn_vendorprimarycontactperson"]?.lowercased() == contactIDs[person])
            }
        }
        #expect(vendorLookups > 0)
        for (name, flow) in report.flows {
            #expect(flow.unresolvedLookups.isEmpty, "\(name): \(flow.unresolvedLookups)")
            #expect(flow.read == flow.created + flow.updated + flow.unchanged + flow.filtered + flow.rejected, "\(name)")
        }
        #expect(!FileManager.default.fileExists(atPath: pair.folder + "/run/rejects/" + RunLayout.unresolvedLookups))
        #expect((report.flows["customers-to-accounts"]?.updatedFields["primarycontactid"] ?? 0) > 0)
    }

    @Test func anExistingAccountWhosePrimaryContactDiffersIsUpdated() throws {
        let pair = try DualWritePair(accounts: 24, seed: 13)
        try DualWritePair.convert(fo: pair.fo, sales: pair.sales, out: pair.folder + "/first")
        let first = try CMTPackageReader(path: pair.folder + "/first/" + RunLayout.salesPackage).read()
        // An account the first run gave a primary contact lands with another contact as its primary contact.
        let accounts = Self.records(first, "account")
        let (id, account) = try #require(accounts.sorted { $0.key < $1.key }.first { $0.value["primarycontactid"] != nil })
        let held = try #require(account["primarycontactid"])
        let other = try #require(Self.records(first, "contact").keys.sorted().first { $0 != held.lowercased() })
        let mergedFO = pair.folder + "/merged-fo.zip"
        let mergedSales = pair.folder + "/merged-sales.zip"
        try ExportMerger.mergeFO(export: pair.fo, imported: pair.folder + "/first/" + RunLayout.foPackage, output: mergedFO)
        var tampering = ImportSimulator.Tampering()
        tampering.changedSales[ImportSimulator.SalesRecord(entity: "account", id: id)] = ("primarycontactid", other)
        try ImportSimulator.importSales(
            export: pair.sales, imported: pair.folder + "/first/" + RunLayout.salesPackage, output: mergedSales, tampering: tampering)
        let second = try DualWritePair.convert(fo: mergedFO, sales: mergedSales, out: pair.folder + "/second").report
        let flow = try #require(second.flows["customers-to-accounts"])
        #expect(flow.updated == 1 && flow.updatedFields == ["primarycontactid": 1], "\(flow.updatedFields)")
        let rewritten = Self.records(try CMTPackageReader(path: pair.folder + "/second/" + RunLayout.salesPackage).read(), "account")
        #expect(rewritten[id]?["primarycontactid"]?.lowercased() == held.lowercased())
        // Towards the master side, the same difference is held: filtered, not written.
        let held2 = try DualWritePair.convert(fo: mergedFO, sales: mergedSales, out: nil, master: "sales").report
        let towardsMaster = try #require(held2.flows["customers-to-accounts"])
        #expect(towardsMaster.updated == 0 && towardsMaster.filteredBy[BuiltInFilter.heldByMaster] == 1)
        #expect(towardsMaster.read == towardsMaster.created + towardsMaster.unchanged + towardsMaster.filtered)
        // Written in full (unchanged records too), with and without the master: the held record is left out, and
        // every other account carries the same values in both (the pass rebuilds only the columns it resolves; the
        // others must follow the records it keeps).
        func full(_ folder: String, master: String?) throws -> [String: [String: String]] {
            let options = ConversionOptions(
                foPath: mergedFO, salesPath: mergedSales, outputDirectory: pair.folder + "/" + folder,
                company: DualWritePair.company,
                full: true, templateSet: TemplateSetName.dualWrite.rawValue, master: master)
            _ = try Converter.run(options, catalog: SchemaCatalogLoader.bundled())
            return Self.records(try CMTPackageReader(path: pair.folder + "/" + folder + "/" + RunLayout.salesPackage).read(), "account")
        }
        let everyAccount = try full("full", master: nil)
        let keptAccounts = try full("full-held", master: "sales")
        #expect(everyAccount[id] != nil && keptAccounts[id] == nil)
        #expect(keptAccounts.count == everyAccount.count - 1)
        #expect(keptAccounts.allSatisfy { everyAccount[$0.key] == $0.value })
    }

    @Test func anUnresolvedLookupLeavesTheFieldEmptyAndIsCountedAndListed() throws {
        let pair = try DualWritePair(accounts: 24, seed: 13)
        let fo = pair.folder + "/nowhere-fo.zip"
        try FOExportRewriter.rewrite(export: pair.fo, output: fo, label: "Customers V3", column: "INVOICEACCOUNT") {
            $0.isEmpty ? $0 : "US-NOWHERE"
        }
        let result = try DualWritePair.convert(fo: fo, sales: pair.sales, out: pair.folder + "/run")
        let flow = try #require(result.report.flows["customers-to-accounts"])
        let missing = try #require(flow.unresolvedLookups["msdyn_billingaccount"])
        #expect(missing > 0 && flow.rejected == 0)
        #expect(result.report.warnings.contains { $0.contains("customers-to-accounts") && $0.contains("second-pass") })
        // Every record is written, none with an invoice account.
        let written = try CMTPackageReader(path: pair.folder + "/run/" + RunLayout.salesPackage).read()
        let accounts = Self.records(written, "account")
        #expect(accounts.values.allSatisfy { $0["msdyn_billingaccount"] == nil })
        // Listed in the rejects folder, one line per record and field.
        let path = pair.folder + "/run/rejects/" + RunLayout.unresolvedLookups
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let lines = text.split(separator: "\r\n").map(String.init)
        #expect(lines.first?.hasSuffix("file,flow,entity,id,key,field,value,lookup") == true)
        #expect(lines.count == missing + 1)
        #expect(
            lines.dropFirst().allSatisfy {
                $0.contains("customers-to-accounts,account,") && $0.contains(",msdyn_billingaccount,US-NOWHERE,")
            })
        #expect(result.report.outputs["rejects/" + RunLayout.unresolvedLookups] != nil)
        // The plan names the value as not held.
        let references = result.report.plan?.flows["customers-to-accounts"]?.assumedReferences ?? []
        #expect(references.contains { $0.value == "US-NOWHERE" && !$0.held && $0.records == missing })
        // In words, not shouted.
        let planText = result.report.plan?.text(order: ["customers-to-accounts"]) ?? ""
        #expect(planText.contains("not held by the output or the exports") && !planText.contains("NOT HELD"), "\(planText)")
        // Two runs give the same bytes (report.json names the output folder).
        try DualWritePair.convert(fo: fo, sales: pair.sales, out: pair.folder + "/again")
        for name in [RunLayout.salesPackage, RunLayout.foPackage, "rejects/" + RunLayout.unresolvedLookups] {
            let one = try Data(contentsOf: URL(fileURLWithPath: pair.folder + "/run/" + name))
            let two = try Data(contentsOf: URL(fileURLWithPath: pair.folder + "/again/" + name))
            #expect(one == two, "\(name)")
        }
    }
}

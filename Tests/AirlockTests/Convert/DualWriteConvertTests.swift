import AirlockKit
import Foundation
import Testing

/// `convert --templates dual-write` on generated dual-write pairs (`airlock sample --templates dual-write`): every
/// flow converts with its accounting identity, every lookup the Sales package writes is closed by the package or
/// the Sales export, runs are byte-identical, a second run after importing the outputs changes nothing, the master
/// side keeps its values, and a Sales record's company decides whether it is taken.
@Suite struct DualWriteConvertTests {
    /// Record ids per entity (lower-cased) of a Configuration Migration package.
    static func ids(_ package: CMTPackage) -> [String: Set<String>] {
        var ids: [String: Set<String>] = [:]
        for section in package.data.entities {
            ids[section.name] = Set((0..<section.recordCount).map { section.record(at: $0).id.lowercased() })
        }
        return ids
    }

    @Test func aGeneratedPairConvertsEveryFlowWithEveryLookupClosed() throws {
        let pair = try DualWritePair()
        let result = try DualWritePair.convert(fo: pair.fo, sales: pair.sales, out: pair.folder + "/run")
        let report = result.report
        #expect(report.options.templateSet == "dual-write")
        for name in TemplateSetName.dualWrite.flowNames {
            let flow = try #require(report.flows[name], "\(name) did not run")
            #expect(flow.read > 0, "\(name) read nothing")
            #expect(flow.read == flow.created + flow.updated + flow.unchanged + flow.filtered + flow.rejected, "\(name)")
            #expect(flow.rejected == 0, "\(name) rejected \(flow.rejectedByReason)")
            #expect(flow.created + flow.updated + flow.unchanged > 0, "\(name) converted nothing")
        }
        // Company rows and party rows come first, and every lookup of the package is closed.
        let written = try CMTPackageReader(path: pair.folder + "/run/" + RunLayout.salesPackage).read()
        let export = try CMTPackageReader(path: pair.sales).read()
        let order = written.schema.entityImportOrder ?? []
        let first = try #require(order.firstIndex(of: "account"))
        #expect((order.firstIndex(of: "cdm_company") ?? .max) < first && (order.firstIndex(of: "msdyn_party") ?? .max) < first, "\(order)")
        let held = Self.ids(written).merging(Self.ids(export)) { $0.union($1) }
        var open: [String] = []
        var lookups = 0
        for section in written.data.entities {
            guard let schema = written.schema.entity(named: section.name) else { continue }
            for row in 0..<section.recordCount {
                let record = section.record(at: row)
                for field in record.fields where schema.field(named: field.name)?.type == .entityReference && !field.value.isEmpty {
                    lookups += 1
                    let entity = field.lookupEntity ?? schema.field(named: field.name)?.lookupTargets.first ?? ""
                    if held[entity]?.contains(field.value.lowercased()) != true {
                        open.append("\(section.name) \(record.id) \(field.name) → \(entity) \(field.value)")
                    }
                }
            }
        }
        #expect(lookups > 0)
        #expect(open.isEmpty, "lookups neither the package nor the Sales export closes:\n\(open.prefix(20).joined(separator: "\n"))")
        // Every account and contact written carries the keys dual-write matches on.
        for name in ["account", "contact"] {
            let section = try #require(written.data.entity(named: name))
            for row in 0..<section.recordCount {
                let record = section.record(at: row)
                let keys = name == "account" ? ["msdyn_company", "accountnumber"] : ["msdyn_company", "msdyn_contactpersonid"]
                for key in keys {
                    #expect(record.fields.contains { $0.name == key && !$0.value.isEmpty }, "\(name) \(record.id) lacks \(key)")
                }
            }
        }
    }

    @Test func twoRunsWriteTheSameBytes() throws {
        let pair = try DualWritePair(accounts: 20, seed: 9)
        try DualWritePair.convert(fo: pair.fo, sales: pair.sales, out: pair.folder + "/one")
        try DualWritePair.convert(fo: pair.fo, sales: pair.sales, out: pair.folder + "/two")
        let one = try ConvertFixture.files(under: pair.folder + "/one")
        let two = try ConvertFixture.files(under: pair.folder + "/two")
        #expect(one.keys.sorted() == two.keys.sorted())
        for (name, bytes) in one where name != RunLayout.conversionReport && name != RunLayout.conversionPage {
            #expect(two[name] == bytes, "\(name) differs between two runs")
        }
    }

    @Test func aSecondRunAfterImportingTheOutputsChangesNothing() throws {
        let pair = try DualWritePair(accounts: 24, seed: 13)
        let first = try DualWritePair.convert(fo: pair.fo, sales: pair.sales, out: pair.folder + "/first").report
        #expect(first.totals.created > 0)
        // The second-pass lookups are among what the first run writes, so the second run checks them too.
        #expect((first.flows["customers-to-accounts"]?.updatedFields["primarycontactid"] ?? 0) > 0)
        #expect((first.flows["customers-to-accounts"]?.updatedFields["msdyn_billingaccount"] ?? 0) > 0)
        #expect((first.flows["vendors"]?.updatedFields["msdyn_invoicevendoraccountnumber"] ?? 0) > 0)
        #expect((first.flows["vendors"]?.updatedFields["msdyn_vendorprimarycontactperson"] ?? 0) > 0)
        let mergedFO = pair.folder + "/merged-fo.zip"
        let mergedSales = pair.folder + "/merged-sales.zip"
        try ExportMerger.mergeFO(export: pair.fo, imported: pair.folder + "/first/" + RunLayout.foPackage, output: mergedFO)
        try ExportMerger.mergeSales(
            export: pair.sales, imported: pair.folder + "/first/" + RunLayout.salesPackage, output: mergedSales)
        let second = try DualWritePair.convert(fo: mergedFO, sales: mergedSales, out: pair.folder + "/second").report
        for name in TemplateSetName.dualWrite.flowNames {
            let flow = try #require(second.flows[name])
            #expect(
                flow.created == 0 && flow.updated == 0, "\(name): created \(flow.created), updated \(flow.updated) \(flow.updatedFields)")
            #expect(flow.rejected == 0, "\(name)")
        }
        #expect(second.totals.written == 0)
    }

    @Test func theMasterSideKeepsItsValues() throws {
        let pair = try DualWritePair(accounts: 24, seed: 17)
        let fo = try DualWritePair.convert(fo: pair.fo, sales: pair.sales, out: nil).report
        let sales = try DualWritePair.convert(fo: pair.fo, sales: pair.sales, out: nil, master: "sales").report
        // A customer both sides hold with other values: F&O's win by default, Sales' with --master sales.
        let toSales = try #require(fo.flows["customers-to-accounts"])
        let toFO = try #require(sales.flows["accounts-to-customers"])
        #expect(toSales.updated > 0)
        #expect(fo.flows["accounts-to-customers"]?.updated == 0)
        // Towards the master, a record it holds keeps every value it has: only the fields it holds empty are filled,
        // and a record with none to fill is left out.
        let towardsSales = try #require(sales.flows["customers-to-accounts"])
        #expect(towardsSales.updated + (towardsSales.filteredBy[BuiltInFilter.heldByMaster] ?? 0) == toSales.updated)
        #expect(towardsSales.fieldChanges.values.allSatisfy { ($0.from ?? "").isEmpty }, "\(towardsSales.fieldChanges)")
        // What a side lacks is created whichever side is the master.
        #expect(fo.flows["accounts-to-customers"]?.created == toFO.created)
        #expect(fo.flows["customers-to-accounts"]?.created == sales.flows["customers-to-accounts"]?.created)
        #expect(throws: AirlockError.self) { try DualWritePair.convert(fo: pair.fo, sales: pair.sales, out: nil, master: "both") }
    }

    @Test func aSalesRecordOfAnotherCompanyIsFilteredAndOneOfAnUnknownCompanyRefused() throws {
        let pair = try DualWritePair(accounts: 24, seed: 21)
        var package = try CMTPackageReader(path: pair.sales).read()
        let accounts = try #require(package.data.entities.firstIndex { $0.name == "account" })
        // A second company in the export, and two of the accounts moved: one to it, one to a company it lacks.
        let other = try DualWritePair.addCompany("DEMF", to: &package)
        var section = package.data.entities[accounts]
        var records = (0..<section.recordCount).map { section.record(at: $0) }
        let moved = try #require(records.indices.filter { records[$0].fields.contains { $0.name == "msdyn_company" } }.prefix(2).last)
        func move(_ index: Int, to company: String) {
            records[index].fields = records[index].fields.map { field in
                var field = field
                if field.name == "msdyn_company" { field.value = company }
                return field
            }
        }
        move(moved - 1, to: other)
        move(moved, to: "5a1f0000-0000-4000-8000-00000000dead")
        section = CMTEntityData(
            name: section.name, displayName: section.displayName,
            fieldNames: try #require(package.schema.entity(named: "account")).fieldNames)
        for record in records { try section.append(record) }
        package.data.entities[accounts] = section
        let edited = pair.folder + "/edited-sales.zip"
        try CMTPackageWriter.write(package, to: edited)

        let before = try DualWritePair.convert(fo: pair.fo, sales: pair.sales, out: nil).report
        let after = try DualWritePair.convert(fo: pair.fo, sales: edited, out: nil).report
        let flow = try #require(after.flows["accounts-to-customers"])
        #expect(flow.read == before.flows["accounts-to-customers"]?.read)
        #expect(flow.filteredBy["other-company"] == 1)
        #expect(flow.rejectedByReason["orphan-reference"] == 1)
    }
}

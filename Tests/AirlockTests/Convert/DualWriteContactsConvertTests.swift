import AirlockKit
import Foundation
import Testing

/// The vendor and contact person flows of the dual-write set on generated pairs: vendor contacts go both ways under
/// `--master`, a contact person's contact for party links both parties, parties read from several roles are written
/// once, and another company's vendors stay out.
@Suite struct DualWriteContactsConvertTests {
    /// Each record of `entity` in a Configuration Migration package, as field → value (a lookup's value is its id).
    static func records(_ package: CMTPackage, _ entity: String) -> [[String: String]] {
        guard let section = package.data.entity(named: entity) else { return [] }
        return (0..<section.recordCount).map { row in
            var values: [String: String] = ["@id": section.record(at: row).id.lowercased()]
            for field in section.record(at: row).fields { values[field.name] = field.value }
            return values
        }
    }

    /// The rows of an F&O table as column → value.
    static func rows(_ table: Table) -> [[String: String]] {
        (0..<table.rowCount).map { row in
            var values: [String: String] = [:]
            for name in table.columnNames { values[name] = table.value(row: row, column: name) ?? "" }
            return values
        }
    }

    @Test func aVendorContactOnlySalesHasGoesToFOAndComesBackUnchanged() throws {
        let pair = try DualWritePair(accounts: 24, seed: 13)
        let first = try DualWritePair.convert(fo: pair.fo, sales: pair.sales, out: pair.folder + "/first").report
        let toFO = try #require(first.flows["contacts-to-vendor-contacts"])
        #expect(toFO.created == 2 && toFO.rejected == 0, "\(toFO.rejectedByReason)")
        let export = try CMTPackageReader(path: pair.sales).read()
        let salesOnly = Self.records(export, "contact").filter { $0["msdyn_contactpersonid"]?.hasPrefix("CP-S") == true }
        #expect(salesOnly.count == 2)
        // In F&O: a CDS Contacts V2 row of type Vendor, keyed by the person's party and the vendor's account.
        let fo = try ConvertFixture.foTables(pair.folder + "/first/" + RunLayout.foPackage)
        let written = Self.rows(try #require(fo["CDS Contacts V2"]))
        let vendors = Self.records(export, "msdyn_vendor")
        for contact in salesOnly {
            let row = try #require(written.first { $0["CONTACTPERSONID"] == contact["msdyn_contactpersonid"] })
            let vendor = try #require(vendors.first { $0["@id"] == contact["msdyn_vendorcontactid"]?.lowercased() })
            #expect(row["ASSOCIATEDCONTACTTYPE"] == "Vendor")
            #expect(row["ASSOCIATEDCONTACTNUMBER"] == vendor["msdyn_vendoraccountnumber"])
            #expect(row["CONTACTPERSONPARTYNUMBER"] == contact["msdyn_partynumber"])
            #expect(row["FIRSTNAME"] == contact["firstname"] && row["EMPLOYMENTDEPARTMENT"] == contact["department"])
            #expect(row["DATAAREAID"] == DualWritePair.company)
        }
        // The one without a company gets it back in Sales.
        let sales = try CMTPackageReader(path: pair.folder + "/first/" + RunLayout.salesPackage).read()
        let blank = try #require(salesOnly.first { $0["msdyn_company"] == nil })
        let back = try #require(Self.records(sales, "contact").first { $0["@id"] == blank["@id"] })
        #expect(back["msdyn_company"] != nil && back["msdyn_contactforvendor"] == "True")
        // After both imports, the vendor contact map finds them in F&O and in Sales alike.
        let mergedFO = pair.folder + "/merged-fo.zip"
        let mergedSales = pair.folder + "/merged-sales.zip"
        try ExportMerger.mergeFO(export: pair.fo, imported: pair.folder + "/first/" + RunLayout.foPackage, output: mergedFO)
        try ExportMerger.mergeSales(
            export: pair.sales, imported: pair.folder + "/first/" + RunLayout.salesPackage, output: mergedSales)
        let second = try DualWritePair.convert(fo: mergedFO, sales: mergedSales, out: nil).report
        let back2 = try #require(second.flows["vendor-contacts"])
        #expect(back2.read == (first.flows["vendor-contacts"]?.read ?? 0) + 2)
        #expect(back2.created == 0 && back2.updated == 0 && back2.rejected == 0, "\(back2.updatedFields)")
    }

    @Test func vendorContactsFollowTheMasterSide() throws {
        let pair = try DualWritePair(accounts: 24, seed: 17)
        let fo = try DualWritePair.convert(fo: pair.fo, sales: pair.sales, out: nil).report
        let sales = try DualWritePair.convert(fo: pair.fo, sales: pair.sales, out: nil, master: "sales").report
        // A vendor contact both sides hold with another department: F&O's wins by default, Sales' with --master sales.
        let toSales = try #require(fo.flows["vendor-contacts"])
        #expect(toSales.updated > 0 && toSales.updatedFields["department"] == toSales.updated)
        #expect(fo.flows["contacts-to-vendor-contacts"]?.updated == 0)
        #expect(sales.flows["vendor-contacts"]?.updated == 0)
        #expect(sales.flows["vendor-contacts"]?.filteredBy[BuiltInFilter.heldByMaster] == toSales.updated)
        #expect(sales.flows["contacts-to-vendor-contacts"]?.updated == toSales.updated)
        #expect(fo.flows["contacts-to-vendor-contacts"]?.created == sales.flows["contacts-to-vendor-contacts"]?.created)
    }

    @Test func aContactForPartyLinksTheContactPersonsPartyToItsOrganizations() throws {
        let pair = try DualWritePair(accounts: 30, seed: 5)
        let result = try DualWritePair.convert(fo: pair.fo, sales: pair.sales, out: pair.folder + "/run")
        let written = try CMTPackageReader(path: pair.folder + "/run/" + RunLayout.salesPackage).read()
        let export = try CMTPackageReader(path: pair.sales).read()
        // Party numbers by Sales id, from the package and the export.
        var partyNumbers: [String: String] = [:]
        for party in Self.records(export, "msdyn_party") + Self.records(written, "msdyn_party") {
            partyNumbers[party["@id"] ?? ""] = party["msdyn_partynumber"]
        }
        let persons = Self.rows(try #require(try ConvertFixture.foTables(pair.fo)["Contacts V2"]))
        let created = Self.records(written, "msdyn_contactforparty")
        #expect(created.count == (result.report.flows["contact-persons"].map { $0.created + $0.updated } ?? -1))
        for row in created {
            let person = try #require(persons.first { $0["CONTACTPERSONID"] == row["msdyn_contactforpartynumber"] })
            #expect(partyNumbers[row["msdyn_contactpartyid"]?.lowercased() ?? ""] == person["CONTACTPERSONPARTYNUMBER"])
            #expect(partyNumbers[row["msdyn_associatedpartyid"]?.lowercased() ?? ""] == person["ASSOCIATEDPARTYNUMBER"])
            #expect(row["msdyn_associatedcompanyid"] != nil)
        }
        // Both kinds of organization: a vendor's contact person and a customer's.
        let vendorParties = Set(
            Self.rows(try #require(try ConvertFixture.foTables(pair.fo)["Vendors V2"])).compactMap { $0["VENDORPARTYNUMBER"] })
        let linked = created.compactMap { partyNumbers[$0["msdyn_associatedpartyid"]?.lowercased() ?? ""] }
        #expect(linked.contains { vendorParties.contains($0) } && linked.contains { !vendorParties.contains($0) })
        // Parties come before the contacts and contacts for parties that look them up.
        let order = written.schema.entityImportOrder ?? []
        let party = try #require(order.firstIndex(of: "msdyn_party"))
        #expect(party < (order.firstIndex(of: "msdyn_contactforparty") ?? -1), "\(order)")
        #expect(
            party < (order.firstIndex(of: "msdyn_vendor") ?? -1)
                && (order.firstIndex(of: "msdyn_vendor") ?? .max) < (order.firstIndex(of: "contact") ?? -1), "\(order)")
    }

    @Test func aPartyReadFromSeveralRolesIsWrittenOnce() throws {
        let pair = try DualWritePair(accounts: 30, seed: 5)
        let report = try DualWritePair.convert(fo: pair.fo, sales: pair.sales, out: nil).report
        // The first vendor is a customer's party; one person is a contact of a customer and of a vendor.
        #expect(report.flows["vendor-parties"]?.filteredBy[BuiltInFilter.alreadyWritten] == 1)
        #expect(report.flows["contact-person-parties"]?.filteredBy[BuiltInFilter.alreadyWritten] == 1)
        #expect(report.flows["vendor-parties"]?.rejected == 0 && report.flows["contact-person-parties"]?.rejected == 0)
    }

    @Test func aVendorOfAnotherCompanyIsFiltered() throws {
        let pair = try DualWritePair(accounts: 24, seed: 21)
        let result = try DualWritePair.convert(fo: pair.fo, sales: pair.sales, out: pair.folder + "/run")
        let vendors = Self.rows(try #require(try ConvertFixture.foTables(pair.fo)["Vendors V2"]))
        let others = vendors.filter { $0["DATAAREAID"] != DualWritePair.company }
        #expect(others.count == 1)
        for flow in ["vendors", "vendor-parties", "vendor-contacts", "contact-persons"] {
            #expect(result.report.flows[flow]?.filteredBy["other-company"] == 1, "\(flow)")
        }
        let written = try CMTPackageReader(path: pair.folder + "/run/" + RunLayout.salesPackage).read()
        let numbers = Set(Self.records(written, "msdyn_vendor").compactMap { $0["msdyn_vendoraccountnumber"] })
        #expect(!numbers.isEmpty && !numbers.contains(others[0]["VENDORACCOUNTNUMBER"] ?? ""))
    }
}

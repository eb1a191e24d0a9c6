import AirlockKit
import Foundation
import Testing

/// `write-back` (`WriteBackRule`, dual-write): a Sales record that a Sales → F&O flow creates in F&O gets back, in
/// `to-sales.zip`, what the reverse F&O → Sales map would write on it: its company when it has none (dual-write matches
/// on company and key), and the reverse map's constants (`customers-to-accounts`: `address1_addresstypecode` 2,
/// `customertypecode` 3), with the entity's required attributes repeated from the export.
struct WriteBackRuleTests {
    @Test func anAccountCreatedInFOGetsItsCompanyAndTheReverseMapsConstants() throws {
        var pair = try SmallPair(set: .dualWrite)
        let company = try #require(try pair.exportRecords("cdm_company").first { $0.field("cdm_companycode")?.value == "USMF" })
        // Three accounts F&O does not hold yet: one without a company, one whose address type differs from the
        // reverse map's constant, one that already holds everything the reverse map writes.
        try pair.setSales("account", where: ["accountnumber": "ACC-10000"], ["accountnumber": "ACC-90001", "msdyn_company": nil])
        try pair.setSales("account", where: ["accountnumber": "ACC-10002"], ["accountnumber": "ACC-90002"])
        try pair.setSales(
            "account", where: ["accountnumber": "ACC-10003"], ["accountnumber": "ACC-90003", "address1_addresstypecode": "2"])
        let run = try pair.convert()
        let flow = try #require(run.report.flows["accounts-to-customers"])
        #expect(flow.created == 3)
        let generated = try #require(flow.generated["writeBacks"])
        #expect(generated.created == 0 && generated.updated == 2 && generated.unchanged == 0)

        let exported = try pair.exportRecords("account")
        let written = try run.salesRecords("account").filter { $0.field("accountnumber")?.value.hasPrefix("ACC-9") == true }
        #expect(written.map { $0.field("accountnumber")?.value ?? "" }.sorted() == ["ACC-90001", "ACC-90002"])
        for record in written {
            let number = record.field("accountnumber")?.value ?? ""
            let source = try #require(exported.first { $0.field("accountnumber")?.value == number })
            #expect(record.id == source.id, "\(number)")
            #expect(record.field("msdyn_company")?.value == company.id, "\(number)")
            #expect(record.field("msdyn_company")?.lookupEntity == "cdm_company", "\(number)")
            #expect(record.field("address1_addresstypecode")?.value == "2", "\(number)")
            #expect(record.field("customertypecode")?.value == "3", "\(number)")
            #expect(record.field("name") == source.field("name"), "\(number)")
        }
    }
}

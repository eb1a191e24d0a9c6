import AirlockKit
import Foundation
import Testing

/// Country texts become ISO 3166-1 codes; a text that is no country is never written into a code field, and the
/// summary names it; `--country` settles it.
@Suite struct CountrySettingsTests {
    @Test func countryTextsArriveAsCodesAndAnUnknownOneIsNamed() throws {
        var pair = try SmallPair()
        let accounts = try pair.exportRecords("account").sorted { $0.id < $1.id }
        let texts = ["U.K.", "Nederland", "USA", "Atlantis"]
        for (account, text) in zip(accounts, texts) {
            try pair.setSales(
                "account", where: ["accountid": account.id], ["address1_country": text, "accountnumber": "NEW-\(text.count)"])
        }
        let run = try pair.convert()
        let codes = Dictionary(
            try run.foRows("Customers V2").map { ($0["CUSTOMERACCOUNT"] ?? "", $0["ADDRESSCOUNTRYREGIONISOCODE"] ?? "") },
            uniquingKeysWith: { first, _ in first })
        #expect(codes["NEW-4"] == "GB" && codes["NEW-9"] == "NL" && codes["NEW-3"] == "US", "\(codes)")
        #expect(codes["NEW-8"] == nil, "Atlantis is not written")
        let rejects = try run.rejects("accounts")
        #expect(rejects.contains { $0["reason"] == "unmapped-value" && $0["field"] == "ADDRESSCOUNTRYREGIONISOCODE" })
        #expect(
            run.report.warnings.contains { $0.contains("'Atlantis' (1 record)") && $0.contains("--country 'NAME=CODE'") },
            "\(run.report.warnings)")
        let settled = try pair.convert { $0.countries = ["Atlantis=GRC"] }
        #expect(
            try settled.foRows("Customers V2").contains { $0["CUSTOMERACCOUNT"] == "NEW-8" && $0["ADDRESSCOUNTRYREGIONISOCODE"] == "GR" })
    }
}

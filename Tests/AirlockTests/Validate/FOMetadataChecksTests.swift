import AirlockCatalog
import AirlockIO
import AirlockKit
import AirlockPackages
import AirlockValidate
import Foundation
import Testing

/// One defect at a time against the F&O facts of the application metadata: `validate` calls each an error that
/// names its basis, and `convert` refuses the record that would carry it (one check, `FOFieldValueCheck` and
/// `FORequirementCheck`, for both); a value within a D365 length is neither.
struct FOMetadataChecksTests {
    static let columns = [
        "CUSTOMERACCOUNT", "DATAAREAID", "CUSTOMERGROUPID", "SALESCURRENCYCODE", "PARTYTYPE", "ORGANIZATIONNAME", "PERSONFIRSTNAME",
        "PERSONLASTNAME", "PAYMENTTERMS", "ONHOLDSTATUS", "ADDRESSBOOKS", "INVOICEACCOUNT",
    ]
    static let good = ["C-1", "USMF", "10", "USD", "Organization", "Contoso", "", "", "Net30", "No", "", ""]

    /// A Customers V3 package whose records are `good` with the changes of each entry of `rows`.
    static func customers(_ rows: [[String: String]]) -> [(name: String, bytes: [UInt8])] {
        var lines = [FOManifestLineBuilder.line(label: "Customers V3", technicalName: nil, columns: columns, sourceFormat: "CSV")]
        FOExecutionOrder.assign(&lines)
        let records = rows.enumerated().map { index, changes in
            columns.enumerated().map { column, name in changes[name] ?? (name == "CUSTOMERACCOUNT" ? "C-\(index + 1)" : good[column]) }
        }
        let text = ([columns] + records).map { $0.joined(separator: ",") }.joined(separator: "\r\n") + "\r\n"
        return TestSchemas.foMetadata(lines, asExported: true) + [
            ("Customers V3.csv", Array(("\u{FEFF}" + text).utf8))
        ]
    }

    static func validate(_ rows: [[String: String]]) throws -> [ValidationFinding] {
        let collector = FindingCollector()
        try FOPackageValidator(catalog: SchemaCatalogLoader.bundled()).validate(
            MemoryPackageSource(path: "customers.zip", members: customers(rows)), into: collector)
        return collector.findings
    }

    @Test func aCleanRecordHasNoFinding() throws {
        #expect(try Self.validate([[:], ["PARTYTYPE": "Person", "ORGANIZATIONNAME": "", "PERSONLASTNAME": "Lee"]]).isEmpty)
    }

    @Test func aCustomerAccountOverTwentyIsAnErrorOnItsD365Basis() throws {
        let findings = try Self.validate([["CUSTOMERACCOUNT": String(repeating: "A", count: 30)]])
        let finding = try Findings.only(findings, ValidationRules.foValueLength)
        #expect(finding.severity == .error && finding.basis == .documented && finding.field == "CUSTOMERACCOUNT")
        #expect(finding.message.hasPrefix("30 characters, over the field's 20; F&O refuses the record"))
        #expect(finding.message.contains("D365 7.0 database schema (2016)") && finding.message.contains("EDT CustVendAC"))
        #expect(finding.message.contains("[ax].[CUSTTABLE].[ACCOUNTNUM]"))
    }

    @Test func paymentTermsAreOneHundredInTheCurrentMetadata() throws {
        // PaymTermId was 10 in AX 2012 and the 2016 schema; the 2025 metadata says 100.
        #expect(try Self.validate([["PAYMENTTERMS": String(repeating: "N", count: 60)]]).isEmpty)
        let finding = try Findings.only(
            try Self.validate([["PAYMENTTERMS": String(repeating: "N", count: 200)]]), ValidationRules.foValueLength)
        #expect(finding.severity == .error && finding.message.hasPrefix("200 characters, over the field's 100"))
        #expect(finding.message.contains("D365 application metadata (2025)") && finding.message.contains("AxEdt/PaymTermId.xml"))
    }

    @Test func aLengthOnlyAX2012DocumentsIsAWarning() throws {
        let finding = try Findings.only(
            try Self.validate([["ADDRESSBOOKS": String(repeating: "B", count: 201)]]), ValidationRules.foValueLength)
        #expect(finding.severity == .warning && finding.basis == .guess)
        #expect(finding.message.contains("F&O may refuse the record") && finding.message.contains("AX 2012 EDT reference only"))
    }

    @Test func anOrganizationWithoutItsNameIsAnErrorAPersonNeedsANameField() throws {
        let findings = try Self.validate([
            ["ORGANIZATIONNAME": ""],
            ["PARTYTYPE": "", "ORGANIZATIONNAME": ""],
            ["PARTYTYPE": "Person", "ORGANIZATIONNAME": ""],
            ["PARTYTYPE": "Person", "ORGANIZATIONNAME": "", "PERSONFIRSTNAME": "Ann"],
        ])
        let mandatory = findings.filter { $0.rule == ValidationRules.foValueMandatory.id }
        #expect(mandatory.map(\.record) == ["USMF / C-1", "USMF / C-2", "USMF / C-3"])
        #expect(mandatory.allSatisfy { $0.severity == .error })
        #expect(mandatory[0].message.hasPrefix("PARTYTYPE is Organization, so the record needs ORGANIZATIONNAME"))
        #expect(mandatory[1].message.hasPrefix("PARTYTYPE is empty, so the record needs ORGANIZATIONNAME"))
        #expect(mandatory[2].field == "PERSONFIRSTNAME, PERSONMIDDLENAME, PERSONLASTNAME")
        #expect(mandatory[0].message.contains("AndreYaro/D365_Foundation"))
    }

    @Test func anEnumValueOutsideItsMembersIsAnError() throws {
        let finding = try Findings.only(try Self.validate([["ONHOLDSTATUS": "Blocked"]]), ValidationRules.foValueEnum)
        #expect(finding.severity == .error && finding.basis == .documented)
        #expect(
            finding.message.contains("not a symbol of enum CustVendorBlocked (No, Invoice, All, Payment, Requisition, Never, PurchOrder)"))
        #expect(finding.message.contains("AxEnum/CustVendorBlocked.xml"))
    }

    @Test func aRowNamingALaterRowIsAWarningOfLoadOrder() throws {
        let findings = try Self.validate([["INVOICEACCOUNT": "C-2"], [:], ["INVOICEACCOUNT": "C-2"], ["INVOICEACCOUNT": "C-9"]])
        let order = try Findings.only(findings, ValidationRules.foFileLoadOrder)
        #expect(order.severity == .warning && order.line == 2 && order.value == "C-2" && order.field == "INVOICEACCOUNT")
        #expect(order.message.contains("the row on line 3") && order.message.contains("CustCustomerV3Staging.xml"))
    }

    @Test func aColumnTheManifestDoesNotMapIsAWarningNamingTheColumns() throws {
        var members = Self.customers([[:]])
        let index = try #require(members.firstIndex { $0.name == "Customers V3.csv" })
        let text = String(decoding: members[index].bytes, as: UTF8.self)
            .replacingOccurrences(of: "INVOICEACCOUNT\r\n", with: "INVOICEACCOUNT,ZZEXTRA,ZZOTHER\r\n")
            .replacingOccurrences(of: ",No,,\r\n", with: ",No,,,x,y\r\n")
        members[index].bytes = Array(text.utf8)
        let collector = FindingCollector()
        try FOPackageValidator(catalog: SchemaCatalogLoader.bundled()).validate(
            MemoryPackageSource(path: "customers.zip", members: members), into: collector)
        let unmapped = try Findings.only(collector.findings, ValidationRules.foFileColumnNotMapped)
        #expect(unmapped.severity == .warning && unmapped.field == "ZZEXTRA, ZZOTHER")
        #expect(collector.errors == 0)
    }
}

import AirlockKit
import Foundation
import Testing

/// `convert` on an F&O export whose target entity repeats a row exactly, every column the same: each such record is
/// matched as one, as before, and the run says so once, where `validate` reports the repeats as fo.key.duplicate.
struct ConvertExactRepeatsTests {
    @Test func exactRepeatsInTheTargetAreTakenOnceWithAWarning() throws {
        var pair = try SmallPair()
        let plain = try pair.convert()
        #expect(!plain.report.warnings.contains { $0.contains("exactly") })
        try pair.repeatFO("Customers V2", where: ["CUSTOMERACCOUNT": "ACC-10000"], copies: 2)
        let repeated = try pair.convert()
        // Once, from accounts, the first flow that writes Customers V2 (contacts-to-customers writes it too).
        #expect(
            repeated.report.warnings.filter { $0.contains("exactly") } == [
                "Customers V2: 2 rows repeat another row of the F&O export exactly (every column the same; first: USMF/ACC-10000); each is taken once when records are matched against the export (validate reports them as fo.key.duplicate)"
            ])
        #expect(repeated.report.warnings.count == plain.report.warnings.count + 1)
        // Taken once: the packages are those of the export without the repeats.
        for package in [RunLayout.foPackage, RunLayout.salesPackage] {
            let before = try Data(contentsOf: URL(fileURLWithPath: plain.out + "/" + package))
            #expect(try Data(contentsOf: URL(fileURLWithPath: repeated.out + "/" + package)) == before, "\(package)")
        }
        let validation = try PackageValidator.validate(path: pair.fo, catalog: SchemaCatalogLoader.bundled())
        let duplicates = validation.findings.filter { $0.rule == ValidationRules.foKeyDuplicate.id }
        #expect(duplicates.map(\.entity) == ["Customers V2", "Customers V2"])
    }

    /// Rows that repeat a key with other values are not taken as one: the records are matched against the first row of
    /// the key, and the run says so once, with the rows.
    @Test func repeatedKeysWithOtherValuesAreSaidOnce() throws {
        var pair = try SmallPair()
        let plain = try pair.convert()
        try pair.repeatFO("Customers V2", where: ["CUSTOMERACCOUNT": "ACC-10000"], copies: 1, changing: ["ADDRESSCITY": "Elsewhere"])
        let repeated = try pair.convert()
        let said = repeated.report.warnings.filter { $0.contains("with other values") }
        #expect(said.count == 1, "\(repeated.report.warnings)")
        #expect(
            said.first?.hasPrefix(
                "Customers V2: 1 row holds the key of an earlier row of the F&O export with other values (first: USMF/ACC-10000, rows ")
                == true, "\(said)")
        #expect(!repeated.report.warnings.contains { $0.contains("exactly") })
        #expect(repeated.report.warnings.count == plain.report.warnings.count + 1)
        let validation = try PackageValidator.validate(path: pair.fo, catalog: SchemaCatalogLoader.bundled())
        #expect(validation.findings.filter { $0.rule == ValidationRules.foKeyDuplicate.id }.map(\.entity) == ["Customers V2"])
    }
}

import AirlockKit
import Foundation
import Testing

/// A generated dual-write pair (`airlock sample --templates dual-write`) in a new scratch folder, and its conversion
/// with the dual-write set for the legal entity `company`.
struct DualWritePair {
    /// The legal entity the conversions run for.
    static let company = "USMF"

    let folder: String
    /// The F&O and Sales exports.
    let fo: String
    let sales: String

    init(accounts: Int = 30, seed: UInt64 = 5) throws {
        folder = try Fixture.scratchDirectory("airlock-dual-write")
        _ = try SampleGenerator.write(to: folder, accounts: accounts, seed: seed, templates: .dualWrite)
        fo = folder + "/" + RunLayout.foExport
        sales = folder + "/" + RunLayout.salesExport
    }

    /// `convert --templates dual-write --company USMF` of `fo` and `sales` into `out` (nil: a dry run).
    @discardableResult
    static func convert(fo: String, sales: String, out: String?, master: String? = nil) throws -> ConversionResult {
        let options = ConversionOptions(
            foPath: fo, salesPath: sales, outputDirectory: out, company: company, templateSet: TemplateSetName.dualWrite.rawValue,
            master: master)
        return try Converter.run(options, catalog: SchemaCatalogLoader.bundled())
    }

    /// Adds a second legal entity, `code`, to a Sales export's `cdm_company` rows (a copy of the first); returns its id.
    static func addCompany(_ code: String, to package: inout CMTPackage) throws -> String {
        let companies = try #require(package.data.entities.firstIndex { $0.name == "cdm_company" })
        let id = "0b7e6d0e-5f2c-4c8e-9a51-000000000d3f"
        var second = package.data.entities[companies].record(at: 0)
        second.id = id
        second.fields = second.fields.map { field in
            var field = field
            if field.name == "cdm_companycode" { field.value = code }
            if field.name == "cdm_companyid" { field.value = id }
            return field
        }
        try package.data.entities[companies].append(second)
        return id
    }
}

import AirlockKit
import Foundation
import Testing

/// The engines' options (`ConversionOptions`, `VerificationOptions`) live beside their engines, and the reports record
/// them in types of their own (`ConversionReport.Options`, `VerificationReport.Options`): an option added to an engine
/// and forgotten in its report's record would silently go missing from `report.json` or `verify.json`.
@Suite struct RecordedOptionsTests {
    /// The stored properties of `value`, by name.
    static func fields(_ value: Any) -> [String] { Mirror(reflecting: value).children.compactMap(\.label).sorted() }

    @Test func reportJSONRecordsEveryConversionOption() throws {
        var options = ConversionOptions(
            foPath: "fo.zip", salesPath: "sales.zip", outputDirectory: "out", only: ["accounts"], dryRun: true, company: "USMF",
            templatesDirectory: "templates", full: true, maxRejects: 3, force: true, foLocale: "de-DE", since: ["old.zip"],
            templateSet: "dual-write", master: "fo", batchLimits: try PackageBatchLimits(records: 1_000, bytes: 30_000_000),
            shard: try ShardSelection(index: 1, count: 4), catalogFiles: ["extension.yaml"], keymap: "match/keymap.csv",
            assignKeys: ["account=C{000001}", "contact=P{000001}"], currencies: ["Dollar=USD"], defaultCurrency: "EUR",
            countries: ["Atlantis=GR"], allowMissingTargets: ["CDS Contacts"])
        options.planOnly = true
        options.foEncoding = "windows-1252"
        #expect(Self.fields(options) == Self.fields(options.recorded))
        let recorded = options.recorded
        for field in Self.fields(options) {
            let engine = Mirror(reflecting: options).children.first { $0.label == field }.map { "\($0.value)" }
            let report = Mirror(reflecting: recorded).children.first { $0.label == field }.map { "\($0.value)" }
            #expect(engine == report, "\(field)")
        }
        let keys = try #require(JSONSerialization.jsonObject(with: JSONEncoder().encode(recorded)) as? [String: Any]).keys
        #expect(keys.sorted() == Self.fields(options))
    }

    @Test func verifyJSONRecordsEveryVerificationOption() throws {
        let options = VerificationOptions(
            runDirectory: "run", foPath: "fo.zip", salesPath: "sales.zip", outputDirectory: "out", force: true, allowDrift: true,
            foLocale: "en-GB")
        #expect(Self.fields(options) == Self.fields(options.recorded))
        let recorded = options.recorded
        for field in Self.fields(options) {
            let engine = Mirror(reflecting: options).children.first { $0.label == field }.map { "\($0.value)" }
            let report = Mirror(reflecting: recorded).children.first { $0.label == field }.map { "\($0.value)" }
            #expect(engine == report, "\(field)")
        }
        #expect(recorded.resolvedOutputDirectory == options.resolvedOutputDirectory)
        #expect(VerificationOptions(runDirectory: "run").recorded.resolvedOutputDirectory == "run/" + RunLayout.verifyFolder)
    }
}

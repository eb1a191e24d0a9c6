import AirlockIO
import AirlockModel
import AirlockPackages
import Foundation

/// `airlock mask`: both exports with their personal values replaced alike (`MaskReplacer`, keyed), as the policy
/// names them; the same formats, entities, files, record counts and order. Keys and lookups are never masked
/// (`MaskPolicy` refuses them), so every join holds.
public enum Masker {
    /// The masked exports' names in the output folder, as `airlock sample` names a pair.
    public static let foExport = "fo-export.zip"
    public static let salesExport = "sales-export.zip"
    public static let reportName = "mask.json"
    public static let pageName = "mask.html"

    /// Masks the exports of `options` with `key`.
    /// - Throws: `AirlockError(.usage)` for a policy that does not hold or an export of the wrong kind; the readers'
    ///   errors. Nothing is written then.
    public static func run(_ options: MaskingOptions, key: MaskKey, catalog: SchemaCatalog) throws -> MaskReport {
        guard options.foPath != nil || options.salesPath != nil else { throw AirlockError(.usage, "give --fo, --sales or both") }
        // Both exports of their kinds, not swapped, as every verb that takes both checks them.
        if let fo = options.foPath, let sales = options.salesPath { _ = try PackageDetector.locateExports(fo: fo, sales: sales) }
        let policy = try MaskPolicy.load(overlay: options.policyPath, catalog: catalog)
        let replacer = MaskReplacer(key: key)
        var report = MaskReport(
            keyFingerprint: key.fingerprint, inputs: [:], outputs: [], columns: [], clearLookingPersonal: [], records: [:])
        let out = options.plan ? nil : options.outputDirectory
        if let out {
            try StagingDirectory.checkTarget(out, inputs: [options.foPath, options.salesPath].compactMap { $0 }, force: true)
        }
        let staging = try out.map { try StagingDirectory(target: $0, outputNames: [foExport, salesExport, reportName, pageName]) }
        do {
            if let path = options.foPath {
                report.inputs["fo"] = path
                try MaskFOSide.mask(
                    path, to: staging?.path(foExport), policy: policy, replacer: replacer, catalog: catalog,
                    fileEncoding: .option(options.foEncoding), report: &report)
                if let staging, let out {
                    report.checks.append(
                        try MaskReadBack.check(side: "fo", package: staging.path(foExport), report: &report, catalog: catalog))
                    report.outputs.append(out + "/" + foExport)
                }
            }
            if let path = options.salesPath {
                report.inputs["sales"] = path
                try MaskSalesSide.mask(
                    path, to: staging?.path(salesExport), policy: policy, replacer: replacer, catalog: catalog,
                    pieceRecords: options.salesPieceRecords, report: &report)
                if let staging, let out {
                    report.checks.append(
                        try MaskReadBack.check(side: "sales", package: staging.path(salesExport), report: &report, catalog: catalog))
                    report.outputs.append(out + "/" + salesExport)
                }
            }
            report.checks.append(
                MaskReport.Check(
                    name: "keys and lookups", passed: true,
                    detail:
                        "no key, lookup or record id is masked (the policy refuses a method on one; lookups' display names are masked as the records they name), so every join of the exports holds"
                ))
            report.checks.append(
                MaskReport.Check(
                    name: "clear text columns", passed: report.clearLookingPersonal.isEmpty,
                    detail: report.clearLookingPersonal.isEmpty
                        ? "no text column left clear holds values shaped like e-mail addresses or phone numbers"
                        : "\(report.clearLookingPersonal.count) text columns left clear hold values shaped like e-mail addresses or phone numbers (below)"
                ))
            if let staging, let out {
                report.outputs += [out + "/" + reportName, out + "/" + pageName]
                try staging.write(try jsonData(report), to: reportName)
                try staging.write(Data(MaskPage.html(report).utf8), to: pageName)
                try staging.commit()
            }
        } catch {
            staging?.discard()
            throw error
        }
        return report
    }

    /// The report as `mask.json` holds it.
    public static func jsonData(_ report: MaskReport) throws -> Data {
        try ReportJSON.data(report)
    }

    /// Whether `value` looks like an e-mail address or a phone number (what a policy may have missed).
    static func looksPersonal(_ value: String) -> Bool {
        if value.contains("@"), value.contains("."), !value.contains(" ") { return true }
        // A phone number: nine digits or more, written with a `+` or separators (a run of digits alone is more often a
        // number of the system's own).
        let digits = value.filter { $0.isASCII && $0.isNumber }.count
        return digits >= 9 && value.allSatisfy { $0.isNumber || " +-()./".contains($0) } && value.contains { " +-()".contains($0) }
    }

    /// Whether a value's bytes may look personal (`looksPersonal` needs an `@` or nine digits): most clear values are
    /// passed over without being made a string.
    static func mightLookPersonal(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var digits = 0
        for byte in bytes {
            if byte == UInt8(ascii: "@") { return true }
            if byte >= 0x30 && byte <= 0x39 { digits += 1 }
        }
        return digits >= 9
    }
}

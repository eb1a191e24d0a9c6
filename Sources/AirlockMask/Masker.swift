import AirlockIO
import AirlockMatch
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
    /// The nickname pairs among the masked given names (`match --nicknames` reads it, so that the masked pair's
    /// nicknames agree as the clear pair's do).
    public static let nicknamesName = "nicknames.csv"

    /// Masks the exports of `options` with `key`.
    /// - Throws: `AirlockError(.usage)` for a policy that does not hold or an export of the wrong kind; the readers'
    ///   errors. Nothing is written then.
    public static func run(_ options: MaskingOptions, key: MaskKey, catalog: SchemaCatalog) throws -> MaskReport {
        guard options.foPath != nil || options.salesPath != nil else { throw AirlockError(.usage, "give --fo, --sales or both") }
        // Both exports of their kinds, not swapped, as every verb that takes both checks them.
        if let fo = options.foPath, let sales = options.salesPath { _ = try PackageDetector.locateExports(fo: fo, sales: sales) }
        let policy = try MaskPolicy.load(overlay: options.policyPath, catalog: catalog)
        var report = MaskReport(
            keyFingerprint: key.fingerprint, inputs: [:], outputs: [], columns: [], clearLookingPersonal: [], records: [:])
        let out = options.plan ? nil : options.outputDirectory
        if let out {
            try StagingDirectory.checkTarget(out, inputs: [options.foPath, options.salesPath].compactMap { $0 }, force: true)
        }
        let staging = try out.map {
            try StagingDirectory(target: $0, outputNames: [foExport, salesExport, nicknamesName, reportName, pageName])
        }
        do {
            // First every value the policy masks, from both exports, then both exports written with them sought in
            // text: the two exports at once, each read on a thread of its own with a replacer of its own (the words a
            // replacer draws are the same on either: they come from the key alone).
            let fileEncoding = FOFileEncoding.option(options.foEncoding)
            let pieceRecords = options.salesPieceRecords
            let foSurvey = options.foPath.map { path in
                BackgroundTask {
                    try MaskSurvey.read(
                        fo: path, sales: nil, policy: policy, catalog: catalog, fileEncoding: fileEncoding, pieceRecords: pieceRecords)
                }
            }
            var found = try MaskSurvey.read(
                fo: nil, sales: options.salesPath, policy: policy, catalog: catalog, fileEncoding: fileEncoding,
                pieceRecords: pieceRecords)
            if let foSurvey { found.formUnion(try foSurvey.result()) }
            let sought = found.phrases.sealed()
            // How each word was masked by the migration's earlier waves, and is decided now.
            var register = try options.wordRegisterPath.flatMap { try MaskWordRegister.read($0, key: key) }
            let registered = register?.count ?? 0
            let plan = MaskWordPlan.make(found.words, nicknames: try Nicknames.bundled(), register: &register, key: key)
            found = MaskSurvey.Found()  // the words counted are not needed past the plan
            let foOutput = staging?.path(foExport)
            let foSide = options.foPath.map { path in
                BackgroundTask { () throws -> MaskReport in
                    var side = MaskReport(keyFingerprint: "", inputs: [:], outputs: [], columns: [], clearLookingPersonal: [], records: [:])
                    try MaskFOSide.mask(
                        path, to: foOutput, policy: policy, replacer: MaskReplacer(key: key, plan: plan), phrases: sought, catalog: catalog,
                        fileEncoding: fileEncoding, report: &side)
                    if let foOutput {
                        side.checks.append(try MaskReadBack.check(side: "fo", package: foOutput, report: &side, catalog: catalog))
                    }
                    return side
                }
            }
            var salesSide = MaskReport(keyFingerprint: "", inputs: [:], outputs: [], columns: [], clearLookingPersonal: [], records: [:])
            var salesError: (any Error)?
            if let path = options.salesPath {
                do {
                    try MaskSalesSide.mask(
                        path, to: staging?.path(salesExport), policy: policy, replacer: MaskReplacer(key: key, plan: plan), phrases: sought,
                        catalog: catalog, pieceRecords: pieceRecords, report: &salesSide)
                    if let staging {
                        salesSide.checks.append(
                            try MaskReadBack.check(side: "sales", package: staging.path(salesExport), report: &salesSide, catalog: catalog))
                    }
                } catch {
                    salesError = error
                }
            }
            // The F&O side's error first, as a run that reads it first would give it.
            if let path = options.foPath, let foSide {
                report.inputs["fo"] = path
                report.append(try foSide.result())
                if let out { report.outputs.append(out + "/" + foExport) }
            }
            if let salesError { throw salesError }
            if let path = options.salesPath {
                report.inputs["sales"] = path
                report.append(salesSide)
                if let out { report.outputs.append(out + "/" + salesExport) }
            }
            report.sought = sought.count
            report.typos = plan.variantCount
            report.wordRegister = register == nil ? nil : options.wordRegisterPath
            report.foreignWordRegister = register == nil && options.wordRegisterPath != nil
            report.registeredWords = registered
            report.newWords = (register?.count ?? 0) - registered
            // The nickname pairs among the masked given names, for `match --nicknames` on the masked pair.
            let replacer = MaskReplacer(key: key, plan: plan)
            var nicknames = Nicknames.header.joined(separator: ",") + "\n"
            for pair in plan.nicknamePairs {
                nicknames +=
                    "\(replacer.nameWord(MaskReplacer.namePurpose, pair[0])),\(Nicknames.relationship),\(replacer.nameWord(MaskReplacer.namePurpose, pair[1]))\n"
            }
            report.nicknamePairs = plan.nicknamePairs.count
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
                report.outputs += [out + "/" + nicknamesName, out + "/" + reportName, out + "/" + pageName]
                try staging.write(Data(nicknames.utf8), to: nicknamesName)
                try staging.write(try jsonData(report), to: reportName)
                try staging.write(Data(MaskPage.html(report).utf8), to: pageName)
                try staging.commit()
                if let path = options.wordRegisterPath, let register, register.count > registered { try register.write(path) }
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

import AirlockIO
import AirlockModel
import AirlockNormalize
import AirlockPackages
import Foundation

/// `airlock mask`: both exports with their personal values replaced alike (`MaskReplacer`, keyed), as the policy
/// names them; the same formats, entities, files, record counts and order. Keys and lookups are never masked
/// (`MaskPolicy` refuses them), so every join holds.
public enum Masker {
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
            try StagingDirectory(
                target: $0,
                outputNames: [RunLayout.foExport, RunLayout.salesExport, RunLayout.maskNicknames, RunLayout.maskReport, RunLayout.maskPage])
        }
        do {
            // First every value the policy masks, from both exports, then both exports written with them sought in
            // text: each reading takes the two exports at once, each on a thread of its own with a replacer of its own
            // (the words a replacer draws are the same on either: they come from the key alone).
            var found = try firstReading(options, policy: policy, catalog: catalog)
            let sought = found.phrases.sealed()
            // How each word was masked by the migration's earlier waves, and is decided now.
            var register = try options.wordRegisterPath.flatMap { try MaskWordRegister.read($0, key: key) }
            let registered = register?.count ?? 0
            let plan = MaskWordPlan.make(found.words, nicknames: try Nicknames.bundled(), register: &register, key: key)
            found = MaskSurvey.Found()  // the words counted are not needed past the plan
            try secondReading(
                options, key: key, policy: policy, plan: plan, sought: sought, catalog: catalog, staging: staging, into: &report)
            report.sought = sought.count
            report.typos = plan.variantCount
            report.nicknamePairs = plan.nicknamePairs.count
            report.wordRegister = register == nil ? nil : options.wordRegisterPath
            report.foreignWordRegister = register == nil && options.wordRegisterPath != nil
            report.registeredWords = registered
            report.newWords = (register?.count ?? 0) - registered
            appendChecks(to: &report)
            if let staging, let out {
                report.outputs += [out + "/" + RunLayout.maskNicknames, out + "/" + RunLayout.maskReport, out + "/" + RunLayout.maskPage]
                try staging.write(Data(nicknamesCSV(plan, key: key).utf8), to: RunLayout.maskNicknames)
                try staging.write(try jsonData(report), to: RunLayout.maskReport)
                try staging.write(Data(MaskPage.html(report).utf8), to: RunLayout.maskPage)
                try staging.commit()
                if let path = options.wordRegisterPath, let register, register.count > registered { try register.write(path) }
            }
        } catch {
            staging?.discard()
            throw error
        }
        return report
    }

    /// The first reading: what both exports hold (`MaskSurvey`), the two read at once.
    private static func firstReading(_ options: MaskingOptions, policy: MaskPolicy, catalog: SchemaCatalog) throws -> MaskSurvey.Found {
        let fileEncoding = FOFileEncoding.option(options.foEncoding)
        let (fo, sales) = try atOnce(
            options.foPath.map { path in
                { try MaskSurvey.read(fo: path, sales: nil, policy: policy, catalog: catalog, fileEncoding: fileEncoding) }
            }
        ) {
            try MaskSurvey.read(fo: nil, sales: options.salesPath, policy: policy, catalog: catalog, fileEncoding: fileEncoding)
        }
        var found = sales
        if let fo { found.formUnion(fo) }
        return found
    }

    /// The second reading: both exports masked and written into `staging` at once, each read back, and what each did
    /// added to `report` (F&O first).
    private static func secondReading(
        _ options: MaskingOptions, key: MaskKey, policy: MaskPolicy, plan: MaskWordPlan, sought: MaskPhrases, catalog: SchemaCatalog,
        staging: StagingDirectory?, into report: inout MaskReport
    ) throws {
        let fileEncoding = FOFileEncoding.option(options.foEncoding)
        let foOutput = staging?.path(RunLayout.foExport)
        let salesOutput = staging?.path(RunLayout.salesExport)
        @Sendable func emptyReport() -> MaskReport {
            MaskReport(keyFingerprint: "", inputs: [:], outputs: [], columns: [], clearLookingPersonal: [], records: [:])
        }
        let (fo, sales) = try atOnce(
            options.foPath.map { path in
                {
                    var side = emptyReport()
                    try MaskFOSide.mask(
                        path, to: foOutput, policy: policy, replacer: MaskReplacer(key: key, plan: plan), phrases: sought, catalog: catalog,
                        fileEncoding: fileEncoding, report: &side)
                    if let foOutput {
                        side.checks.append(try MaskReadBack.check(side: "fo", package: foOutput, report: &side, catalog: catalog))
                    }
                    return side
                }
            }
        ) { () throws -> MaskReport? in
            guard let path = options.salesPath else { return nil }
            var side = emptyReport()
            try MaskSalesSide.mask(
                path, to: salesOutput, policy: policy, replacer: MaskReplacer(key: key, plan: plan), phrases: sought, catalog: catalog,
                pieceRecords: options.salesPieceRecords, report: &side)
            if let salesOutput {
                side.checks.append(try MaskReadBack.check(side: "sales", package: salesOutput, report: &side, catalog: catalog))
            }
            return side
        }
        let out = options.plan ? nil : options.outputDirectory
        if let path = options.foPath, let fo {
            report.inputs["fo"] = path
            report.append(fo)
            if let out { report.outputs.append(out + "/" + RunLayout.foExport) }
        }
        if let path = options.salesPath, let sales {
            report.inputs["sales"] = path
            report.append(sales)
            if let out { report.outputs.append(out + "/" + RunLayout.salesExport) }
        }
    }

    /// Runs `fo` (when given) on a thread of its own and `sales` on this one, and waits for both: the F&O side's error
    /// first, as a run that reads it first would give it.
    private static func atOnce<FO: Sendable, Sales>(
        _ fo: (@Sendable () throws -> FO)?, _ sales: () throws -> Sales
    ) throws -> (FO?, Sales) {
        let task = fo.map { BackgroundTask($0) }
        let salesResult = Result { try sales() }
        let foResult = try task?.result()
        return (foResult, try salesResult.get())
    }

    /// The nickname pairs among the masked given names, as a list `match --nicknames` reads.
    private static func nicknamesCSV(_ plan: MaskWordPlan, key: MaskKey) -> String {
        let replacer = MaskReplacer(key: key, plan: plan)
        var text = Nicknames.header.joined(separator: ",") + "\n"
        for pair in plan.nicknamePairs {
            let names = pair.map { replacer.nameWord(MaskReplacer.namePurpose, $0) }
            text += names[0] + "," + Nicknames.relationship + "," + names[1] + "\n"
        }
        return text
    }

    /// The checks that hold by construction, and the clear columns that look personal.
    private static func appendChecks(to report: inout MaskReport) {
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

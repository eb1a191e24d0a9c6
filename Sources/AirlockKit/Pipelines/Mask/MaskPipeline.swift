import Foundation

/// `airlock mask` as a library call: the key read (a file, else `AIRLOCK_MASK_KEY`), the catalog loaded, `Masker`
/// run, and what it did as text or JSON.
public enum MaskPipeline {
    /// Masks, says what it did, and enters the run in the migration ledger (not a plan).
    /// - Throws: `AirlockError(.usage)` without a key or with a bad one, and `Masker.run`'s errors.
    public static func run(
        _ options: MaskOptions, environment: [String: String] = ProcessInfo.processInfo.environment,
        notice: @escaping @Sendable (String) -> Void = { _ in }
    ) throws -> MaskResult {
        try LedgeredRun.run(
            ledgerCommand, ledger: options.ledger, notice: notice, body: { _ in try mask(options, environment: environment) },
            entry: { ledgerEntry(for: $0.report, options: options) }, failureEntry: { ledgerEntry(failed: $0, options: options) })
    }

    private static func mask(_ options: MaskOptions, environment: [String: String]) throws -> MaskResult {
        let key: MaskKey
        if let file = options.keyFile {
            key = try MaskKey.read(file: file)
        } else if let fromEnvironment = try MaskKey.fromEnvironment(environment) {
            key = fromEnvironment
        } else {
            throw AirlockError(
                .usage,
                "no masking key: give --key-file FILE (keep it off the machines that get the masked files) or set \(MaskKey.environmentVariable)"
            )
        }
        let catalog = try SchemaCatalogLoader.load(extensions: options.catalogFiles)
        var masking = options.masking
        // The migration's word register beside its ledger, so that every wave masks a word alike.
        if let out = masking.outputDirectory, let ledger = options.ledger.file(in: MigrationLedger.folder(containing: out)) {
            masking.wordRegisterPath = RunLayout.maskWordRegister(ledger: ledger)
        }
        let report = try Masker.run(masking, key: key, catalog: catalog)
        if options.json { return MaskResult(report: report, text: String(decoding: try Masker.jsonData(report), as: UTF8.self)) }
        var lines = [
            options.masking.plan
                ? "Mask plan (nothing written), key \(report.keyFingerprint):" : "Masked with key \(report.keyFingerprint):"
        ]
        for column in report.columns where column.masked > 0 {
            lines.append(
                "  \(column.side == "fo" ? "F&O  " : "Sales") \(column.entity).\(column.column): \(column.method), \(column.masked) values (\(column.distinct) distinct)\(column.shortened > 0 ? ", \(column.shortened) cut to the column's length" : "")\(column.lengthened > 0 ? ", \(column.lengthened) over-long kept over-long" : "")"
            )
        }
        for check in report.checks where !options.masking.plan || !check.name.hasSuffix("records") {
            lines.append("\(check.passed ? "checked" : "see"): \(check.name): \(check.detail)")
        }
        for warning in report.clearLookingPersonal {
            lines.append("warning: left clear, but looks like e-mail addresses or phone numbers: \(warning); add the column to --policy")
        }
        if let register = report.wordRegister {
            lines.append(
                "words: \(report.registeredWords) masked as earlier waves masked them, \(report.newWords) new ones recorded in \(register); \(report.typos) masked as typos of another word"
            )
        } else if report.foreignWordRegister {
            lines.append(
                "warning: the migration's mask word register was written with another key: not used and left as it is; every word masks otherwise under this key, so this run does not mask alike with the waves masked before; \(report.typos) masked as typos of another word"
            )
        } else {
            lines.append(
                "words: decided from these exports alone (no migration ledger, so no word register): a later wave masked apart may mask a typo otherwise; \(report.typos) masked as typos of another word"
            )
        }
        if !report.outputs.isEmpty { lines.append("Wrote \(report.outputs.joined(separator: ", "))") }
        return MaskResult(report: report, text: lines.joined(separator: "\n") + "\n")
    }
}

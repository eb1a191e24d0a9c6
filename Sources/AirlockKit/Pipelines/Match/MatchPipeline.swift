import AirlockIO
import AirlockModel
import Foundation

/// `airlock match` as a library call: links Sales records to F&O records that share no key (see `Matcher`).
public enum MatchPipeline {
    /// Loads the catalog with its extensions, runs the match into the output folder and enters the run in the
    /// migration ledger (`options.ledger`), a run that fails too.
    /// - Parameter notice: told when the run could not be entered in the migration ledger (for standard error).
    /// - Throws: `AirlockError` as `Matcher.run` describes (exit status 2).
    /// - Parameter progress: told of each step, for progress lines.
    public static func run(
        _ options: MatchOptions, progress: @escaping @Sendable (String) -> Void = { _ in },
        notice: @escaping @Sendable (String) -> Void = { _ in }
    ) throws -> MatchResult {
        try LedgeredRun.run(
            ledgerCommand, ledger: options.ledger, notice: notice, body: { _ in try match(options, progress: progress) },
            entry: { ledgerEntry(for: $0, options: options) }, failureEntry: { ledgerEntry(failed: $0, options: options) })
    }

    private static func match(_ options: MatchOptions, progress: @escaping @Sendable (String) -> Void) throws -> MatchResult {
        let catalog = try SchemaCatalogLoader.load(extensions: options.catalogFiles)
        let report = try Matcher.run(options.matching, catalog: catalog, progress: progress)
        let text: String
        if options.json {
            text = try ReportJSON.text(report)
        } else {
            text = summary(report, options: options.matching)
        }
        return MatchResult(report: report, text: text + "\n", status: .success)
    }

    /// The text summary: per entity the counts, then where the files are and what to do next.
    static func summary(_ report: MatchReport, options: MatchingOptions) -> String {
        var lines: [String] = []
        lines.append(
            "matched \(options.salesPath) with \(options.foPath)\(report.company.isEmpty ? "" : " (\(report.company))"): match probability sure from \(ScoreText.score(report.sureScore)) %, review from \(ScoreText.score(report.reviewScore)) %"
        )
        if report.decisionsKept > 0 { lines.append("kept \(report.decisionsKept) decisions from \(options.reviewedPath ?? "")") }
        for counts in report.entities {
            lines.append(
                "  \(counts.entity): \(counts.salesRecords) Sales, \(counts.foRecords) F&O; \(counts.linked) linked (\(counts.sure) sure, \(counts.accepted) accepted), \(counts.review) to review, \(counts.rejected) rejected; unmatched \(counts.salesUnmatched) Sales, \(counts.foUnmatched) F&O; duplicates \(counts.foDuplicates) F&O, \(counts.salesDuplicates) Sales"
            )
            if let households = counts.households, households.sales + households.fo > 0 {
                let precision = households.expectedSurePrecision.map { String(format: ", expected %.2f %% precise", $0 * 100) } ?? ""
                lines.append(
                    "    households (a family name at one address): \(households.sales) Sales, \(households.fo) F&O; \(households.sure) sure pairs among them\(precision); \(households.heldForReview) held for review, the given name not telling them apart; \(households.relativesNotProposed) not proposed, another given name (a relative)"
                )
            }
            if counts.keysReplaced > 0 {
                lines.append(
                    "    warning: \(counts.keysReplaced) linked Sales records hold another key now, which the F&O key replaces in \(RunLayout.salesKeyPackage) and in convert --keymap (\(RunLayout.keymap), sales_key_before)"
                )
            }
        }
        for skipped in report.skipped { lines.append("  note: \(skipped)") }
        let out = options.outputDirectory
        lines.append("wrote \(report.outputs.map { out + "/" + $0 }.joined(separator: ", "))")
        let review = report.entities.reduce(0) { $0 + $1.review }
        // Linking is updating: said where the next command is named (docs/match.md, "Linking is updating").
        let convert =
            "convert --keymap \(out)/\(RunLayout.keymap) --plan first: a linked record is an update, and Sales' values replace F&O's unless --master fo keeps F&O's"
        if review > 0 {
            lines.append(
                "next: review the \(review) pairs marked review in \(out)/\(RunLayout.matchList) (decision: accept or reject), save it as reviewed.csv and rerun with --reviewed; then \(convert)"
            )
        } else {
            lines.append(
                "next: \(convert); import \(RunLayout.salesKeyPackage) into Sales before the sync is switched on")
        }
        return lines.joined(separator: "\n")
    }
}

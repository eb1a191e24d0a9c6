import AirlockIO
import AirlockModel
import AirlockNormalize
import AirlockReconcile
import AirlockYAML
import Foundation

/// `airlock match`: finds which Sales record is which F&O record when no key joins them (docs/match.md).
///
/// Both exports are read into comparable records (`MatchInputs`); per entity (accounts first, whose links the
/// contacts use), records that share a blocking key are scored (`MatchScorer`) and each Sales record's best F&O
/// candidate is classed `sure` or `review` by the thresholds; pairs within one side are listed as duplicates. A
/// reviewed `matches.csv` is read first and its decisions kept. Everything is written into a staging folder and
/// moved into place at the end: `matches.csv`, `matches.html`, `keymap.csv` (the links, for `convert --keymap`),
/// `duplicates.csv`, `unmatched.csv`, `to-sales-keys.zip` (the Sales update that writes the F&O keys) and
/// `match.json`.
public enum Matcher {
    /// Runs the match.
    /// - Throws: `AirlockError(.usage)` for thresholds out of order, a reviewed file that is one of the run's own
    ///   outputs or does not hold (see `MatchDecisionReader`), exports of the wrong kind or of several legal
    ///   entities without `company`; the readers' and writers' errors. Nothing is left in the output folder then.
    /// - Parameter progress: told of each step (reading, each entity, writing), for progress lines.
    public static func run(
        _ options: MatchingOptions, catalog: SchemaCatalog, progress: @escaping @Sendable (String) -> Void = { _ in }
    ) throws -> MatchReport {
        guard options.reviewScore >= 0, options.sureScore <= 100, options.reviewScore <= options.sureScore else {
            throw AirlockError(
                .usage,
                "the review score (\(ScoreText.score(options.reviewScore))) must be between 0 and the sure score (\(ScoreText.score(options.sureScore))), which is at most 100"
            )
        }
        guard !options.entities.isEmpty else { throw AirlockError(.usage, "--entities names nothing to match") }
        var inputsToKeep = [options.foPath, options.salesPath]
        if let reviewed = options.reviewedPath {
            let own = Set(RunLayout.matchOutputs.map { standardized(options.outputDirectory + "/" + $0) })
            if own.contains(standardized(reviewed)) {
                throw AirlockError(
                    .usage,
                    "--reviewed names \(reviewed), which this run replaces; save the reviewed copy under another name (for example reviewed.csv) and pass that",
                    at: SourceLocation(file: reviewed))
            }
            inputsToKeep.append(reviewed)
        }
        if let nicknames = options.nicknamesPath { inputsToKeep.append(nicknames) }
        for input in inputsToKeep where !FileManager.default.fileExists(atPath: input) {
            throw AirlockError(.usage, "no such file", at: SourceLocation(file: input))
        }
        try StagingDirectory.checkTarget(options.outputDirectory, inputs: [options.foPath, options.salesPath], force: true)
        // Interrupted while it reads and matches (before its outputs are staged), the run says the folder is untouched.
        let untouched = Interrupts.shared.register(output: options.outputDirectory) {}
        defer { Interrupts.shared.unregister(untouched) }
        var nicknames = try Nicknames.bundled()
        if let path = options.nicknamesPath {
            try nicknames.add(csv: BundledResources.readText(path, what: "a nickname list"), file: path)
        }
        progress("reading \(options.foPath) and \(options.salesPath)")
        var inputs = try MatchInputs.read(
            foPath: options.foPath, salesPath: options.salesPath, entities: options.entities, company: options.company, catalog: catalog,
            foFileEncoding: .option(options.foEncoding))
        let decisions =
            try options.reviewedPath.map { try MatchDecisionReader.read($0, inputs: inputs, codePage: options.reviewedEncoding) } ?? []
        let personNames = PersonNameIndex(vocabulary: inputs.store.vocabulary, nicknames: nicknames)

        var matches: [EntityMatches] = []
        var scorers: [LinkedEntity: MatchScorer] = [:]
        var accountLinks: [UInt64: UInt64] = [:]
        for entity in options.entities.sorted() {
            progress("matching \(entity.rawValue)")
            var scorer = MatchScorer(entity: entity, store: inputs.store, accountLinks: accountLinks, personNames: personNames)
            // How common each name, street, postcode and city is: the records keep it for every score of the run.
            // Taken out of the inputs while counted, so that they are changed in place, not copied.
            var fo = inputs.fo.removeValue(forKey: entity) ?? []
            var sales = inputs.sales.removeValue(forKey: entity) ?? []
            TermFrequencies.count(&fo, store: inputs.store)
            TermFrequencies.count(&sales, store: inputs.store)
            inputs.fo[entity] = fo
            inputs.sales[entity] = sales
            let matcher = EntityMatcher(entity: entity, fo: fo, sales: sales, scorer: scorer, options: options)
            let found = try matcher.run(decisions: decisions.filter { $0.entity == entity })
            scorer.model = found.model
            scorers[entity] = scorer
            if entity == .accounts {
                for proposal in found.proposals where proposal.isLinked {
                    let store = inputs.store
                    accountLinks[MatchRecord.hash(store.key(matcher.sales[proposal.salesIndex]))] = MatchRecord.hash(
                        store.key(matcher.fo[proposal.foIndex]))
                }
            }
            matches.append(found)
        }
        let outcome = MatchOutcome(inputs: inputs, matches: matches, scorers: scorers, options: options)
        progress("writing \(options.outputDirectory)")
        return try write(outcome, decisions: decisions, catalog: catalog)
    }

    /// Writes the outputs into a staging folder and moves them into place.
    static func write(_ outcome: MatchOutcome, decisions: [MatchDecision], catalog: SchemaCatalog) throws -> MatchReport {
        let options = outcome.options
        let staging = try StagingDirectory(target: options.outputDirectory, outputNames: RunLayout.matchOutputs)
        do {
            var result = MatchReport()
            result.company = outcome.inputs.company
            result.sureScore = options.sureScore
            result.reviewScore = options.reviewScore
            result.ambiguityMargin = options.ambiguityMargin
            result.decisionsKept = decisions.count
            result.skipped = outcome.inputs.skipped
            let links = links(outcome)
            // The lists and the package are written side by side: each is its own file, and together they are a
            // sixth of a million accounts' run. An error is the first in this order, as one after another.
            var unmatched: [LinkedEntity: (sales: Int, fo: Int)] = [:]
            var keys: [LinkedEntity: (set: Int, replaced: Int)] = [:]
            let paths = (
                list: staging.path(RunLayout.matchList), duplicates: staging.path(RunLayout.duplicatesList),
                unmatched: staging.path(RunLayout.unmatchedList), keymap: staging.path(RunLayout.keymap),
                package: staging.path(RunLayout.salesKeyPackage)
            )
            let written = try ParallelMap.map(5, costs: [4, 0, 1, 2, 3]) { index -> WrittenCounts in
                switch index {
                case 0: try MatchListWriter.write(outcome, to: paths.list)
                case 1: try DuplicateListWriter.write(outcome, to: paths.duplicates)
                case 2: return .unmatched(try UnmatchedListWriter.write(outcome, to: paths.unmatched))
                case 3: try KeymapWriter.write(links, outcome: outcome, to: paths.keymap)
                default: return .keys(try SalesKeyPackageWriter.write(links, outcome: outcome, catalog: catalog, to: paths.package))
                }
                return .none
            }
            for counts in written {
                switch counts {
                case .unmatched(let counts): unmatched = counts
                case .keys(let counts): keys = counts
                case .none: break
                }
            }
            for found in outcome.matches {
                var counts = MatchReport.EntityCounts(entity: found.entity.rawValue)
                counts.salesRecords = outcome.sales(found.entity).count
                counts.foRecords = outcome.fo(found.entity).count
                let open = found.proposals.filter { $0.decision != .reject }
                // Undecided pairs by class, so that linked = sure + accepted.
                counts.sure = open.filter { $0.decision == nil && $0.matchClass == .sure }.count
                counts.review = open.filter { $0.decision == nil && $0.matchClass == .review }.count
                counts.linked = open.filter(\.isLinked).count
                counts.accepted = found.proposals.filter { $0.decision == .accept }.count
                counts.rejected = found.proposals.filter { $0.decision == .reject }.count
                counts.salesUnmatched = unmatched[found.entity]?.sales ?? 0
                counts.foUnmatched = unmatched[found.entity]?.fo ?? 0
                counts.salesDuplicates = found.duplicates.filter(\.isSales).count
                counts.foDuplicates = found.duplicates.filter { !$0.isSales }.count
                counts.keysToSet = keys[found.entity]?.set ?? 0
                counts.keysReplaced = keys[found.entity]?.replaced ?? 0
                counts.comparisons = found.comparisons
                counts.keysTooCommon = found.keysTooCommon
                counts.households = found.households
                counts.model = MatchModelSummary(
                    found.model,
                    proposals: open.filter { $0.decision == nil }.map {
                        ($0.matchClass == .sure, $0.matchClass == .review, $0.score / 100)
                    }, best: found.bestScores.map { $0 / 100 },
                    decided: found.proposals.compactMap { proposal in
                        proposal.decision.map { (proposal.matchClass == .sure, $0 == .accept) }
                    })
                result.entities.append(counts)
            }
            result.outputs = RunLayout.matchOutputs.filter {
                $0 == RunLayout.matchPage || $0 == RunLayout.matchReport || FileManager.default.fileExists(atPath: staging.path($0))
            }
            try staging.write(Data(MatchPage.html(outcome, result: result).utf8), to: RunLayout.matchPage)
            try staging.write(try ReportJSON.data(result), to: RunLayout.matchReport)
            try staging.commit()
            return result
        } catch {
            staging.discard()
            throw error
        }
    }

    /// The links: sure and not rejected, or accepted; per entity in Sales order.
    static func links(_ outcome: MatchOutcome) -> [MatchLink] {
        var links: [MatchLink] = []
        for found in outcome.matches {
            for proposal in found.proposals.filter(\.isLinked).sorted(by: { $0.salesIndex < $1.salesIndex }) {
                links.append(
                    MatchLink(
                        entity: found.entity, salesIndex: proposal.salesIndex, foIndex: proposal.foIndex, score: proposal.score,
                        accepted: proposal.decision == .accept))
            }
        }
        return links
    }

    static func standardized(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
    }
}

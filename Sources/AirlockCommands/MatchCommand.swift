import AirlockReconcile
import ArgumentParser

/// `airlock match`: see `MatchPipeline`.
struct MatchCommand: LedgerCommand {
    static let configuration = CommandConfiguration(
        commandName: "match",
        abstract: "Find which Sales record is which F&O record when no key joins them, and link them before the first load.",
        discussion: """
            Reads both exports and proposes, for Sales accounts, contacts and products, the F&O customer, contact person \
            (or person customer) and released product each one is, with its match probability in percent under a model \
            estimated from the two exports, and the evidence in bits: name \
            (case, accents, punctuation, legal forms, order of a person's names), address, tax number, e-mail and \
            domain, phone; product number, name and unit. A pair is sure from --sure when no other candidate is \
            close; proposed for review from --review. Writes into --out: matches.csv (every pair; a reviewer sets \
            decision to accept or reject, or changes fo_key), matches.html (score distribution, pairs to review), \
            keymap.csv (the links: sure pairs not rejected and accepted ones, for convert --keymap), \
            to-sales-keys.zip (a Sales update that writes the F&O key into each linked record, e.g. accountnumber), \
            duplicates.csv (records that look twice within one side), unmatched.csv and match.json (see \
            docs/match.md). Save a reviewed matches.csv under another name and pass it with --reviewed: its \
            decisions are kept. Exit status: 0 done; 2 bad options, unreadable input, a reviewed file whose header \
            was changed, that names a record the exports do not hold or decides one record twice. Each run is \
            appended to the migration ledger airlock-ledger.jsonl beside --out (docs/ledger.md).
            """)

    @Option(help: "The F&O export: a data management package (zip or folder).")
    var fo: String

    @Option(help: "The Sales export: a Configuration Migration package (zip or folder).")
    var sales: String

    @Option(help: "The output folder (created if missing; match's own files in it are replaced, others kept).")
    var out: String

    @Option(help: "What to match, comma-separated: accounts, contacts, products.")
    var entities: String = "accounts,contacts,products"

    @Option(help: "The F&O legal entity (DATAAREAID); needed when the export holds several.")
    var company: String?

    @Option(help: "The match probability in percent from which a pair is sure (linked unless rejected).")
    var sure: Double = MatchingOptions.defaultSureScore

    @Option(help: "The match probability in percent from which a pair is proposed for review.")
    var review: Double = MatchingOptions.defaultReviewScore

    @Option(
        help: "How clearly a sure pair must lead the next candidate: of the two, the best is the one by at least 100 minus this percent.")
    var margin: Double = MatchingOptions.defaultAmbiguityMargin

    @Option(
        name: .customLong("max-pairs-per-key"),
        help: "A blocking key that would pair more records than this is left out (a common postcode or pair of words).")
    var maxPairsPerKey: Int = MatchingOptions.defaultMaxPairsPerKey

    @Option(help: "A reviewed matches.csv (saved under another name) whose decisions to keep.")
    var reviewed: String?

    @Option(
        name: .customLong("reviewed-encoding"),
        help: ArgumentHelp(
            "The code page of the reviewed file when Excel saved it as \"CSV (Comma delimited)\" (windows-1252 in Western Europe and the Americas). Default: UTF-8.",
            valueName: "CODE-PAGE"))
    var reviewedEncoding: CodePageOption?

    @Option(
        help:
            "A nickname list added to the bundled one: CSV with the header name1,relationship,name2 and lines such as robert,has_nickname,bob (UTF-8)."
    )
    var nicknames: String?

    @Option(name: .customLong("fo-encoding"), help: CodePageOption.help)
    var foEncoding: CodePageOption?

    @Flag(help: "Print match.json to stdout instead of the summary.")
    var json = false

    @Option(name: .customLong("catalog"), help: "A schema catalog extension file (YAML); repeat for several.")
    var catalogFiles: [String] = []

    @OptionGroup var ledger: LedgerArguments
    @OptionGroup var progress: ProgressArguments

    func validate() throws {
        _ = try parsedEntities()
        if maxPairsPerKey < 1 { throw ValidationError("--max-pairs-per-key must be at least 1") }
    }

    func parsedEntities() throws -> [LinkedEntity] {
        var list: [LinkedEntity] = []
        for name in entities.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces).lowercased() }) where !name.isEmpty {
            guard let entity = LinkedEntity(rawValue: name) else {
                throw ValidationError("--entities: \(name) is not accounts, contacts or products")
            }
            if !list.contains(entity) { list.append(entity) }
        }
        guard !list.isEmpty else { throw ValidationError("--entities names nothing to match") }
        return list
    }

    func run(output: CommandOutput, arguments: [String]) throws {
        var matching = MatchingOptions(
            foPath: fo, salesPath: sales, outputDirectory: out, entities: try parsedEntities(), company: company, sureScore: sure,
            reviewScore: review, ambiguityMargin: margin, reviewedPath: reviewed, maxPairsPerKey: maxPairsPerKey)
        matching.foEncoding = foEncoding?.codePage
        matching.reviewedEncoding = reviewedEncoding?.codePage
        matching.nicknamesPath = nicknames
        let options = MatchOptions(matching: matching, json: json, catalogFiles: catalogFiles, ledger: ledger.options(arguments: arguments))
        let meter = progress.meter("match", output: output)
        let result: MatchResult
        do {
            defer { meter.stop() }
            result = try MatchPipeline.run(
                options, progress: { step in meter.step(step) }, notice: { line in output.writeError("airlock: \(line)\n") })
        }
        output.write(result.text)
        if result.status != .success { throw ExitCode(result.status.rawValue) }
    }
}

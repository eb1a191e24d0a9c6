import AirlockIO
import AirlockNormalize
import AirlockReconcile

/// What `airlock match` links and where it writes (see `Matcher`).
public struct MatchingOptions: Sendable, Hashable {
    /// The F&O export (data management package).
    public var foPath: String
    /// The Sales export (Configuration Migration package).
    public var salesPath: String
    /// The output folder (created if missing; match's own files in it are replaced, others kept).
    public var outputDirectory: String
    /// What to link, matched in `LinkedEntity` order (contacts use the accounts' links).
    public var entities: [LinkedEntity]
    /// The F&O legal entity; nil takes the one the export holds (several: refused).
    public var company: String?
    /// The score from which a pair is `sure`: linked unless a reviewer rejects it.
    public var sureScore: Double
    /// The score from which a pair is proposed for review.
    public var reviewScore: Double
    /// How far the best F&O candidate must lead the next (not a duplicate of it) for a pair to be `sure`.
    public var ambiguityMargin: Double
    /// A reviewed `matches.csv` whose decisions this run keeps; it is read, never written.
    public var reviewedPath: String?
    /// A blocking key that would pair more records than this is left out (`CandidatePairs`).
    public var maxPairsPerKey: Int
    /// The code page of the F&O export's CSV files without a byte-order mark (`--fo-encoding`); nil: UTF-8.
    public var foEncoding: SingleByteCodePage?
    /// The code page of the reviewed file when it has no byte-order mark (`--reviewed-encoding`, an Excel "CSV"
    /// save); nil: UTF-8.
    public var reviewedEncoding: SingleByteCodePage?

    /// A nickname list added to the bundled one (`Nicknames`: `name1,relationship,name2`); nil: the bundled list.
    public var nicknamesPath: String?

    public static let defaultSureScore = 80.0
    public static let defaultReviewScore = 50.0
    public static let defaultAmbiguityMargin = 10.0
    public static let defaultMaxPairsPerKey = 1_000

    public init(
        foPath: String, salesPath: String, outputDirectory: String, entities: [LinkedEntity] = LinkedEntity.allCases,
        company: String? = nil,
        sureScore: Double = defaultSureScore, reviewScore: Double = defaultReviewScore, ambiguityMargin: Double = defaultAmbiguityMargin,
        reviewedPath: String? = nil, maxPairsPerKey: Int = defaultMaxPairsPerKey
    ) {
        self.foPath = foPath
        self.salesPath = salesPath
        self.outputDirectory = outputDirectory
        self.entities = entities
        self.company = company
        self.sureScore = sureScore
        self.reviewScore = reviewScore
        self.ambiguityMargin = ambiguityMargin
        self.reviewedPath = reviewedPath
        self.maxPairsPerKey = maxPairsPerKey
    }
}

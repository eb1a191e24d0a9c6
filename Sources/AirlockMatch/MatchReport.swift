/// What a match run found and wrote: its report (`match.json`), as `MaskReport` is mask's.
public struct MatchReport: Sendable, Codable {
    /// Counts of one entity.
    public struct EntityCounts: Sendable, Codable, Equatable {
        public var entity: String
        public var salesRecords = 0
        public var foRecords = 0
        /// Pairs no reviewer decided on, by class: sure ones are linked, review ones wait for a decision.
        public var sure = 0
        public var review = 0
        /// Linked pairs: sure and not rejected, or accepted (the keymap's rows); `sure + accepted`.
        public var linked = 0
        /// Pairs a reviewer accepted (whatever their class) or rejected.
        public var accepted = 0
        public var rejected = 0
        public var salesUnmatched = 0
        public var foUnmatched = 0
        public var salesDuplicates = 0
        public var foDuplicates = 0
        /// Sales records whose key attribute the update package sets (it held another value or none).
        public var keysToSet = 0
        /// Of those, how many held another value (overwritten by the update package).
        public var keysReplaced = 0
        public var comparisons = 0
        public var keysTooCommon = 0
        /// The model the pairs were scored with, estimated from the exports, and what it expects of the classes.
        public var model: MatchModelSummary?
        /// Persons only: households (a family name at an address) on each side, and the sure pairs among them.
        public var households: MatchHouseholds?

        public init(entity: String) { self.entity = entity }
    }

    public var entities: [EntityCounts] = []
    /// The F&O legal entity matched.
    public var company = ""
    public var sureScore = 0.0
    public var reviewScore = 0.0
    public var ambiguityMargin = 0.0
    /// Decisions kept from the reviewed file.
    public var decisionsKept = 0
    /// Rows not read as records, with why.
    public var skipped: [String] = []
    /// The files written, in the output folder.
    public var outputs: [String] = []

    public init() {}
}

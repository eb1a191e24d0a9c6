/// What a masking did (`mask.json`, `mask.html`): per entity its records, per entity and column the method and the
/// values it replaced, the checks run on the written packages, and the key's fingerprint; never a clear value.
public struct MaskReport: Sendable, Codable, Equatable {
    /// One masked column.
    public struct Column: Sendable, Codable, Equatable {
        public var side: String
        public var entity: String
        public var column: String
        public var method: String
        /// Values replaced (a value empty before stays empty and is not counted).
        public var masked: Int
        /// Distinct values among them.
        public var distinct: Int
        /// Values cut to the column's length after masking (their clear value fitted it).
        public var shortened: Int
        /// Over-long values whose replacement was shorter, made as long as the clear value so that a rehearsal refuses
        /// them as the import would.
        public var lengthened: Int
        /// Values the method left as they were: nothing in them to replace (an initial alone, a legal form alone, a
        /// public mail domain's address without letters or digits before the `@`).
        public var unchanged: Int
        /// Masked values of other columns found inside this one's values (free text) and replaced by their masked text.
        public var sought: Int
    }

    /// A text column left clear, searched for the values masked elsewhere (`MaskPhrases`).
    public struct ClearColumn: Sendable, Codable, Equatable {
        public var side: String
        public var entity: String
        public var column: String
        /// Whether the policy keeps it clear (`keep`): what is found is counted, not replaced.
        public var kept: Bool
        /// Values read (empty ones not counted).
        public var values: Int
        /// Values that held one or more masked values.
        public var found: Int
        /// Masked values replaced in them by their masked text.
        public var replaced: Int
    }

    /// One entity (an F&O entity file, a Sales section) and its records, read and found again in the written package.
    public struct Entity: Sendable, Codable, Equatable {
        public var side: String
        public var entity: String
        public var records: Int
        /// The records the written package holds, counted by reading it back (nil for `--plan`).
        public var written: Int?
    }

    /// A check run on the result, with what it found.
    public struct Check: Sendable, Codable, Equatable {
        public var name: String
        public var passed: Bool
        public var detail: String
    }

    /// The key's fingerprint (`MaskKey.fingerprint`), which says which key masked the files without revealing it.
    public var keyFingerprint: String
    /// The exports read, by side.
    public var inputs: [String: String]
    /// The files written (none for `--plan`).
    public var outputs: [String]
    public var entities: [Entity] = []
    public var columns: [Column]
    /// Every text column left clear, in the order read, with the masked values found in it.
    public var clearColumns: [ClearColumn] = []
    /// Text columns left clear that hold values shaped like e-mail addresses or phone numbers, with how many: what the
    /// policy may have missed.
    public var clearLookingPersonal: [String]
    /// Records per side, read and written.
    public var records: [String: Int]
    public var checks: [Check] = []
    /// Distinct masked values sought inside text (`MaskPhrases`).
    public var sought = 0
    /// Words masked as a typo of another word of the exports (`MaskWordPlan`).
    public var typos = 0
    /// Nickname pairs among the given names, written masked to `nicknames.csv`.
    public var nicknamePairs = 0
    /// The migration's mask word register (`MaskWordRegister`), nil without one (`--no-ledger`).
    public var wordRegister: String?
    /// Whether the migration's register was written with another key: not used, and left as it was.
    public var foreignWordRegister = false
    /// Words the register held before the run (masked as earlier waves masked them), and words it added.
    public var registeredWords = 0
    public var newWords = 0

    /// Adds what one side did (its entities, columns, records and checks) after what is there.
    mutating func append(_ side: MaskReport) {
        entities += side.entities
        columns += side.columns
        clearColumns += side.clearColumns
        clearLookingPersonal += side.clearLookingPersonal
        for (name, count) in side.records { records[name, default: 0] += count }
        checks += side.checks
    }
}

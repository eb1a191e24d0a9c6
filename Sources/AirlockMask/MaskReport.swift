/// What a masking did (`mask.json`): per entity and column, the method and the values it replaced; the key's
/// fingerprint; never a clear value.
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
        /// Values cut to the column's length after masking.
        public var shortened: Int
    }

    /// The key's fingerprint (`MaskKey.fingerprint`), which says which key masked the files without revealing it.
    public var keyFingerprint: String
    /// The exports read, by side.
    public var inputs: [String: String]
    /// The files written (none for `--plan`).
    public var outputs: [String]
    public var columns: [Column]
    /// Text columns left clear that hold values shaped like e-mail addresses or phone numbers, with how many: what the
    /// policy may have missed.
    public var clearLookingPersonal: [String]
    /// Records per side, read and written.
    public var records: [String: Int]
}

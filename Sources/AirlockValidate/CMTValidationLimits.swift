/// Bounds on what the Configuration Migration validator keeps in memory while it streams `data.xml`.
///
/// Every check streams; only these per-record structures grow with the package, and each stops growing at
/// its limit (the checks it serves are then reported as incomplete with a warning, never guessed):
/// record ids (29 to 57 bytes each), primary names of entities without an `updateCompare` field (about
/// 40 to 80 bytes each) and lookups that cannot be resolved when read (48 bytes each).
public struct CMTValidationLimits: Sendable, Equatable {
    /// Record ids kept for the duplicate-id and lookup checks, over all entities.
    public var maxRecordIDs: Int
    /// Primary names kept for the name-match check, over all entities.
    public var maxPrimaryNames: Int
    /// Lookups kept until the end of `data.xml` because their target entity had not been read yet (or
    /// the target record was not found when the lookup was read).
    public var maxPendingLookups: Int
    /// Duplicated primary names reported per entity (each names up to five records).
    public var maxNameMatchReports: Int

    public init(
        maxRecordIDs: Int = 4_000_000, maxPrimaryNames: Int = 2_000_000, maxPendingLookups: Int = 1_000_000,
        maxNameMatchReports: Int = 1_000
    ) {
        self.maxRecordIDs = maxRecordIDs
        self.maxPrimaryNames = maxPrimaryNames
        self.maxPendingLookups = maxPendingLookups
        self.maxNameMatchReports = maxNameMatchReports
    }

    /// About 500 MB at most (the tables double as they grow), whatever the package size.
    public static let `default` = CMTValidationLimits()
}

/// What became of the records a conversion sent to one target: each sent record landed (found with the values
/// sent), drifted (found with a different value in at least one field sent), missing (not found), or was not
/// verified (its side's export was not given, or lacks its entity).
public struct VerificationCounts: Sendable, Codable, Equatable {
    public var sent: Int
    public var landed: Int
    public var drifted: Int
    public var missing: Int
    public var notVerified: Int

    public init(sent: Int = 0, landed: Int = 0, drifted: Int = 0, missing: Int = 0, notVerified: Int = 0) {
        self.sent = sent
        self.landed = landed
        self.drifted = drifted
        self.missing = missing
        self.notVerified = notVerified
    }

    /// Whether sent = landed + drifted + missing (+ not verified): every sent record has exactly one outcome.
    public var holds: Bool { sent == landed + drifted + missing + notVerified }

    public static func + (left: VerificationCounts, right: VerificationCounts) -> VerificationCounts {
        VerificationCounts(
            sent: left.sent + right.sent, landed: left.landed + right.landed, drifted: left.drifted + right.drifted,
            missing: left.missing + right.missing, notVerified: left.notVerified + right.notVerified)
    }

    public static func += (left: inout VerificationCounts, right: VerificationCounts) { left = left + right }
}

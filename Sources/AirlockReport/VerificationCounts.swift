/// What became of the records a conversion sent to one target: each sent record landed (found with the values
/// sent), drifted (found with a different value in at least one field sent), missing (not found), or was not
/// verified (its side's export was not given, or lacks its entity).
///
/// `unproven` is a part of `landed`, not an outcome of its own: the records found whose compared fields all hold the
/// values sent, but which were sent with a value in a field the export does not carry, so that field is not proven.
public struct VerificationCounts: Sendable, Codable, Equatable {
    public var sent: Int
    public var landed: Int
    /// Of `landed`: records sent with a value in a field the export does not carry (not compared, so not proven).
    public var unproven: Int
    public var drifted: Int
    public var missing: Int
    public var notVerified: Int

    public init(sent: Int = 0, landed: Int = 0, unproven: Int = 0, drifted: Int = 0, missing: Int = 0, notVerified: Int = 0) {
        self.sent = sent
        self.landed = landed
        self.unproven = unproven
        self.drifted = drifted
        self.missing = missing
        self.notVerified = notVerified
    }

    /// Whether sent = landed + drifted + missing (+ not verified): every sent record has exactly one outcome (and the
    /// unproven records are some of those landed).
    public var holds: Bool { sent == landed + drifted + missing + notVerified && unproven <= landed }

    /// The records landed with every field sent compared.
    public var proven: Int { landed - unproven }

    enum CodingKeys: String, CodingKey {
        case sent, landed, unproven, drifted, missing, notVerified
    }

    /// Reads the counts; a `verify.json` written before `unproven` was counted reads as none unproven.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        sent = try container.decode(Int.self, forKey: .sent)
        landed = try container.decode(Int.self, forKey: .landed)
        unproven = try container.decodeIfPresent(Int.self, forKey: .unproven) ?? 0
        drifted = try container.decode(Int.self, forKey: .drifted)
        missing = try container.decode(Int.self, forKey: .missing)
        notVerified = try container.decode(Int.self, forKey: .notVerified)
    }

    public static func + (left: VerificationCounts, right: VerificationCounts) -> VerificationCounts {
        VerificationCounts(
            sent: left.sent + right.sent, landed: left.landed + right.landed, unproven: left.unproven + right.unproven,
            drifted: left.drifted + right.drifted, missing: left.missing + right.missing, notVerified: left.notVerified + right.notVerified)
    }

    public static func += (left: inout VerificationCounts, right: VerificationCounts) { left = left + right }
}

import AirlockModel

/// What became of a set of records (one flow, or all of a conversion's flows): read, and each outcome.
///
/// The accounting identity read = created + updated + unchanged + filtered + rejected must hold when a flow
/// ends; `checkIdentity(flow:)` enforces it. `read` is advanced by whoever reads records (the flow runner or
/// `RecordClassifier.classifyAll`), separately from `record(_:times:)`, so the check is not a tautology. Counts add
/// up with `+`: a conversion's totals are the sum of its flows' counts.
///
/// Encoded as `report.json` writes a flow: `{"read", "filtered", "created", "updated", "unchanged",
/// "rejected", "rejectedByReason": {code: n}}`, reasons with no rejection left out.
public struct RecordCounts: Sendable, Hashable, Codable {
    public var read = 0
    public var filtered = 0
    public var created = 0
    public var updated = 0
    public var unchanged = 0
    /// Rejections per reason code (`orphan-reference`, `duplicate-key`, ...); reasons with none are absent.
    public var rejectedByReason: [String: Int] = [:]

    public init() {}

    /// Records rejected, all reasons together.
    public var rejected: Int { rejectedByReason.values.reduce(0, +) }

    /// Records accounted for by an outcome.
    public var accounted: Int { created + updated + unchanged + filtered + rejected }

    /// Counts `times` records with `outcome`.
    public mutating func record(_ outcome: RecordOutcome, times: Int = 1) {
        switch outcome {
        case .create: created += times
        case .update: updated += times
        case .unchanged: unchanged += times
        case .filtered: filtered += times
        case .rejected(let reason, _): rejectedByReason[reason.rawValue, default: 0] += times
        }
    }

    /// Checks read = created + updated + unchanged + filtered + rejected.
    /// - Throws: `AirlockError(.accountingIdentity)` naming `flow` and every number when it does not hold; the
    ///   run must then fail.
    public func checkIdentity(flow: String) throws {
        guard read != accounted else { return }
        let gap = read - accounted
        let what = gap > 0 ? "\(gap) record\(gap == 1 ? "" : "s") unaccounted for" : "\(-gap) record\(gap == -1 ? "" : "s") counted twice"
        throw AirlockError(
            .accountingIdentity,
            "flow \(flow): read \(read) ≠ created \(created) + updated \(updated) + unchanged \(unchanged) + filtered \(filtered) + rejected \(rejected) (= \(accounted)); \(what)"
        )
    }

    /// The counts of both sets together.
    public static func + (left: RecordCounts, right: RecordCounts) -> RecordCounts {
        var sum = left
        sum += right
        return sum
    }

    /// Adds `right`'s counts to `left`'s.
    public static func += (left: inout RecordCounts, right: RecordCounts) {
        left.read += right.read
        left.filtered += right.filtered
        left.created += right.created
        left.updated += right.updated
        left.unchanged += right.unchanged
        left.rejectedByReason.merge(right.rejectedByReason, uniquingKeysWith: +)
    }

    enum CodingKeys: String, CodingKey {
        case read, filtered, created, updated, unchanged, rejected, rejectedByReason
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        read = try container.decode(Int.self, forKey: .read)
        filtered = try container.decode(Int.self, forKey: .filtered)
        created = try container.decode(Int.self, forKey: .created)
        updated = try container.decode(Int.self, forKey: .updated)
        unchanged = try container.decode(Int.self, forKey: .unchanged)
        // Totals carry the sum alone: it stands for reasons unknown.
        if let reasons = try container.decodeIfPresent([String: Int].self, forKey: .rejectedByReason) {
            rejectedByReason = reasons
        } else {
            let rejected = try container.decode(Int.self, forKey: .rejected)
            rejectedByReason = rejected > 0 ? ["unknown": rejected] : [:]
        }
    }

    public func encode(to encoder: any Encoder) throws {
        try encode(to: encoder, withReasons: true)
    }

    /// Encodes the counts; without `withReasons`, the rejections as their sum alone (a report's totals).
    public func encode(to encoder: any Encoder, withReasons: Bool) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(read, forKey: .read)
        try container.encode(filtered, forKey: .filtered)
        try container.encode(created, forKey: .created)
        try container.encode(updated, forKey: .updated)
        try container.encode(unchanged, forKey: .unchanged)
        try container.encode(rejected, forKey: .rejected)
        if withReasons { try container.encode(rejectedByReason.filter { $0.value > 0 }, forKey: .rejectedByReason) }
    }
}

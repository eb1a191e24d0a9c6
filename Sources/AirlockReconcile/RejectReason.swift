/// Why a record was rejected: a stable code that reports and tests rely on.
public struct RejectReason: RawRepresentable, Hashable, Sendable, Codable, Comparable, CustomStringConvertible {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// A reference (customer, product, header, ...) exists neither in the output being built nor in the target export.
    public static let orphanReference = RejectReason(rawValue: "orphan-reference")
    /// Another record in the same input has the same natural key and was kept instead (see `KeyIndex`).
    public static let duplicateKey = RejectReason(rawValue: "duplicate-key")
    /// A value does not parse for its target type or breaks a length / range limit.
    public static let invalidValue = RejectReason(rawValue: "invalid-value")
    /// A field the target requires (including a natural-key part) is null or empty.
    public static let missingRequired = RejectReason(rawValue: "missing-required")
    /// A line whose document header was rejected.
    public static let headerRejected = RejectReason(rawValue: "header-rejected")
    /// A value with no entry in the template's value map (and the map's policy is to reject).
    public static let unmappedValue = RejectReason(rawValue: "unmapped-value")

    /// Every reason code defined here, in report order.
    public static let all: [RejectReason] = [
        .orphanReference, .duplicateKey, .invalidValue, .missingRequired, .headerRejected, .unmappedValue,
    ]

    public var description: String { rawValue }
    public static func < (lhs: RejectReason, rhs: RejectReason) -> Bool { lhs.rawValue < rhs.rawValue }

    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

/// How Dataverse stores a date-time attribute, which decides how CMT writes its values (as the real CMT exports in
/// docs/sources.md, CMT format, show).
public enum SalesDateTimeBehavior: String, Sendable, Hashable, CaseIterable, Codable {
    /// Stored in UTC; CMT writes `…Z`.
    case userLocal
    /// A date only; CMT writes `yyyy-MM-ddT00:00:00.0000000` without `Z`.
    case dateOnly
    /// A date and time without a time zone; CMT writes it without `Z`.
    case timeZoneIndependent
}

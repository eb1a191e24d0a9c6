/// Where an entity's natural key came from.
public enum DiffKeySource: String, Sendable, Codable {
    /// The schema catalog's key fields (with `DATAAREAID` for a company-specific F&O entity).
    case catalog
    /// `--key ENTITY=COLUMNS`.
    case option
    /// No usable key: every compared column together (a changed record shows as one deleted and one created).
    case wholeRow = "whole-row"
    /// A CMT record's `id`.
    case recordID = "record-id"
}

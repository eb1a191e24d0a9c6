/// How a catalog extension wants findings on one entry reported, overriding what its certainty implies.
///
/// A documented length or option set is an error by default; an environment that customised the column says
/// `severity: warning` for it in a catalog extension (or `error` to make a guessed entry strict).
public enum CatalogEnforcement: String, Sendable, Hashable, CaseIterable, Codable {
    case error
    case warning
}

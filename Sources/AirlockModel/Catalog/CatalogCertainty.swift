/// How sure a limit or rule is, which decides the severity of a finding built on it.
///
/// - `platform`: the platform enforces it in every environment (a single-line text of more than 4,000
///   characters): always an error.
/// - `documented`: taken from a source (the solution, the table reference) but customisable in an environment:
///   an error by default; a catalog extension can set the entry's `severity` to `warning`.
/// - `guess`: no source confirms it: a warning.
public enum CatalogCertainty: String, Sendable, Hashable, Codable, CaseIterable {
    case platform
    case documented
    case guess

    /// Whether a breach of a fact this sure is refused (an error): always for a platform limit; otherwise as a
    /// catalog extension's `severity` says, else for documented facts and not for guesses.
    public func isEnforced(with enforcement: CatalogEnforcement?) -> Bool {
        self == .platform || (enforcement.map { $0 == .error } ?? (self != .guess))
    }
}

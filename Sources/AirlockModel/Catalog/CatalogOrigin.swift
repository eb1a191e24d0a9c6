/// Where a catalog entry comes from: a published source, the user's own catalog extension, or a named guess.
///
/// The origin decides how sure a check built on the entry may be (`certainty`): a value that breaks a documented
/// fact is an error, one that breaks a guess only a warning.
public enum CatalogOrigin: String, Sendable, Hashable, CaseIterable, Codable {
    /// The Prospect to cash solution for Sales as it ships (its `customizations.xml`).
    case solution
    /// Microsoft's Dataverse table reference (a table's writable columns with type, length, level and choices).
    case tableReference
    /// Other Microsoft documentation: the dual-write mapping reference, the F&O entity pages, OData metadata.
    case documentation
    /// A catalog extension file: the user's statement about the target environment.
    case environment
    /// A guess that no source confirms; `source` names it.
    case guess

    /// How sure a check built on an entry of this origin is.
    public var certainty: CatalogCertainty { self == .guess ? .guess : .documented }
}

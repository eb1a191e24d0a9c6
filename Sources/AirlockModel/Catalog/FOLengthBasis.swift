/// What an F&O string length rests on, strongest first: how sure the catalog is that a longer value is refused.
///
/// A length stated for D365 (the application metadata, or the 2016 database schema that no later source
/// contradicts: sizes have only grown since) is a documented fact, and a value over it an error; a length only
/// AX 2012 documents, the default size of a root EDT, or an assumption is a guess, and a value over it a warning.
/// An environment's EDT extensions can make any field longer: a catalog extension states the length it has
/// there (`environment`). docs/catalog.md lists the counts and sources.
public enum FOLengthBasis: String, Sendable, Hashable, CaseIterable, Codable {
    /// The D365 application metadata of 2025 states the size (the EDT's `StringSize`, or the staging field's).
    case application = "d365"
    /// The D365 7.0 database schema of 2016 gives the column width of the EDT the field's chain reaches.
    case schema2016 = "d365-2016"
    /// The same, the column found by its name rather than by a field of the same EDT.
    case schema2016ByName = "d365-2016-by-name"
    /// Only the AX 2012 EDT reference gives the length.
    case ax2012
    /// A root EDT that declares no size: 10 characters, the default.
    case defaultSize = "default-size"
    /// No source: the length of the standard EDT the field is taken to have.
    case assumed
    /// A catalog extension states the length the field has in the user's environment.
    case environment

    /// How sure a length of this basis is: D365 sources and the user's own statement are documented, the rest guesses.
    public var certainty: CatalogCertainty {
        switch self {
        case .application, .schema2016, .schema2016ByName, .environment: .documented
        case .ax2012, .defaultSize, .assumed: .guess
        }
    }

    /// The basis in words, for the end of a finding.
    public var description: String {
        switch self {
        case .application: "D365 application metadata (2025)"
        case .schema2016: "D365 7.0 database schema (2016), a floor: sizes have only grown since"
        case .schema2016ByName: "D365 7.0 database schema (2016), the column matched by name"
        case .ax2012: "AX 2012 EDT reference only: D365 may allow more"
        case .defaultSize: "the default size of an EDT that declares none"
        case .assumed: "assumed: no source gives this field's length"
        case .environment: "your catalog extension"
        }
    }
}

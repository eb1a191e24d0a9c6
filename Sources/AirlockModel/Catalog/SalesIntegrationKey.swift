/// The integration key dual-write matches a Dataverse row on: the columns of the table's alternate key that link
/// the row to its finance and operations record (`accountnumber` and the company `msdyn_company` for an account).
///
/// Dual-write finds the row a change belongs to by these columns (Microsoft's "Managing dual-write integration
/// keys"), so a row loaded into Dataverse before dual-write is switched on with "skip initial sync" must carry every
/// one of them, or dual-write never links it to its finance and operations record. docs/catalog.md lists the keys
/// and their sources.
public struct SalesIntegrationKey: Sendable, Equatable, Codable {
    /// The key's columns (logical names, lower case), lookups included (`msdyn_company`).
    public let columns: [String]
    /// A Yes/No column that limits the key to the rows where it is Yes, when the table holds rows no map syncs
    /// (contacts: only customer contacts, `msdyn_sellable`, carry a company; a contact person has none).
    public let onlyWhen: String?
    /// Where the key comes from: `documentation` where a Microsoft page names it, `guess` where it is inferred.
    public let origin: CatalogOrigin
    /// How a catalog extension wants findings on the key reported, overriding what its origin implies.
    public let enforcement: CatalogEnforcement?
    /// The page the key comes from, or what was guessed.
    public let source: String?

    public init(
        columns: [String], onlyWhen: String? = nil, origin: CatalogOrigin = .environment, enforcement: CatalogEnforcement? = nil,
        source: String? = nil
    ) {
        self.columns = columns
        self.onlyWhen = onlyWhen
        self.origin = origin
        self.enforcement = enforcement
        self.source = source
    }

    /// How sure the key is: a guessed key draws warnings, a documented one errors.
    public var certainty: CatalogCertainty { origin.certainty }

    /// Whether a row without a key column is refused (an error) rather than reported as a warning.
    public var isEnforced: Bool { certainty.isEnforced(with: enforcement) }
}

/// The two package formats Airlock reads and writes.
public enum PackageKind: String, Sendable, Codable, CaseIterable {
    /// A Finance and Operations data management package (Manifest.xml, PackageHeader.xml, entity files).
    case fo
    /// A Dataverse Configuration Migration package (data.xml, data_schema.xml, [Content_Types].xml).
    case cmt

    /// A name for people.
    public var displayName: String {
        switch self {
        case .fo: "Finance and Operations data package"
        case .cmt: "Configuration Migration package"
        }
    }
}

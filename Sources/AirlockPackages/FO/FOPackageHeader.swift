/// `PackageHeader.xml` of an F&O data package.
public struct FOPackageHeader: Sendable, Equatable {
    /// The .NET type of the manifest; the only value F&O writes.
    public static let manifestTypeName =
        "Microsoft.Dynamics.AX.Framework.Tools.DataManagement.Serialization.DataManagementPackageManifest"

    /// Free text; F&O writes the data project (definition group) name.
    public var description: String?
    public var manifestType: String?
    /// `DefinitionGroup` for data-project packages.
    public var packageType: String?
    /// 1 in 2017 exports, 2 in modern ones.
    public var packageVersion: Int?

    public init(
        description: String?, manifestType: String? = FOPackageHeader.manifestTypeName,
        packageType: String? = "DefinitionGroup", packageVersion: Int? = 2
    ) {
        self.description = description
        self.manifestType = manifestType
        self.packageType = packageType
        self.packageVersion = packageVersion
    }
}

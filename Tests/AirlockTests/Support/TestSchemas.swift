import AirlockPackages
import Foundation

/// The package metadata tests build packages on, when more than one suite writes it: a package's schema inline in a
/// test is about that schema. The Configuration Migration packages of whole records are `CMTAccountsPackage` and
/// `CMTProblemsPackage`; the F&O package of sales orders is `FOOrderPackage`.
enum TestSchemas {
    // MARK: - Configuration Migration

    /// A package's `[Content_Types].xml`, in one line as CMT writes it.
    static let cmtContentTypes = """
        <?xml version="1.0" encoding="utf-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/octet-stream" /></Types>
        """

    // MARK: - F&O

    /// `Manifest.xml` and `PackageHeader.xml` of a package of the entities `lines` in definition group `group`, as
    /// members: the manifest as Airlock writes one, or (`asExported`) with the description `D`, project category and
    /// rules flag of a data project's export.
    static func foMetadata(_ lines: [FOManifestEntity], group: String = "G", asExported: Bool = false) -> [(name: String, bytes: [UInt8])] {
        let manifest =
            asExported
            ? FOManifest(definitionGroupName: group, description: "D", entities: lines, projectCategory: 0, hasRulesData: true)
            : FOManifest(definitionGroupName: group, description: nil, entities: lines)
        return [
            ("Manifest.xml", FOManifestWriter.manifestBytes(manifest)),
            ("PackageHeader.xml", FOManifestWriter.headerBytes(FOPackageHeader(description: group))),
        ]
    }

    /// Writes `foMetadata(lines)` into the package folder `folder`.
    static func writeFOMetadata(_ lines: [FOManifestEntity], to folder: String) throws {
        for (name, bytes) in foMetadata(lines) { try Data(bytes).write(to: URL(fileURLWithPath: folder + "/" + name)) }
    }

    // MARK: - Catalog extensions

    /// An environment whose Customers V2 has a mandatory field no template maps: F&O would refuse every customer.
    static let mandatoryCustomerFieldExtension = """
        foEntities:
          - label: Customers V2
            fields:
              ZZEXTERNALID: {type: string, length: 36, mandatory: true}
        """
}

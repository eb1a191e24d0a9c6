/// How `CMTPackageWriter` and `FOPackageWriter` write a package.
public enum PackageForm: Sendable {
    /// A zip at the path given.
    case zip
    /// The members as plain files in the folder given, for a zip to be joined from them later, their large members'
    /// sections deflated apart, perhaps by other processes (`SectionedZipWriter.addJoinedEntry`). A Configuration
    /// Migration package's are `data_schema.xml`, `data.xml` and `[Content_Types].xml`; a data management
    /// package's, every entity file, `Manifest.xml` and `PackageHeader.xml`. `airlock validate` reads either folder
    /// as a package, as it reads the zip.
    case plainMembers
}

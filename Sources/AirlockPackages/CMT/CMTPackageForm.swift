/// How `CMTPackageWriter` writes a package.
public enum CMTPackageForm: Sendable {
    /// A zip at the path given.
    case zip
    /// `data_schema.xml` and `data.xml` as plain files in the folder given, for a zip to be joined from them later
    /// (`data.xml`'s sections deflated apart, perhaps by other processes:
    /// `CMTPackageWriter.write(schemaFile:to:joiningData:)`).
    case plainMembers
}

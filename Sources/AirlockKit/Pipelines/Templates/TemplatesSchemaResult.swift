/// The export schema made from the templates (`airlock templates schema`): written to a file or to show.
public struct TemplatesSchemaResult: Sendable, Hashable {
    /// The document's bytes (`data_schema.xml`, as Configuration Migration writes it).
    public var document: [UInt8]
    /// The file it was written to, if one was asked for.
    public var writtenTo: String?
    /// What to show on standard output: the document when it was not written to a file, nothing otherwise.
    public var standardOutput: [UInt8] { writtenTo == nil ? document : [] }

    public init(document: [UInt8], writtenTo: String?) {
        self.document = document
        self.writtenTo = writtenTo
    }
}

/// The mapping reference made from the templates (`airlock templates doc`): written to a file or to show.
public struct TemplatesDocResult: Sendable, Hashable {
    /// The document's bytes (Markdown).
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

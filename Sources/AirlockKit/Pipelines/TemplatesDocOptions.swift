/// Which templates to document and where (`airlock templates doc`).
public struct TemplatesDocOptions: Sendable, Hashable {
    /// A folder of edited templates (`airlock templates export`); nil: the bundled ones.
    public var templatesDirectory: String?
    /// Write the Markdown into this file (atomically) instead of showing it.
    public var outputPath: String?

    public init(templatesDirectory: String? = nil, outputPath: String? = nil) {
        self.templatesDirectory = templatesDirectory
        self.outputPath = outputPath
    }
}

import AirlockMapping

/// Which templates to document and where (`airlock templates doc`).
public struct TemplatesDocOptions: Sendable, Hashable {
    /// A folder of edited templates (`airlock templates export`); nil: the bundled ones.
    public var templatesDirectory: String?
    /// The bundled set (or the set the folder's files are edited copies of).
    public var set: TemplateSetName
    /// Write the Markdown into this file (atomically) instead of showing it.
    public var outputPath: String?

    public init(templatesDirectory: String? = nil, set: TemplateSetName = .standard, outputPath: String? = nil) {
        self.templatesDirectory = templatesDirectory
        self.set = set
        self.outputPath = outputPath
    }
}

import AirlockMapping

/// Which templates and catalog the export schema is built from, and where it goes (`airlock templates schema`).
public struct TemplatesSchemaOptions: Sendable, Hashable {
    /// A folder of edited templates (`airlock templates export`); nil: the bundled ones.
    public var templatesDirectory: String?
    /// The bundled set (or the set the folder's files are edited copies of).
    public var set: TemplateSetName
    /// Write data_schema.xml into this file (atomically) instead of showing it.
    public var outputPath: String?
    /// Schema catalog extension files (YAML), merged over the bundled catalog in order.
    public var catalogFiles: [String]

    public init(templatesDirectory: String? = nil, set: TemplateSetName = .standard, outputPath: String? = nil, catalogFiles: [String] = [])
    {
        self.templatesDirectory = templatesDirectory
        self.set = set
        self.outputPath = outputPath
        self.catalogFiles = catalogFiles
    }
}

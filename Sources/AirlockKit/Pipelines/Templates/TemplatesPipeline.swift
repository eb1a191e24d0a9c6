import Foundation

/// `airlock templates` as library calls: list, show, export and document the mapping templates `convert` runs.
public enum TemplatesPipeline {
    /// A bundled set's templates, one line per flow: name (padded to the longest), direction, source → target.
    /// - Throws: `AirlockError` when the bundled templates cannot be loaded.
    public static func list(set: TemplateSetName = .standard) throws -> TemplatesListResult {
        let templates = try TemplateLoader.bundled(set).templates
        let width = templates.map(\.name.count).max() ?? 0
        let text = templates.map { template in
            let name = template.name.padding(toLength: width, withPad: " ", startingAt: 0)
            return "\(name)  \(template.direction.rawValue)  \(template.source.entity) → \(template.target.entity)\n"
        }.joined()
        return TemplatesListResult(templates: templates, text: text)
    }

    /// A bundled set's template (a flow name) or `value-maps`, as bundled.
    /// - Throws: `TemplateNotFound` for an unknown name; `AirlockError` when the bundled templates cannot be loaded.
    public static func show(named name: String, set: TemplateSetName = .standard) throws -> TemplatesShowResult {
        guard let file = try TemplateLoader.bundled(set).file(named: name) else { throw TemplateNotFound(name: name) }
        return TemplatesShowResult(file: file, text: file.text.hasSuffix("\n") ? file.text : file.text + "\n")
    }

    /// Writes every bundled template and value-maps.yaml into a folder for editing (see `TemplateExporter`).
    /// - Throws: `AirlockError` (`.usage` when a file exists and `force` is false, `.io` when writing fails).
    public static func export(_ options: TemplatesExportOptions) throws -> TemplatesExportResult {
        let paths = try TemplateExporter.export(to: options.directory, set: options.set, overwrite: options.force)
        return TemplatesExportResult(paths: paths, text: paths.map { $0 + "\n" }.joined())
    }

    /// The mapping reference (Markdown): every flow in run order, its field maps, value maps and inferred settings.
    /// - Throws: `AirlockError` when the templates cannot be loaded or the file cannot be written.
    public static func doc(_ options: TemplatesDocOptions) throws -> TemplatesDocResult {
        let set = try TemplateLoader.load(TemplateSelection(set: options.set, directory: options.templatesDirectory))
        let document = Array(TemplateDocumentation.markdown(set).utf8)
        try write(document, to: options.outputPath)
        return TemplatesDocResult(document: document, writtenTo: options.outputPath)
    }

    /// The Configuration Migration data_schema.xml to export the Sales data the flows read, as CMT writes it:
    /// the same bytes shown and written (no line end after the root's end tag).
    /// - Throws: `AirlockError` when the templates or a catalog file cannot be loaded, or the file cannot be written.
    public static func schema(_ options: TemplatesSchemaOptions) throws -> TemplatesSchemaResult {
        let set = try TemplateLoader.load(TemplateSelection(set: options.set, directory: options.templatesDirectory))
        let catalog = try SchemaCatalogLoader.load(extensions: options.catalogFiles)
        let schema = try ExportSchemaBuilder.schema(for: set, catalog: catalog)
        let document = try CMTSchemaWriter.bytes(schema)
        try write(document, to: options.outputPath)
        return TemplatesSchemaResult(document: document, writtenTo: options.outputPath)
    }

    /// Writes `bytes` into `path` atomically (a temporary file renamed into place) when a path is given.
    /// - Throws: `AirlockError(.io)` naming `path`.
    private static func write(_ bytes: [UInt8], to path: String?) throws {
        guard let path else { return }
        do {
            try Data(bytes).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw AirlockError(.io, "cannot write the file", at: SourceLocation(file: path), cause: SystemErrorText.of(error))
        }
    }
}

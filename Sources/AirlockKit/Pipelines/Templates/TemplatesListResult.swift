/// The bundled templates and their listing (`airlock templates list`).
public struct TemplatesListResult: Sendable {
    /// The templates, in the order they are listed.
    public var templates: [MappingTemplate]
    /// One line per flow: name, direction, source → target (line ends included).
    public var text: String

    public init(templates: [MappingTemplate], text: String) {
        self.templates = templates
        self.text = text
    }
}

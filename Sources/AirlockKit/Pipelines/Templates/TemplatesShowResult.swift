/// A bundled template file and its text to show (`airlock templates show`).
public struct TemplatesShowResult: Sendable, Hashable {
    /// The file, as bundled.
    public var file: TemplateFile
    /// Its text, ending with a line end.
    public var text: String

    public init(file: TemplateFile, text: String) {
        self.file = file
        self.text = text
    }
}

/// A template or value-map file: its file name and its YAML text, as bundled or as found in a folder.
public struct TemplateFile: Sendable, Hashable {
    /// The file name, e.g. `accounts.yaml` or `value-maps.yaml`.
    public var name: String
    /// The YAML text.
    public var text: String
    /// The path the text was read from (for error messages).
    public var path: String

    public init(name: String, text: String, path: String) {
        self.name = name
        self.text = text
        self.path = path
    }

    /// The name of the value-maps file.
    public static let valueMapsName = "value-maps.yaml"
}

/// What exporting the templates wrote.
public struct TemplatesExportResult: Sendable, Hashable {
    /// The paths written, `value-maps.yaml` first.
    public var paths: [String]
    /// The paths, one per line, to show on standard output.
    public var text: String

    public init(paths: [String], text: String) {
        self.paths = paths
        self.text = text
    }
}

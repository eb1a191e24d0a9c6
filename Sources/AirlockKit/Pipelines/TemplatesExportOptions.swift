/// Where to export the bundled templates (`airlock templates export`).
public struct TemplatesExportOptions: Sendable, Hashable {
    /// The folder to write into (created if missing).
    public var directory: String
    /// Overwrite files that exist.
    public var force: Bool

    public init(directory: String, force: Bool = false) {
        self.directory = directory
        self.force = force
    }
}

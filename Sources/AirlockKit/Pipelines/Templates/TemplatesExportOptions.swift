import AirlockMapping

/// Where to export the bundled templates (`airlock templates export`).
public struct TemplatesExportOptions: Sendable, Hashable {
    /// The folder to write into (created if missing).
    public var directory: String
    /// Overwrite files that exist.
    public var force: Bool
    /// The bundled set to export.
    public var set: TemplateSetName

    public init(directory: String, force: Bool = false, set: TemplateSetName = .standard) {
        self.set = set
        self.directory = directory
        self.force = force
    }
}

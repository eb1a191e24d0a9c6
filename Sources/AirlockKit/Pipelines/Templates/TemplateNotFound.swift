/// No bundled template (or value-maps file) has the name asked for.
public struct TemplateNotFound: Error, Sendable, CustomStringConvertible {
    /// The name asked for.
    public var name: String

    public init(name: String) {
        self.name = name
    }

    public var description: String { "no template named '\(name)'; see `airlock templates list`" }
}

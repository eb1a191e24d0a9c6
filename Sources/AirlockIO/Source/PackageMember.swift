/// A file inside a package, whether the package is a zip or an unpacked folder.
public struct PackageMember: Sendable, Hashable {
    /// Path relative to the package root, with `/` separators.
    public var name: String
    /// Uncompressed size, when known.
    public var size: Int64?

    public init(name: String, size: Int64?) {
        self.name = name
        self.size = size
    }
}

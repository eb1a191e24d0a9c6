/// One member of a zip archive, as listed from its headers.
public struct ZipEntry: Sendable, Hashable {
    /// The entry name, decoded as UTF-8, with `/` separators.
    public var name: String
    /// The uncompressed size when the archive records it.
    public var size: Int64?
    /// Whether the entry is a folder.
    public var isDirectory: Bool

    public init(name: String, size: Int64?, isDirectory: Bool) {
        self.name = name
        self.size = size
        self.isDirectory = isDirectory
    }
}

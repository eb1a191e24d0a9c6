/// A package read from a zip archive.
public final class ZipPackageSource: PackageSource {
    public let reader: ZipArchiveReader
    public let members: [PackageMember]
    public var path: String { reader.path }

    /// Opens the zip at `path` and lists its files.
    /// - Throws: `AirlockError` when it is not a readable, safe zip archive.
    public init(path: String, limits: ZipLimits = .default) throws {
        reader = try ZipArchiveReader(path: path, limits: limits)
        members = reader.entries.filter { !$0.isDirectory }.map { PackageMember(name: $0.name, size: $0.size) }
    }

    public func open(_ name: String) throws -> ByteStream {
        try reader.open(name)
    }
}

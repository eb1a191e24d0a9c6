/// A package read from a zip archive.
public final class ZipPackageSource: PackageSource {
    public let reader: ZipArchiveReader
    public let members: [PackageMember]
    public var path: String { reader.path }

    /// Opens the zip at `path` and lists its files.
    /// - Throws: `AirlockError` when it is not a readable, safe zip archive.
    public convenience init(path: String, limits: ZipLimits = .default) throws {
        self.init(reader: try ZipArchiveReader(path: path, limits: limits))
    }

    /// The package in an archive already opened (for example one held in memory).
    public init(reader: ZipArchiveReader) {
        self.reader = reader
        members = reader.entries.filter { !$0.isDirectory }.map { PackageMember(name: $0.name, size: $0.size) }
    }

    public func open(_ name: String) throws -> ByteStream {
        try reader.open(name)
    }

    public func openHead(_ name: String) throws -> ByteStream {
        try reader.open(name, readAhead: false)
    }

    public func memberBytes(_ name: String) -> MemberBytes? {
        reader.memberBytes(name)
    }
}

import AirlockModel

/// A package whose members are held in memory: for tests, fuzzing, and workbooks unpacked from a package.
public final class MemoryPackageSource: PackageSource {
    public let path: String
    public let members: [PackageMember]
    private let contents: [String: [UInt8]]

    /// A package called `path` (used in messages) with the given members.
    public init(path: String, members: [(name: String, bytes: [UInt8])]) {
        self.path = path
        var contents: [String: [UInt8]] = [:]
        var listed: [PackageMember] = []
        for member in members where contents[member.name] == nil {
            contents[member.name] = member.bytes
            listed.append(PackageMember(name: member.name, size: Int64(member.bytes.count)))
        }
        self.contents = contents
        self.members = listed
    }

    public func open(_ name: String) throws -> ByteStream {
        guard let bytes = contents[name] else {
            throw AirlockError(.missingMember, "the package has no such member", at: SourceLocation(file: path, entry: name))
        }
        return MemoryByteStream(bytes)
    }

    public func location(of name: String) -> SourceLocation {
        SourceLocation(file: path, entry: name)
    }
}

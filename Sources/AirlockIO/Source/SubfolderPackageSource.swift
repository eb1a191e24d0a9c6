import AirlockModel

/// The members below one folder of another package source, named relative to that folder.
///
/// Users often zip the folder that holds a package rather than its contents; this lets such a zip be read
/// as the package inside it.
public final class SubfolderPackageSource: PackageSource {
    public let base: PackageSource
    /// The folder, without a trailing slash.
    public let folder: String
    public let members: [PackageMember]
    public var path: String { base.path }

    public init(base: PackageSource, folder: String) {
        self.base = base
        self.folder = folder
        let prefix = folder + "/"
        members = base.members.filter { $0.name.hasPrefix(prefix) }.map {
            PackageMember(name: String($0.name.dropFirst(prefix.count)), size: $0.size)
        }
    }

    public func open(_ name: String) throws -> ByteStream {
        try base.open(folder + "/" + name)
    }

    public func openHead(_ name: String) throws -> ByteStream {
        try base.openHead(folder + "/" + name)
    }

    public func memberBytes(_ name: String) -> MemberBytes? {
        base.memberBytes(folder + "/" + name)
    }

    public func location(of name: String) -> SourceLocation {
        base.location(of: folder + "/" + name)
    }

    /// The only top-level folder of `source` when every member lies below it, else nil.
    public static func singleTopFolder(of source: PackageSource) -> String? {
        var folder: Substring?
        for member in source.members {
            guard let slash = member.name.firstIndex(of: "/") else { return nil }
            let top = member.name[..<slash]
            if let folder, folder != top { return nil }
            folder = top
        }
        return folder.map(String.init)
    }
}

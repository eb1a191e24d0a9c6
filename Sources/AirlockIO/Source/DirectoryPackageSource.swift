import AirlockModel
import Foundation

/// A package unpacked into a folder; members are the files below it, symbolic links excluded.
public final class DirectoryPackageSource: PackageSource {
    public let path: String
    public let members: [PackageMember]

    /// Lists the files below `path`.
    /// - Throws: `AirlockError(.io)` when the folder cannot be read.
    public init(path: String) throws {
        self.path = path
        let root = URL(fileURLWithPath: path, isDirectory: true).standardizedFileURL
        guard
            let walker = FileManager.default.enumerator(
                at: root, includingPropertiesForKeys: [.isRegularFileKey, .isSymbolicLinkKey, .fileSizeKey], options: [])
        else {
            throw AirlockError(.io, "cannot list the folder", at: SourceLocation(file: path))
        }
        var found: [PackageMember] = []
        let rootComponents = root.pathComponents.count
        for case let url as URL in walker {
            let values = try? url.resourceValues(forKeys: [.isRegularFileKey, .isSymbolicLinkKey, .fileSizeKey])
            guard values?.isSymbolicLink != true, values?.isRegularFile == true else { continue }
            let relative = url.standardizedFileURL.pathComponents.dropFirst(rootComponents).joined(separator: "/")
            found.append(PackageMember(name: relative, size: values?.fileSize.map(Int64.init)))
        }
        members = found.sorted { $0.name < $1.name }
    }

    public func open(_ name: String) throws -> ByteStream {
        guard members.contains(where: { $0.name == name }) else {
            throw AirlockError(.missingMember, "the folder has no such file", at: SourceLocation(file: path, entry: name))
        }
        return try FileByteStream(path: file(name), location: SourceLocation(file: path, entry: name))
    }

    public func memberBytes(_ name: String) -> MemberBytes? {
        guard members.contains(where: { $0.name == name }), let size = try? FileStatus.of(file(name)).size else { return nil }
        return MemberBytes(file: file(name), form: .plain, offset: 0, storedBytes: size, bytes: size, crc32: nil)
    }

    /// The path of member `name`.
    private func file(_ name: String) -> String {
        path.hasSuffix("/") ? path + name : path + "/" + name
    }
}

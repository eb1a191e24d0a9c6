import AirlockModel

/// The files of a package: a zip archive or an unpacked folder, read the same way.
/// Sources are immutable once opened and every `open` gives an independent stream, so one source can be read
/// from several threads at once (one entity file per core).
public protocol PackageSource: AnyObject, Sendable {
    /// The path the user gave.
    var path: String { get }
    /// Every file member (folders left out), in a stable order.
    var members: [PackageMember] { get }
    /// Opens member `name` for streaming.
    /// - Throws: `AirlockError(.missingMember)` when there is no such member, or a read error.
    func open(_ name: String) throws -> ByteStream
    /// Opens member `name` to read its beginning only (a header row): nothing is read, or inflated, ahead of what
    /// the caller reads.
    /// - Throws: as `open(_:)`.
    func openHead(_ name: String) throws -> ByteStream
    /// The location of member `name` for error messages.
    func location(of name: String) -> SourceLocation
    /// Where member `name`'s bytes lie on disk, when a part of it can be read on its own (`MemberRangeStream`): nil
    /// when there is no such member, or it is held in memory, encrypted or compressed otherwise than by deflate.
    func memberBytes(_ name: String) -> MemberBytes?
}

extension PackageSource {
    /// The member called `name`: an exact match, else the only case-insensitive match (Windows tools
    /// that wrote the package do not distinguish case).
    public func member(named name: String) -> PackageMember? {
        if let exact = members.first(where: { $0.name == name }) { return exact }
        let lowered = name.lowercased()
        let matches = members.filter { $0.name.lowercased() == lowered }
        return matches.count == 1 ? matches[0] : nil
    }

    /// Sources that read nothing ahead open a member's head as they open the member.
    public func openHead(_ name: String) throws -> ByteStream {
        try open(name)
    }

    /// The location of member `name` for error messages.
    public func location(of name: String) -> SourceLocation {
        SourceLocation(file: path, entry: name)
    }

    /// Sources that read members from memory or through a filter have no bytes on disk to point at.
    public func memberBytes(_ name: String) -> MemberBytes? {
        nil
    }
}

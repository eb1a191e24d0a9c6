import AirlockModel
import Foundation

/// A package that is being written: its small members are held in memory, one large member arrives as a
/// stream (the reading end of a `ByteChannel` fed by the writer).
///
/// It lets a validator check a package's bytes while they are written, instead of reading the finished zip
/// again. The streamed member can be opened once; its size is unknown until it is written.
/// Unchecked: a `ByteStream` is not `Sendable`; the stream is handed out once, under the box's lock.
public final class StreamedPackageSource: PackageSource, @unchecked Sendable {
    public let path: String
    public let members: [PackageMember]
    private let contents: [String: [UInt8]]
    private let streamedName: String
    /// The streamed member until it is opened.
    private let streamed: LockedValueBox<ByteStream?>

    /// A package called `path` (used in messages) with in-memory `members` and the streamed member `name`.
    /// Members are listed in the order given, the streamed one after `streamedAfter` of them.
    public init(path: String, members: [(name: String, bytes: [UInt8])], streamed name: String, stream: ByteStream, streamedAfter: Int) {
        self.path = path
        var contents: [String: [UInt8]] = [:]
        var listed: [PackageMember] = []
        for member in members where contents[member.name] == nil && member.name != name {
            contents[member.name] = member.bytes
            listed.append(PackageMember(name: member.name, size: Int64(member.bytes.count)))
        }
        listed.insert(PackageMember(name: name, size: nil), at: min(max(0, streamedAfter), listed.count))
        self.contents = contents
        self.members = listed
        self.streamedName = name
        self.streamed = LockedValueBox(stream)
    }

    public func open(_ name: String) throws -> ByteStream {
        if name == streamedName {
            guard
                let stream = streamed.withLockedValue({ stream in
                    defer { stream = nil }
                    return stream
                })
            else {
                throw AirlockError(.io, "the member is being written and can be read only once", at: location(of: name))
            }
            return stream
        }
        guard let bytes = contents[name] else {
            throw AirlockError(.missingMember, "the package has no such member", at: SourceLocation(file: path, entry: name))
        }
        return MemoryByteStream(bytes)
    }

    public func location(of name: String) -> SourceLocation {
        SourceLocation(file: path, entry: name)
    }
}

/// Where a package member's bytes lie in a file on disk, so that a part of it can be read without reading what comes
/// before (`MemberRangeStream`): a file of an unpacked folder, or a zip entry stored or deflated.
public struct MemberBytes: Codable, Sendable, Equatable {
    /// How the bytes are stored.
    public enum Form: String, Codable, Sendable {
        /// As they are.
        case plain
        /// As a raw deflate stream (zip method 8, RFC 1951).
        case deflated
    }

    /// The file that holds them (the zip archive, or the folder's file).
    public var file: String
    public var form: Form
    /// Where the stored bytes start in `file`, and how many there are.
    public var offset: Int64
    public var storedBytes: Int64
    /// The member's own size.
    public var bytes: Int64
    /// The zip entry's CRC-32, checked when the whole member is read (`MemberScanStream`); nil for a folder's file.
    public var crc32: UInt32?

    public init(file: String, form: Form, offset: Int64, storedBytes: Int64, bytes: Int64, crc32: UInt32?) {
        self.file = file
        self.form = form
        self.offset = offset
        self.storedBytes = storedBytes
        self.bytes = bytes
        self.crc32 = crc32
    }

    /// The same bytes, whatever the path the file was given by.
    public func sameBytes(as other: MemberBytes) -> Bool {
        var other = other
        other.file = file
        return self == other
    }
}

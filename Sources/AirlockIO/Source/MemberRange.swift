import AirlockModel

/// Bytes `start ..< start + count` of a member (`MemberBytes`), read from a point at or before `start`
/// (`MemberReadPoint`, noted by a `MemberScanStream`) without reading what comes before it.
public struct MemberRange: Sendable, Equatable {
    public var member: MemberBytes
    public var point: MemberReadPoint
    public var start: Int64
    public var count: Int64
    /// Names the member in errors.
    public var location: SourceLocation

    public init(member: MemberBytes, point: MemberReadPoint, start: Int64, count: Int64, location: SourceLocation) {
        self.member = member
        self.point = point
        self.start = start
        self.count = count
        self.location = location
    }
}

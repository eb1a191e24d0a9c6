/// Two records of one side that look like one and the same.
public struct MatchDuplicate: Sendable {
    public var isSales: Bool
    public var first: Int
    public var second: Int
    public var score: Double
    public var matchClass: MatchClass
}

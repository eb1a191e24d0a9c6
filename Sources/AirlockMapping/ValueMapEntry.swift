/// One pair of a value map.
public struct ValueMapEntry: Sendable, Hashable {
    /// The source value.
    public var from: String
    /// The value written instead.
    public var to: String
    /// This pair is an inference worth checking (besides the map's own flag).
    public var isInferred: Bool
    /// Free text (e.g. the option label of a numeric value).
    public var note: String?

    public init(from: String, to: String, isInferred: Bool = false, note: String? = nil) {
        self.from = from
        self.to = to
        self.isInferred = isInferred
        self.note = note
    }
}

import AirlockIO

/// The result of streaming `data.xml` in counting mode: per entity counts, with no record kept.
public struct CMTRecordCounts: Sendable, Equatable {
    /// The encoding `data.xml` starts with (from its byte-order mark).
    public var encoding: TextEncoding
    /// The root `timestamp`, nil when absent.
    public var timestamp: CMTTimestamp?
    /// One entry per entity name, in order of first appearance in `data.xml`.
    public var entities: [CMTEntityCount]

    public init(encoding: TextEncoding, timestamp: CMTTimestamp?, entities: [CMTEntityCount]) {
        self.encoding = encoding
        self.timestamp = timestamp
        self.entities = entities
    }

    /// The counts of entity `name`, or nil when `data.xml` has no section for it.
    public func entity(named name: String) -> CMTEntityCount? {
        entities.first { $0.name == name }
    }
}

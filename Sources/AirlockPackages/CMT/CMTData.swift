/// The content of a CMT `data.xml`: the export timestamp and one section per entity.
public struct CMTData: Sendable, Equatable {
    /// The root `timestamp`; nil when absent (older exports).
    public var timestamp: CMTTimestamp?
    /// Root attributes other than `timestamp` and the `xmlns:xsd`/`xmlns:xsi` declarations (which the writer
    /// always puts out), in order.
    public var otherAttributes: [CMTAttribute]
    /// Entity sections in document order (CMT imports in this order; keep it consistent with the schema).
    public var entities: [CMTEntityData]

    public init(timestamp: CMTTimestamp? = nil, otherAttributes: [CMTAttribute] = [], entities: [CMTEntityData] = []) {
        self.timestamp = timestamp
        self.otherAttributes = otherAttributes
        self.entities = entities
    }

    /// The first section of entity `name`, or nil.
    public func entity(named name: String) -> CMTEntityData? {
        entities.first { $0.name == name }
    }
}

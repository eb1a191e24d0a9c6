/// The records a Sales target holds when packages are imported one after another: the target's export and the
/// packages imported before (`validate --against EXPORT --against BATCH-0001.zip …`, a batch with the batches
/// before it). A record is held when any of them holds it.
public struct CMTTargetRecordsUnion: CMTTargetRecords {
    /// The sources, in the order they are asked.
    public let parts: [any CMTTargetRecords]

    public init(_ parts: [any CMTTargetRecords]) {
        self.parts = parts
    }

    public func holds(entity: String, id: String) -> Bool {
        parts.contains { $0.holds(entity: entity, id: id) }
    }

    public func holds(entity: String, guidHigh high: UInt64, low: UInt64) -> Bool {
        parts.contains { $0.holds(entity: entity, guidHigh: high, low: low) }
    }
}

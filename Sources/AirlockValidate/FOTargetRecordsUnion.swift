/// The records an F&O target holds when packages are imported one after another: the target's export and the
/// packages imported before (`validate --against EXPORT --against BATCH-0001.zip …`, a batch with the batches
/// before it). A record is held when any of them holds it.
public struct FOTargetRecordsUnion: FOTargetRecords {
    /// The sources, in the order they are asked.
    public let parts: [any FOTargetRecords]

    public init(_ parts: [any FOTargetRecords]) {
        self.parts = parts
    }

    public func holds(entities: [String], fields: [String], values: [String]) -> Bool {
        parts.contains { $0.holds(entities: entities, fields: fields, values: values) }
    }
}

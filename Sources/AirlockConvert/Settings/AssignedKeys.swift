/// What `--assign-keys` gave: per Sales entity, the records that had no key and the key each took.
struct AssignedKeys: Sendable {
    /// One record's new key.
    struct Assignment: Sendable, Hashable {
        /// The record's row in the Sales export's section.
        var row: Int
        /// The record's GUID.
        var id: String
        var key: String
    }

    /// The keys of one entity, in the order they were numbered.
    struct EntityKeys: Sendable {
        var keyed: KeyedEntity
        var pattern: KeyPattern
        var assignments: [Assignment]
        /// The highest running number of this pattern the exports already held; nil: none.
        var highestHeld: (number: Int, key: String)?
        /// Keys of this pattern's form the F&O export holds and the Sales export does not: a sign that an earlier
        /// run's keys were imported into F&O but not written back to Sales.
        var heldByFOOnly: [String]
        /// The records left without a key because another record of the entity has their id (or they have none), and
        /// the first such id; nil when there are none.
        var sharedIDs: (records: Int, firstID: String)?
    }

    var entities: [EntityKeys] = []

    /// The keys of `entity`, or nil when none was numbered.
    func keys(of entity: String) -> EntityKeys? { entities.first { $0.keyed.entity == entity } }
}

import AirlockModel
import AirlockPackages

/// The keys a run writes back to their Sales records in `to-sales.zip` (`AssignedKeyRule`): those `--assign-keys` gave
/// and those the key register restored where the export did not hold them, per keyed entity, each entity with what the
/// export's schema tells of its key attribute (`KeyColumnEvidence`). Keys go back only where the schema declares the
/// attribute; elsewhere the run says why once per entity, and the key register keeps them.
struct KeyWriteBack: Sendable {
    /// One keyed entity's records whose key Sales does not hold yet.
    struct EntityKeys: Sendable {
        var keyed: KeyedEntity
        /// In the export's order (as a merge of shards orders them too).
        var records: [AssignedKeys.Assignment]
        var evidence: KeyColumnEvidence
    }

    var entities: [EntityKeys] = []

    /// The keys of `assigned` and `restored` (per entity) for the entities `keyed`, with `sales`'s schema's evidence.
    init(
        keyed: [KeyedEntity], assigned: AssignedKeys?, restored: [String: [AssignedKeys.Assignment]], sales: CMTPackage,
        catalog: SchemaCatalog
    ) {
        for entity in keyed {
            let records = ((assigned?.keys(of: entity.entity)?.assignments ?? []) + (restored[entity.entity] ?? [])).sorted {
                $0.row < $1.row
            }
            guard !records.isEmpty else { continue }
            entities.append(
                EntityKeys(
                    keyed: entity, records: records,
                    evidence: KeyColumnEvidence.of(entity: entity.entity, attribute: entity.attribute, sales: sales, catalog: catalog)))
        }
    }

    /// The entities whose keys go back.
    var written: [EntityKeys] { entities.filter(\.evidence.canWriteBack) }

    /// The entities whose keys cannot go back.
    var kept: [EntityKeys] { entities.filter { !$0.evidence.canWriteBack } }
}

import AirlockMapping
import AirlockModel

/// Which flows a shard writes and counts: those converting its account trees' records, and the reference data flows,
/// which every shard runs for its lookups, in shard 0 alone. A flow a shard does not write still runs (a later flow
/// looks up its records) but makes nothing beyond them: its rules' generated records are left out.
struct ShardFlowOwnership: Sendable {
    var trees: ShardTrees
    /// Whether this shard writes the reference data flows (shard 0).
    var ownsReferenceData: Bool

    /// Whether the shard writes and counts the records of a flow from `template`'s source.
    func owns(_ template: MappingTemplate, catalog: SchemaCatalog) -> Bool {
        ownsReferenceData || trees.isTree(template.source, catalog: catalog)
    }
}

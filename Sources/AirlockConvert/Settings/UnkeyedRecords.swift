import AirlockMapping
import AirlockPackages

/// How many records of each keyed Sales entity (`KeyedEntity`) an export holds, and how many of them lack a key:
/// what the plan and the summary say when `--assign-keys` is not given, instead of a wall of `missing-required`.
enum UnkeyedRecords {
    struct Count: Sendable {
        var keyed: KeyedEntity
        var records: Int
        var unkeyed: Int
    }

    /// The counts of `sales`'s sections for the entities `templates` key, in their order.
    static func count(in sales: CMTPackage, templates: TemplateSet) -> [Count] {
        KeyedEntity.of(templates).compactMap { keyed in
            guard let table = sales.data.entities.first(where: { $0.name == keyed.entity })?.records.values else { return nil }
            return Count(keyed: keyed, records: table.rowCount, unkeyed: keyed.unkeyedRows(in: table).count)
        }
    }
}

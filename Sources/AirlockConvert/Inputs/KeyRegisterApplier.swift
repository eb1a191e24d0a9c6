import AirlockMapping
import AirlockModel
import AirlockPackages
import AirlockReconcile

/// Gives every Sales record the key register holds its registered key before the flows run (docs/ledger.md, "The key
/// register"): a record an earlier run numbered keeps its number and a linked record its F&O record, whatever the
/// Sales export now holds in the key attribute (the column left out of the export, the value never written back, or
/// another value typed since).
///
/// Refused with the register's file and line: a register of another migration (the Sales export holds none of its
/// records of an entity it holds records of, and the F&O export none of the keys it gave), and a registered key that
/// another Sales record of the export holds (two Sales records would update one F&O record).
enum KeyRegisterApplier {
    /// What applying the register did.
    struct Applied {
        var sales: CMTPackage
        /// Per Sales entity, the records of the export the register holds (each took its registered key).
        var kept: [String: Int] = [:]
        /// Per Sales entity, the records whose export did not hold the registered key (empty, another value, or no such
        /// column), by row: what the run writes back to Sales where the export's schema lets it.
        var restored: [String: [AssignedKeys.Assignment]] = [:]
        /// Records whose key attribute held another value, which the register's replaced.
        var replaced: [(entity: String, id: String, old: String, new: String, line: Int)] = []
    }

    /// Applies `register` to `sales`; `foTables` tell a register of another migration (only of `wholeExports`: a
    /// shard's part of them may hold none of the register's records by chance).
    /// - Throws: `AirlockError(.invalidValue)` naming the register's file and line (see the type).
    static func apply(
        _ register: KeyRegister, to sales: CMTPackage, foTables: [(String, Table)], templates: TemplateSet, wholeExports: Bool = true
    ) throws -> Applied {
        var applied = Applied(sales: sales)
        guard !register.isEmpty else { return applied }
        var foKeys: Set<String>?
        for entity in register.entities {
            guard let index = sales.data.entities.firstIndex(where: { $0.name == entity }) else { continue }
            var table = sales.data.entities[index].records.values
            guard let idColumn = table.columnIndex(named: CMTRecordTable.idColumn), table.rowCount > 0 else { continue }
            let identities = register.identities(of: entity)
            guard let attribute = identities.first?.attribute else { continue }
            let keyColumn = table.columnIndex(named: attribute) ?? table.addColumn(attribute)
            var replacements: [Int: String?] = [:]
            var restored: [AssignedKeys.Assignment] = []
            var kept = 0
            for row in 0..<table.rowCount {
                let id = table.value(row: row, column: idColumn)?.trimmingASCIIWhitespace().lowercased() ?? ""
                let held = table.value(row: row, column: keyColumn)?.trimmingASCIIWhitespace() ?? ""
                if let identity = register.identity(of: entity, id: id) {
                    kept += 1
                    guard held != identity.key else { continue }
                    if !held.isEmpty { applied.replaced.append((entity, id, held, identity.key, identity.line)) }
                    replacements[row] = identity.key
                    restored.append(AssignedKeys.Assignment(row: row, id: id, key: identity.key))
                } else if !held.isEmpty, let holder = register.holder(of: held, in: entity) {
                    throw refusal(held: held, by: id, holder: holder, entity: entity, register: register, foTables: foTables)
                }
            }
            if kept == 0, wholeExports {
                if foKeys == nil { foKeys = Self.foKeys(foTables, templates: templates) }
                let assigned = identities.filter { $0.kind == .assigned }
                if !assigned.contains(where: { foKeys?.contains($0.key.uppercased()) == true }) {
                    throw AirlockError(
                        .invalidValue,
                        "the key register belongs to another migration: the Sales export holds \(table.rowCount) \(entity) records and none of the \(identities.count) it registers, and the F&O export none of the keys it gave them; give this migration's exports, or another migration folder (--out elsewhere, or --ledger FILE)",
                        at: SourceLocation(file: register.path, line: identities[0].line))
                }
            }
            try table.replaceValues(in: keyColumn, replacements)
            applied.sales.data.entities[index].records.values = table
            applied.kept[entity] = kept
            if !restored.isEmpty { applied.restored[entity] = restored }
        }
        return applied
    }

    /// The refusal of a registered key (`holder`'s) that Sales record `id` holds too.
    private static func refusal(
        held: String, by id: String, holder: KeyRegisterEntry, entity: String, register: KeyRegister, foTables: [(String, Table)]
    ) -> AirlockError {
        let inFO = foTables.first { _, table in
            table.columns.indices.contains { column in
                (0..<table.rowCount).contains { table.value(row: $0, column: column)?.trimmingASCIIWhitespace() == holder.key }
            }
        }
        let fo = inFO.map { ", which the F&O export holds in \($0.0)" } ?? ""
        return AirlockError(
            .invalidValue,
            "the key register gives \(holder.key) to Sales \(entity) \(holder.id) (\(holder.run))\(fo), and the Sales export's \(entity) \(id) holds \(held) in \(holder.attribute): two Sales records would update one F&O record; put \(id)'s \(holder.attribute) right in Sales and export again",
            at: SourceLocation(file: register.path, line: holder.line))
    }

    /// The upper-cased values of every F&O column a Sales → F&O flow writes a Sales key to.
    private static func foKeys(_ foTables: [(String, Table)], templates: TemplateSet) -> Set<String> {
        var keys: Set<String> = []
        KeyedEntity.forEachFOKey(of: KeyedEntity.of(templates), in: foTables) { key, _, _ in keys.insert(key.uppercased()) }
        return keys
    }
}

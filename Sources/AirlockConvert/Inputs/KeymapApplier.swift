import AirlockMapping
import AirlockModel
import AirlockPackages
import AirlockReconcile

/// Gives each Sales record a keymap links (`airlock match`'s `keymap.csv`) the F&O key in its key attribute
/// (`accountnumber`, `msdynce_contactnumber`, `productnumber`) before the flows run: the record then finds its F&O
/// record by the templates' keys and converts as an update (or as unchanged) instead of a create, and the F&O
/// records that flow to Sales find it. The keymap is checked against both exports first.
package enum KeymapApplier {
    /// What applying the keymap did.
    struct Applied {
        var sales: CMTPackage
        /// Per Sales entity, the records that took the key.
        var keyed: [String: Int] = [:]
        /// Records whose key attribute held another value, which the F&O key replaced (for the report's warnings).
        var replaced: [(entity: String, id: String, old: String, new: String)] = []
    }

    /// The keymap step of a run: applies the keymap at `path` to the Sales export of `inputs`, says per entity how many
    /// records took their F&O key (`progress`), and returns the warnings for the report, per Sales entity: the records
    /// whose other key the F&O key replaced.
    /// - Throws: as `apply(path:to:foTables:templates:catalog:)`.
    static func apply(
        path: String, to inputs: inout ConversionInputs, templates: TemplateSet, catalog: SchemaCatalog,
        progress: @Sendable (String) -> Void
    ) throws -> [(entity: String, text: String)] {
        let applied = try apply(path: path, to: inputs.sales, foTables: inputs.foTables, templates: templates, catalog: catalog)
        inputs.sales = applied.sales
        for (entity, count) in applied.keyed.sorted(by: { $0.key < $1.key }) {
            progress("keymap: \(count) Sales \(entity) records take their F&O key")
        }
        return Set(applied.replaced.map(\.entity)).sorted().map { entity in
            let replaced = applied.replaced.filter { $0.entity == entity }
            let first = replaced[0]
            return (
                entity,
                "keymap: \(replaced.count) Sales \(entity) records held another key, which the F&O key replaces in this conversion (first: \(first.id) \"\(first.old)\" → \"\(first.new)\"); import match's \(RunLayout.salesKeyPackage) so that Sales holds it too"
            )
        }
    }

    /// Applies the keymap at `path` to `sales`.
    /// - Throws: `AirlockError(.usage)` naming the keymap's file, line and column when it names a Sales record the
    ///   Sales export does not hold, or an F&O record the F&O export does not hold; the keymap reader's errors.
    static func apply(
        path: String, to sales: CMTPackage, foTables: [(String, Table)], templates: TemplateSet, catalog: SchemaCatalog
    ) throws -> Applied {
        let keymap = try Keymap.read(path)
        var applied = Applied(sales: sales)
        var foKeys: [String: Set<String>] = [:]
        func keys(of label: String, entry: KeymapEntry) -> Set<String>? {
            let wanted = catalog.foKey(of: label)
            if let known = foKeys[wanted] { return known }
            guard let table = foTables.first(where: { catalog.foKey(of: $0.0) == wanted })?.1,
                let keyColumn = foKeyColumn(
                    joining: entry.salesEntity, entry.keyAttribute, to: label, templates: templates, catalog: catalog),
                let column = table.columnIndex(named: keyColumn)
            else { return nil }
            var set: Set<String> = []
            for row in 0..<table.rowCount {
                if let value = table.value(row: row, column: column)?.trimmingASCIIWhitespace(), !value.isEmpty { set.insert(value) }
            }
            foKeys[wanted] = set
            return set
        }
        for (index, section) in sales.data.entities.enumerated() {
            let entries = keymap.entries.filter { $0.salesEntity == section.name }
            guard !entries.isEmpty else { continue }
            var table = section.records.values
            guard let idColumn = table.columnIndex(named: CMTRecordTable.idColumn) else { continue }
            var rowOf: [String: Int] = [:]
            for row in 0..<table.rowCount {
                if let id = table.value(row: row, column: idColumn)?.lowercased() { rowOf[id] = row }
            }
            let attribute = entries[0].keyAttribute
            let keyColumn = table.columnIndex(named: attribute) ?? table.addColumn(attribute)
            var replacements: [Int: String?] = [:]
            for entry in entries {
                let location = SourceLocation(file: path, line: entry.line, entity: section.name, record: entry.salesID)
                guard let row = rowOf[entry.salesID] else {
                    var at = location
                    at.column = 3
                    at.field = "sales_id"
                    throw AirlockError(
                        .usage, "the keymap names Sales \(section.name) \(entry.salesID), which the Sales export does not hold", at: at)
                }
                guard let known = keys(of: entry.foEntity, entry: entry), known.contains(entry.foKey) else {
                    var at = location
                    at.column = 8
                    at.field = "fo_key"
                    throw AirlockError(
                        .usage, "the keymap names F&O \(entry.foEntity) \(entry.foKey), which the F&O export does not hold", at: at)
                }
                let old = table.value(row: row, column: keyColumn)?.trimmingASCIIWhitespace() ?? ""
                if old != entry.foKey {
                    if !old.isEmpty { applied.replaced.append((section.name, entry.salesID, old, entry.foKey)) }
                    replacements[row] = entry.foKey
                }
            }
            try table.replaceValues(in: keyColumn, replacements)
            applied.sales.data.entities[index].records.values = table
            applied.keyed[section.name] = entries.count
        }
        for entry in keymap.entries where !sales.data.entities.contains(where: { $0.name == entry.salesEntity }) {
            throw AirlockError(
                .usage, "the keymap names Sales \(entry.salesEntity) records, and the Sales export holds none",
                at: SourceLocation(file: path, line: entry.line, column: 2, field: "sales_entity"))
        }
        return applied
    }

    /// The F&O key column that Sales `salesEntity`'s `keyAttribute` joins in F&O entity `label`: the key of the
    /// template flow between the two (or a catalog version of `label`), at the attribute's place in the Sales key;
    /// for an entity no flow writes that carries the same records (`Contacts V2` beside `CDS Contacts`), the first such
    /// key column the catalog gives `label` too.
    package static func foKeyColumn(
        joining salesEntity: String, _ keyAttribute: String, to label: String, templates: TemplateSet, catalog: SchemaCatalog
    ) -> String? {
        var joins: [(entity: String, column: String)] = []
        for template in templates.templates {
            let ends = [template.source, template.target]
            guard let salesEnd = ends.first(where: { $0.side == .sales && $0.entity == salesEntity }),
                let foEnd = ends.first(where: { $0.side == .fo }),
                let place = salesEnd.key.firstIndex(where: { $0.field == keyAttribute }), place < foEnd.key.count
            else { continue }
            joins.append((foEnd.entity, foEnd.key[place].field))
        }
        if let join = joins.first(where: { join in catalog.foEntityVersions(of: join.entity).contains { catalog.isSameFOEntity($0, label) }
        }) {
            return join.column
        }
        return joins.first { catalog.foEntity(named: label)?.field(named: $0.column) != nil }?.column
    }
}

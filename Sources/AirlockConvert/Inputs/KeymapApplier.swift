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
        /// The links applied, in the keymap's order: what the run enters in the key register.
        var links: [KeymapEntry] = []
    }

    /// The keymap step of a run: applies the keymap at `path` to the Sales export of `inputs`, says per entity how many
    /// records took their F&O key (`progress`), and returns the warnings for the report, per Sales entity: the records
    /// whose other key the F&O key replaced; and the links applied.
    /// - Throws: as `apply(path:to:foTables:register:templates:catalog:)`.
    static func apply(
        path: String, to inputs: inout ConversionInputs, register: KeyRegister?, templates: TemplateSet, catalog: SchemaCatalog,
        progress: @Sendable (String) -> Void
    ) throws -> (warnings: [(entity: String, text: String)], links: [KeymapEntry]) {
        let applied = try apply(
            path: path, to: inputs.sales, foTables: inputs.foTables, register: register, templates: templates, catalog: catalog)
        inputs.sales = applied.sales
        for (entity, count) in applied.keyed.sorted(by: { $0.key < $1.key }) {
            progress("keymap: \(count) Sales \(entity) records take their F&O key")
        }
        let warnings = Set(applied.replaced.map(\.entity)).sorted().map { entity -> (entity: String, text: String) in
            let replaced = applied.replaced.filter { $0.entity == entity }
            let first = replaced[0]
            return (
                entity,
                "keymap: \(replaced.count) Sales \(entity) records held another key, which the F&O key replaces in this conversion (first: \(first.id) \"\(first.old)\" → \"\(first.new)\"); import match's \(RunLayout.salesKeyPackage) so that Sales holds it too"
            )
        }
        return (warnings, applied.links)
    }

    /// Applies the keymap at `path` to `sales`.
    /// - Throws: `AirlockError(.usage)` naming the keymap's file, line and column when it names a Sales record the
    ///   Sales export does not hold, or an F&O record the F&O export does not hold, or links a record otherwise than the
    ///   key register (`register`) does; the keymap reader's errors.
    static func apply(
        path: String, to sales: CMTPackage, foTables: [(String, Table)], register: KeyRegister? = nil, templates: TemplateSet,
        catalog: SchemaCatalog
    ) throws -> Applied {
        let keymap = try Keymap.read(path)
        var applied = Applied(sales: sales)
        var refusals: [AirlockError] = []
        var foKeys = FOKeySets(tables: foTables, templates: templates, catalog: catalog)
        for (index, section) in sales.data.entities.enumerated() {
            let entries = keymap.entries.filter { $0.salesEntity == section.name }
            guard !entries.isEmpty else { continue }
            try applyLinks(
                entries, toSection: index, of: sales, path: path, register: register, foKeys: &foKeys, applied: &applied,
                refusals: &refusals)
        }
        for entry in keymap.entries where !sales.data.entities.contains(where: { $0.name == entry.salesEntity }) {
            refusals.append(
                AirlockError(
                    .usage, "the keymap names Sales \(entry.salesEntity) records, and the Sales export holds none",
                    at: SourceLocation(file: path, line: entry.line, column: 2, field: "sales_entity")))
        }
        try refuseFirst(of: refusals, links: keymap.entries.count)
        return applied
    }

    /// The key values of the F&O entities the keymap names, each read once from the F&O export's table.
    private struct FOKeySets {
        let tables: [(String, Table)]
        let templates: TemplateSet
        let catalog: SchemaCatalog
        /// F&O entity (by its catalog key) → its records' key values.
        private var known: [String: Set<String>] = [:]

        init(tables: [(String, Table)], templates: TemplateSet, catalog: SchemaCatalog) {
            self.tables = tables
            self.templates = templates
            self.catalog = catalog
        }

        /// The key values of F&O entity `label`, in the column `entry`'s Sales key attribute joins (nil when the
        /// export has no such table or column).
        mutating func keys(of label: String, entry: KeymapEntry) -> Set<String>? {
            let wanted = catalog.foKey(of: label)
            if let known = known[wanted] { return known }
            guard let table = tables.first(where: { catalog.foKey(of: $0.0) == wanted })?.1,
                let keyColumn = foKeyColumn(
                    joining: entry.salesEntity, entry.keyAttribute, to: label, templates: templates, catalog: catalog),
                let column = table.columnIndex(named: keyColumn)
            else { return nil }
            var set: Set<String> = []
            for row in 0..<table.rowCount {
                if let value = table.value(row: row, column: column)?.trimmingASCIIWhitespace(), !value.isEmpty { set.insert(value) }
            }
            known[wanted] = set
            return set
        }
    }

    /// Gives the records of the Sales section at `index` the F&O keys their links (`entries`) name, in the key
    /// attribute (added when the section lacks it), counting what it replaces; a link that does not hold is refused
    /// (`refusal`) and left out.
    private static func applyLinks(
        _ entries: [KeymapEntry], toSection index: Int, of sales: CMTPackage, path: String, register: KeyRegister?,
        foKeys: inout FOKeySets, applied: inout Applied, refusals: inout [AirlockError]
    ) throws {
        let section = sales.data.entities[index]
        var table = section.records.values
        guard let idColumn = table.columnIndex(named: CMTRecordTable.idColumn) else { return }
        var rowOf: [String: Int] = [:]
        for row in 0..<table.rowCount {
            if let id = table.value(row: row, column: idColumn)?.lowercased() { rowOf[id] = row }
        }
        let attribute = entries[0].keyAttribute
        let keyColumn = table.columnIndex(named: attribute) ?? table.addColumn(attribute)
        var replacements: [Int: String?] = [:]
        for entry in entries {
            let location = SourceLocation(file: path, line: entry.line, entity: section.name, record: entry.salesID)
            let row = rowOf[entry.salesID]
            if let refusal = try refusal(
                of: entry, in: section.name, heldInSales: row != nil, at: location, register: register, foKeys: &foKeys)
            {
                refusals.append(refusal)
                continue
            }
            // Held: `refusal` refuses a record the Sales export lacks.
            guard let row else { continue }
            applied.links.append(entry)
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

    /// Why the link `entry` of Sales `entity` does not hold, nil when it does: its Sales record is not in the Sales
    /// export (`heldInSales`), its F&O key not in the F&O export, or the key register contradicts it.
    private static func refusal(
        of entry: KeymapEntry, in entity: String, heldInSales: Bool, at location: SourceLocation, register: KeyRegister?,
        foKeys: inout FOKeySets
    ) throws -> AirlockError? {
        guard heldInSales else {
            var at = location
            at.column = 3
            at.field = "sales_id"
            return AirlockError(
                .usage, "the keymap names Sales \(entity) \(entry.salesID), which the Sales export does not hold", at: at)
        }
        guard let known = foKeys.keys(of: entry.foEntity, entry: entry), known.contains(entry.foKey) else {
            var at = location
            at.column = 8
            at.field = "fo_key"
            return AirlockError(.usage, "the keymap names F&O \(entry.foEntity) \(entry.foKey), which the F&O export does not hold", at: at)
        }
        do {
            try checkAgainst(register, entry: entry, at: location)
        } catch let refusal as AirlockError {
            return refusal
        }
        return nil
    }

    /// Throws the first refusal by keymap line, whatever the order the sections were read in, saying how many more do
    /// not hold (a line holds one link, so one refusal each).
    private static func refuseFirst(of refusals: [AirlockError], links: Int) throws {
        if var first = refusals.min(by: { ($0.location.line ?? 0) < ($1.location.line ?? 0) }) {
            let more = refusals.count - 1
            if more > 0 {
                let otherPair = refusals.count * 2 > links ? ": is it the keymap of another pair of exports?" : ""
                first.message += "; \(more) more of its \(links) links do not hold either\(otherPair)"
            }
            throw first
        }
    }

    /// Refuses a link that the key register contradicts: its Sales record registered under another key, or its F&O key
    /// registered for another Sales record. An identity an earlier run decided stands.
    private static func checkAgainst(_ register: KeyRegister?, entry: KeymapEntry, at location: SourceLocation) throws {
        guard let register else { return }
        var at = location
        at.column = 8
        at.field = "fo_key"
        let link = "the keymap links Sales \(entry.salesEntity) \(entry.salesID) to \(entry.foKey)"
        if let identity = register.identity(of: entry.salesEntity, id: entry.salesID), identity.key != entry.foKey {
            throw AirlockError(
                .usage,
                "\(link), and the key register gives it \(identity.key) (\(register.path) line \(identity.line), \(identity.run)): a record keeps the key an earlier run decided; leave the line out or give it that key",
                at: at)
        }
        if let holder = register.holder(of: entry.foKey, in: entry.salesEntity), holder.id != entry.salesID {
            throw AirlockError(
                .usage,
                "\(link), which the key register gives Sales \(entry.salesEntity) \(holder.id) (\(register.path) line \(holder.line), \(holder.run)): two Sales records would update one F&O record",
                at: at)
        }
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

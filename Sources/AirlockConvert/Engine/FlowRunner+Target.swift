import AirlockMapping
import AirlockModel
import AirlockPackages
import AirlockReconcile
import AirlockValidate

/// What a flow's records are matched against: the target export's records with their key, how each field is
/// compared, and the earlier flows that write the same entity.
extension FlowRunner {
    /// The target export's records of the flow's target entity, with the key to match them by. A Sales table gets
    /// its key path columns (`salesorderid.ordernumber`) from the records its lookups point to; an entity the
    /// export lacks is an empty table (every record is then created).
    func targetTable(layout: FlowLayout) throws -> (table: Table, key: KeyDefinition) {
        switch template.target.side {
        case .fo:
            if let found = try context.fo.firstTable(
                among: context.catalog.foEntityVersions(of: template.target.entity), having: layout.keyColumns)
            {
                let company: KeyDefinition.Company =
                    found.table.columnIndex(named: FlowLayout.companyField) != nil
                    ? .column(FlowLayout.companyField) : .fixed(context.company)
                return (found.table, KeyDefinition(columns: layout.keyColumns, company: company))
            }
            return (Table(name: template.target.entity, columnNames: layout.keyColumns), layout.keyDefinition)
        case .sales:
            guard let table = context.sales.table(template.target.entity) else {
                return (Table(name: template.target.entity, columnNames: layout.keyColumns), layout.keyDefinition)
            }
            // A company key part the export lacks is the conversion's (as a blank company is, below).
            let missing = template.target.key.filter { $0 != template.target.company }.map(\.field)
                .filter { table.columnIndex(named: $0) == nil }
            if !missing.isEmpty, table.rowCount > 0 {
                context.warn(
                    "flow \(template.name): the Sales export's \(template.target.entity) has no \(missing.joined(separator: ", ")) (the natural key), so its records cannot be matched: every record counts as new; export the key field to match them",
                    flow: template.name)
            }
            guard missing.isEmpty else {
                return (Table(name: template.target.entity, columnNames: layout.keyColumns), layout.keyDefinition)
            }
            var columns = table.columns
            let companyBytes = Array(context.company.utf8)
            for key in template.target.key {
                // The company key part: a record whose company is blank is the conversion company's.
                let isCompany = key == template.target.company
                let lookupColumn = table.columnIndex(named: key.field)
                guard let attribute = key.referencedField else { continue }
                var column = TableColumn(name: key.description)
                // Each referenced entity once: its id index (probed with the lookup column's bytes) and key column.
                let referenced =
                    (context.catalog.salesEntity(named: template.target.entity)?.attribute(named: key.field)?.lookupTargets ?? [])
                    .compactMap { entity -> (ids: KeyIndex, table: Table, column: Int)? in
                        guard let ids = try? context.sales.idIndex(entity), let table = context.sales.table(entity),
                            let column = table.columnIndex(named: attribute)
                        else { return nil }
                        return (ids, table, column)
                    }
                let probe =
                    table.columnIndex(named: key.field) != nil
                    ? try BoundKey(table: table, definition: KeyDefinition(columns: [key.field])) : nil
                column.reserve(rows: table.rowCount)
                for row in 0..<table.rowCount {
                    // The referenced record's key, copied as bytes; null when the lookup finds nothing.
                    let found = probe.flatMap { probe in
                        referenced.lazy.compactMap { entity in entity.ids.row(matching: probe, row: row).map { (entity, $0) } }.first
                    }
                    if let (entity, targetRow) = found {
                        try entity.table.withValue(row: targetRow, column: entity.column) { try column.append($0) }
                    } else if isCompany,
                        lookupColumn.map({ table.withValue(row: row, column: $0) { $0.map { ASCII.scan($0).isBlank } ?? true } }) ?? true
                    {
                        try companyBytes.withUnsafeBytes { try column.append($0) }
                    } else {
                        try column.append(nil as UnsafeRawBufferPointer?)
                    }
                }
                columns.append(column)
            }
            return (Table(name: table.name, columns: columns), layout.keyDefinition)
        }
    }

    /// Warns of the F&O export's rows of the target entity that repeat an earlier row's key, once per entity: from the
    /// first flow in run order that writes it (the flows after it read its output, so it has none). A row that repeats
    /// the earlier row exactly (every column) is matched as one with it; one with other values is not matched at all,
    /// the records being matched against the first row of the key. `validate` reports both as fo.key.duplicate.
    func noteRepeatedKeys(in target: KeyIndex) {
        guard template.target.side == .fo, !target.duplicates.isEmpty,
            !context.outputs.values.contains(where: {
                $0.template.target.side == template.target.side && $0.template.target.entity == template.target.entity
            })
        else { return }
        let repeats = target.exactRepeats()
        if let first = repeats.first {
            let rows = repeats.count == 1 ? "1 row repeats" : "\(repeats.count) rows repeat"
            context.warn(
                "\(target.table.name): \(rows) another row of the F&O export exactly (every column the same; first: \(target.key.naturalKey(row: first.row))); each is taken once when records are matched against the export (validate reports them as fo.key.duplicate)",
                flow: template.name)
        }
        let exact = Set(repeats.map(\.row))
        let differing = target.duplicates.filter { !exact.contains($0.row) }
        if let first = differing.first {
            let rows = differing.count == 1 ? "1 row holds" : "\(differing.count) rows hold"
            context.warn(
                "\(target.table.name): \(rows) the key of an earlier row of the F&O export with other values (first: \(target.key.naturalKey(row: first.row)), rows \(first.keptRow + 1) and \(first.row + 1) of the entity's file); records are matched against the first row of each key alone, so whether one is created, updated or unchanged is decided without the others (validate reports them as fo.key.duplicate: settle which record F&O holds before importing)",
                flow: template.name)
        }
    }

    /// How each compared field is compared, from its target type.
    func comparisons(layout: FlowLayout) -> [String: ValueComparison] {
        var result: [String: ValueComparison] = [:]
        for name in layout.columns {
            if FlowLayout.isBookkeeping(name) { continue }
            switch template.target.side {
            case .fo:
                guard let type = context.catalog.foEntity(named: template.target.entity)?.field(named: name)?.type else { continue }
                switch type {
                case .int, .int64, .real: result[name] = .decimal
                case .date, .datetime: result[name] = .dateTime
                case .noYes, .enumeration, .guid: result[name] = .caseInsensitive
                case .string: break
                }
            case .sales:
                guard let type = context.catalog.salesEntity(named: template.target.entity)?.attribute(named: name)?.type else { continue }
                switch type {
                case .number, .bigint, .decimal, .float, .money, .optionSetValue, .state, .status: result[name] = .decimal
                case .datetime: result[name] = .dateTime
                case .bool, .guid, .entityReference, .owner: result[name] = .caseInsensitive
                default: break
                }
            }
        }
        return result
    }

    /// When an earlier flow writes the same target entity (accounts and contacts-to-customers both write
    /// Customers V2), a record whose key that flow already has is a duplicate: the indexes of those flows' records.
    func earlierWriters(layout: FlowLayout) throws -> [(flow: String, index: KeyIndex)] {
        var writers: [(flow: String, index: KeyIndex)] = []
        for output in context.outputs.values.sorted(by: { $0.template.name < $1.template.name })
        where output.template.target.side == template.target.side && output.template.target.entity == template.target.entity {
            guard let index = try output.index(by: layout.keyColumns), index.key.definition.hasCompany == layout.keyDefinition.hasCompany,
                index.key.definition.columns.count == layout.keyColumns.count
            else { continue }
            writers.append((output.template.name, index))
        }
        return writers
    }
}

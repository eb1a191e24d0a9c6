import AirlockIO
import AirlockMapping
import AirlockModel
import AirlockReconcile
import AirlockReport

/// Resolves the second-pass lookups (`pass: second`) once every flow that writes Sales records has finished, and
/// classifies the records again with their values.
///
/// A flow leaves such a field holding the referenced record's business key, out of its comparison with the target
/// (`SecondPassRecords`). Here each value is resolved as `ConversionContext.resolveSalesLookup` does: among every
/// record the run writes to Sales (the flow's own records too, wherever they are in the file) and then in the
/// Sales export, company-aware. Then, per record, the resolved GUID is compared with the target export's:
/// - a record found unchanged whose lookup differs becomes an update (written, counted under `updated` and the
///   field under `updatedFields`); in a flow towards the master side, a lookup the master holds a value for keeps it
///   (the field is left out of the record), and a record that would change nothing else is filtered
///   `held-by-master` as in classification, so read = created + updated + unchanged + filtered + rejected holds;
/// - a value that names no record leaves the field empty (an empty value is never compared, so the target keeps
///   what it holds) and is listed (`FlowOutput.unresolved`): the record is still written.
///
/// The result is a new `FlowOutput` (outputs are not changed once other flows can read them); it depends only on
/// the finished Sales outputs and the Sales export, so a run on two cores equals a sequential one.
enum SecondPass {
    /// The outputs with their second-pass lookups resolved (those without any as they are), in the same order.
    ///
    /// The flows are resolved side by side (the largest first), each against the outputs as the flows left them:
    /// resolving changes only a flow's second-pass fields and which records are written, never the ids, business
    /// keys and names a lookup finds a record by, so no flow's result depends on another's being resolved first.
    /// The resolved outputs then replace the flows' in the context, in run order.
    static func resolve(_ outputs: [FlowOutput], context: ConversionContext) throws -> [FlowOutput] {
        let pending = outputs.indices.filter { outputs[$0].secondPass != nil }
        let resolved = try ParallelMap.map(pending.count, costs: pending.map { outputs[$0].accepted.rowCount }) { index in
            let output = outputs[pending[index]]
            guard let records = output.secondPass else { return output }
            return try resolve(output, pending: records, context: context)
        }
        var result = outputs
        for (index, position) in pending.enumerated() {
            context.add(resolved[index])
            result[position] = resolved[index]
        }
        return result
    }

    private static func resolve(_ output: FlowOutput, pending: SecondPassRecords, context: ConversionContext) throws -> FlowOutput {
        let template = output.template
        let layout = output.layout
        let accepted = output.accepted
        let towardsMaster = context.masterSide == template.target.side
        let boundKey = try BoundKey(table: accepted, definition: layout.keyDefinition)
        let idPosition = layout.idColumn.flatMap { layout.position($0) }
        struct Field {
            let mapping: FieldMapping
            let position: Int
            let entityPosition: Int?
            let namePosition: Int?
            let targetColumn: Int?
            let what: String
            let lookup: SalesLookup
        }
        let fields = pending.fields.compactMap { mapping -> Field? in
            guard let position = layout.position(mapping.target) else { return nil }
            return Field(
                mapping: mapping, position: position, entityPosition: layout.position(FlowLayout.lookupEntityColumn(mapping.target)),
                namePosition: layout.position(FlowLayout.lookupNameColumn(mapping.target)),
                targetColumn: pending.target.columnIndex(named: mapping.target),
                what: mapping.lookup.map { "\($0.entity) with \($0.keyAttribute)" }.joined(separator: " or "),
                lookup: context.salesLookup(mapping.lookup))
        }
        var found: [String: (id: String, entity: String, name: String?)?] = [:]
        // Only the columns the second-pass fields write change: they are built anew from `touched` (per column
        // position, one value per kept record); every other column is the flow's own, shared, or copied without
        // the records the pass filters.
        var touched: [Int: [String?]] = [:]
        for field in fields {
            for position in [field.position, field.entityPosition, field.namePosition].compactMap({ $0 }) { touched[position] = [] }
        }
        var keptRows: [Int] = []
        var sourceRows: [Int] = []
        var written: [Bool] = []
        var counts = output.counts
        var changedFields = output.changedFields
        /// Field → the first change's values, for a field no change had named before (`from` nil: the target export
        /// lacks the column).
        var examples: [String: (from: String?, to: String)] = [:]
        var filteredBy = output.filteredBy
        var unresolved: [UnresolvedLookup] = []
        var uncompared: Set<String> = []
        var values: [Int: String?] = [:]
        for row in 0..<accepted.rowCount {
            values.removeAll(keepingCapacity: true)
            for position in touched.keys { values[position] = accepted.value(row: row, column: position) }
            let targetRow = pending.targetRows[row]
            var changed: [String] = []
            var masterKept = false
            for field in fields {
                let key = values[field.position].flatMap { $0 }?.trimmingASCIIWhitespace() ?? ""
                values[field.position] = .some(nil)
                guard !key.isEmpty else { continue }
                let memoKey = field.mapping.target + "\u{0}" + key
                let record: (id: String, entity: String, name: String?)?
                if let known = found[memoKey] {
                    record = known
                } else {
                    record = field.lookup.resolve(key)
                    found[memoKey] = record
                }
                guard let record else {
                    unresolved.append(
                        UnresolvedLookup(
                            sourceRow: output.acceptedSourceRows[row],
                            id: idPosition.flatMap { accepted.value(row: row, column: $0) } ?? "",
                            key: boundKey.naturalKey(row: row).description, field: field.mapping.target, value: key, target: field.what))
                    continue
                }
                values[field.position] = .some(record.id)
                if let position = field.entityPosition { values[position] = .some(record.entity) }
                if let position = field.namePosition { values[position] = .some(record.name) }
                guard let targetRow else { continue }
                if let column = field.targetColumn {
                    let held = pending.target.value(row: targetRow, column: column)?.trimmingASCIIWhitespace().lowercased() ?? ""
                    if towardsMaster, !held.isEmpty, held != record.id.lowercased() {
                        // The master's value stays: left out of the record, the importer keeps it.
                        for position in [field.position, field.entityPosition, field.namePosition].compactMap({ $0 }) {
                            values[position] = .some(nil)
                        }
                        masterKept = true
                    } else if held != record.id.lowercased() {
                        changed.append(field.mapping.target)
                        if changedFields[field.mapping.target] == nil { examples[field.mapping.target] = (held, record.id) }
                    }
                } else {
                    // The target export lacks the column: it cannot be shown to hold the value (as in classification).
                    changed.append(field.mapping.target)
                    uncompared.insert(field.mapping.target)
                    if changedFields[field.mapping.target] == nil, examples[field.mapping.target] == nil {
                        examples[field.mapping.target] = (nil, record.id)
                    }
                }
            }
            var isWritten = output.written[row]
            if targetRow != nil, changed.isEmpty, masterKept, !pending.updated[row] {
                // All it would change is the master's: left out, as classification leaves such records.
                counts.unchanged -= 1
                counts.filtered += 1
                filteredBy[BuiltInFilter.heldByMaster, default: 0] += 1
                continue
            }
            if targetRow != nil, !changed.isEmpty {
                if !pending.updated[row] {
                    counts.unchanged -= 1
                    counts.updated += 1
                    isWritten = true
                }
                for field in changed {
                    var change =
                        changedFields[field]
                        ?? FieldChange(records: 0, from: examples[field].map { $0.from } ?? "", to: examples[field]?.to ?? "")
                    change.records += 1
                    changedFields[field] = change
                }
            }
            for (position, value) in values { touched[position]?.append(value) }
            keptRows.append(row)
            sourceRows.append(output.acceptedSourceRows[row])
            written.append(isWritten)
        }
        let table = try columns(of: accepted, keeping: keptRows, replacing: touched)
        try counts.checkIdentity(flow: template.name)
        if !uncompared.isEmpty {
            context.warn(
                "flow \(template.name): the Sales export's \(template.target.entity) has no \(uncompared.sorted().joined(separator: ", ")); records with a value for them are updates (the target cannot be shown to hold it)",
                flow: template.name)
        }
        if !unresolved.isEmpty {
            var byField: [String: Int] = [:]
            for entry in unresolved { byField[entry.field, default: 0] += 1 }
            let list = byField.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
            context.warn(
                "flow \(template.name): \(unresolved.count) second-pass lookup\(unresolved.count == 1 ? "" : "s") found no record in the output or the Sales export (\(list)); the records are written without them, listed in \(RunLayout.rejectsFolder)/\(RunLayout.unresolvedLookups)",
                flow: template.name)
        }
        let resolved = FlowOutput(
            template: template, source: output.source, layout: layout, accepted: table, acceptedSourceRows: sourceRows, written: written,
            counts: counts, rejects: output.rejects, changedFields: changedFields, filteredBy: filteredBy,
            statusIndex: output.statusIndex, statuses: output.statuses)
        resolved.generated = output.generated
        resolved.fills = output.fills
        resolved.assumedReferences =
            output.assumedReferences + assumedReferences(fields.map(\.mapping), accepted: accepted, unresolved: unresolved)
        resolved.unresolved = unresolved
        return resolved
    }

    /// `table` with only the rows `kept` (ascending), the columns at the positions `replacing` names holding
    /// its values instead (one per kept row). A column neither replaced nor missing a row is shared, not copied.
    private static func columns(of table: Table, keeping kept: [Int], replacing: [Int: [String?]]) throws -> Table {
        guard !table.columns.isEmpty else {
            // No column to count the rows by: they are appended as empty rows.
            var empty = Table(name: table.name)
            for _ in kept { try empty.appendRow([]) }
            return empty
        }
        var columns: [TableColumn] = []
        for (position, column) in table.columns.enumerated() {
            if let values = replacing[position] {
                var built = TableColumn(name: column.name)
                built.reserve(rows: values.count)
                for value in values { try built.append(value) }
                columns.append(built)
            } else if kept.count == table.rowCount {
                columns.append(column)
            } else {
                var built = TableColumn(name: column.name)
                built.reserve(rows: kept.count)
                for row in kept { try table.withValue(row: row, column: position) { try built.append($0) } }
                columns.append(built)
            }
        }
        return Table(name: table.name, columns: columns)
    }

    /// For the plan: per second-pass field, the values no record answers (most records first, at most
    /// `ConversionPlan.causeLimit`, the rest on one line) and one line for the values found.
    private static func assumedReferences(
        _ fields: [FieldMapping], accepted: Table, unresolved: [UnresolvedLookup]
    ) -> [ConversionPlan.AssumedReference] {
        var result: [ConversionPlan.AssumedReference] = []
        for field in fields {
            guard let column = accepted.columnIndex(named: field.target) else { continue }
            let what = field.lookup.map { "\($0.entity) with \($0.keyAttribute)" }.joined(separator: " or ")
            var referencing = 0
            var found: Set<String> = []
            for row in 0..<accepted.rowCount {
                guard let value = accepted.value(row: row, column: column)?.trimmingASCIIWhitespace(), !value.isEmpty else { continue }
                referencing += 1
                found.insert(value.lowercased())
            }
            var missing: [String: Int] = [:]
            for entry in unresolved where entry.field == field.target { missing[entry.value, default: 0] += 1 }
            let note = "second pass: resolved after every flow"
            let held = referencing - missing.values.reduce(0, +)
            if held > 0 {
                result.append(
                    ConversionPlan.AssumedReference(
                        field: field.target, target: what, value: "", held: true, note: note, records: held, otherValues: found.count,
                        resolvedAfterEveryFlow: true))
            }
            let sorted = missing.sorted { ($1.value, $0.key) < ($0.value, $1.key) }
            for (value, records) in sorted.prefix(ConversionPlan.causeLimit) {
                result.append(
                    ConversionPlan.AssumedReference(
                        field: field.target, target: what, value: value, held: false,
                        note: note + "; the record is written without it", records: records, resolvedAfterEveryFlow: true))
            }
            let rest = sorted.dropFirst(ConversionPlan.causeLimit)
            if !rest.isEmpty {
                result.append(
                    ConversionPlan.AssumedReference(
                        field: field.target, target: what, value: "", held: false,
                        note: note + "; the records are written without them", records: rest.reduce(0) { $0 + $1.value },
                        otherValues: rest.count, resolvedAfterEveryFlow: true))
            }
        }
        return result
    }
}

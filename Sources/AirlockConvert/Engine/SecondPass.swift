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

    /// One flow's output with its second-pass fields resolved, record by record (`SecondPassFlow`), the records it
    /// keeps rebuilt into a new output and what it could not compare or resolve told.
    private static func resolve(_ output: FlowOutput, pending: SecondPassRecords, context: ConversionContext) throws -> FlowOutput {
        let template = output.template
        var flow = try SecondPassFlow(output: output, pending: pending, context: context)
        for row in 0..<output.accepted.rowCount { flow.resolve(row: row) }
        let table = try columns(of: output.accepted, keeping: flow.keptRows, replacing: flow.touched)
        try flow.counts.checkIdentity(flow: template.name)
        warnOfUncompared(flow.uncompared, template: template, context: context)
        warnOfUnresolved(flow.unresolved, template: template, context: context)
        let resolved = FlowOutput(
            template: template, source: output.source, layout: output.layout, accepted: table, acceptedSourceRows: flow.sourceRows,
            written: flow.written, counts: flow.counts, rejects: output.rejects, changedFields: flow.changedFields,
            filteredBy: flow.filteredBy, statusIndex: output.statusIndex, statuses: output.statuses)
        resolved.generated = output.generated
        resolved.fills = output.fills
        resolved.assumedReferences =
            output.assumedReferences + assumedReferences(flow.fields.map(\.mapping), accepted: output.accepted, unresolved: flow.unresolved)
        resolved.unresolved = flow.unresolved
        return resolved
    }

    /// Warns of the second-pass fields the Sales export's entity has no column for: their records are updates.
    private static func warnOfUncompared(_ uncompared: Set<String>, template: MappingTemplate, context: ConversionContext) {
        guard !uncompared.isEmpty else { return }
        context.warn(
            "flow \(template.name): the Sales export's \(template.target.entity) has no \(uncompared.sorted().joined(separator: ", ")); records with a value for them are updates (the target cannot be shown to hold it)",
            flow: template.name)
    }

    /// Warns of the second-pass lookups that found no record, counted per field.
    private static func warnOfUnresolved(_ unresolved: [UnresolvedLookup], template: MappingTemplate, context: ConversionContext) {
        guard !unresolved.isEmpty else { return }
        var byField: [String: Int] = [:]
        for entry in unresolved { byField[entry.field, default: 0] += 1 }
        let list = byField.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        context.warn(
            "flow \(template.name): \(unresolved.count) second-pass lookup\(unresolved.count == 1 ? "" : "s") found no record in the output or the Sales export (\(list)); the records are written without them, listed in \(RunLayout.rejectsFolder)/\(RunLayout.unresolvedLookups)",
            flow: template.name)
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

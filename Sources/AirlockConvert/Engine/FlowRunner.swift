import AirlockMapping
import AirlockModel
import AirlockPackages
import AirlockReconcile
import AirlockReport
import AirlockValidate

/// Runs one flow: reads its source records, filters and maps them, checks references, classifies them against
/// the target export and keeps what it accepts for later flows and the output packages.
///
/// Each source record gets exactly one outcome, decided in this order: `filtered` (another company's record, a
/// template filter or `--since`, the header's filter), `header-rejected` / `orphan-reference` for a line whose header
/// is rejected or nowhere, then the record's own problems (a value the Sales export reader could not decode, a Sales
/// company that cannot be told, the field pipeline's rejections (`orphan-reference`, `unmapped-value`,
/// `invalid-value`, `missing-required`), the rules' row hooks', the target's check of the whole record), then the
/// classifier's (`missing-required` for an incomplete key, `duplicate-key`; `filtered` by `held-by-master` or
/// `already-written`), else `create`, `update` or `unchanged`.
struct FlowRunner {
    let template: MappingTemplate
    let context: ConversionContext

    /// Runs the flow: maps every source record (`mapRecords`), classifies the mapped ones against the target
    /// export (`classify`), checks the accounting identity, and adds what the rules generate.
    func run() throws -> FlowOutput {
        let view = try sourceView()
        let rules = context.rules
        let layout = FlowLayout(template: template, context: context)
        let target = try targetTable(layout: layout)
        var records = try mapRecords(view: view, layout: layout, rules: rules, target: target)
        // Every record's key, indexed when a rejected record's duplicates are looked for or line flows read it.
        var keyIndex: KeyIndex?
        func indexedKeys() throws -> KeyIndex {
            if let keyIndex { return keyIndex }
            let built = try KeyIndex(table: records.keyTable, key: layout.keyDefinition)
            keyIndex = built
            return built
        }
        if !records.rejects.isEmpty { noteDuplicates(&records, keys: try indexedKeys()) }
        let classified = try classify(&records, layout: layout, target: target)

        var counts = RecordCounts()
        counts.read = records.read
        var filteredBy: [String: Int] = [:]
        for (kind, rows) in records.outcomes.tally {
            counts.record(kind, times: rows)
            if case .filtered(let name) = kind { filteredBy[name, default: 0] += rows }
        }
        try counts.checkIdentity(flow: template.name)

        let acceptedSourceRows = classified.acceptedRows.map { records.mappedSourceRows[$0] }
        let accepted = SourceCopies.sharing(
            try SalesIdentity.table(
                records.mapped, rows: classified.acceptedRows, targetRows: classified.targetRows, layout: layout, target: target.table,
                company: context.company),
            source: view.table, sourceRows: acceptedSourceRows, template: template)
        let statusIndex = template.isHeaderOfSomeFlow(in: context.templates) ? try indexedKeys() : nil
        records.rejects.sort { $0.sourceRow < $1.sourceRow }
        let output = FlowOutput(
            template: template, source: view.table, layout: layout, accepted: accepted, acceptedSourceRows: acceptedSourceRows,
            written: classified.written, counts: counts, rejects: records.rejects,
            changedFields: classified.changedFields.reduce(into: [:]) { changes, item in
                let example = classified.changeExamples[item.key] ?? (from: "", to: "")
                changes[item.key] = FieldChange(records: item.value, from: example.from, to: example.to)
            },
            filteredBy: filteredBy, statusIndex: statusIndex, statuses: records.statuses)
        output.assumedReferences = Self.countingRecords(records.assumedReferences, in: accepted)
        output.keptExisting = records.keptExisting
        output.keptByMaster = records.keptByMaster
        output.fills = FieldFills(output, created: classified.targetRows.map { $0 == nil }, valueMaps: context.templates)
        warnOfMissingSourceColumns(output)
        warnOfWithheldDefaults(output)
        if (filteredBy[BuiltInFilter.unchangedSince] ?? 0) > 0 {
            output.unchangedNotInTarget = try unchangedNotInTarget(records, layout: layout, target: target)
        }
        let secondPassFields = template.fields.filter(\.isSecondPass)
        if !secondPassFields.isEmpty, template.target.side == .sales {
            output.secondPass = SecondPassRecords(
                fields: secondPassFields, target: target.table, targetRows: classified.targetRows, updated: classified.updated)
        }
        let result = RuleFlowResult(output: output, view: view, target: target, context: context)
        // A shard that does not write this flow's records has no use for the records its rules would add.
        for (index, rule) in rules.enumerated() where context.writes(template) {
            if var records = try rule.generatedRecords(after: result) {
                records.ruleIndex = index
                output.generated.append(records)
            }
        }
        return output
    }

    /// `references` with the accepted records that carry each held value counted (a value no record carries is
    /// a value-map entry or default no record uses); those not held are counted by the plan from the rejects.
    private static func countingRecords(
        _ references: [(reference: ConversionPlan.AssumedReference, written: String?)], in accepted: Table
    ) -> [ConversionPlan.AssumedReference] {
        var counts: [String: [String: Int]] = [:]
        for field in Set(references.filter { $0.written != nil }.map(\.reference.field)) {
            guard let column = accepted.columnIndex(named: field) else { continue }
            var byValue: [String: Int] = [:]
            for row in 0..<accepted.rowCount {
                guard let value = accepted.value(row: row, column: column), !value.isEmpty else { continue }
                byValue[value.lowercased(), default: 0] += 1
            }
            counts[field] = byValue
        }
        return references.map { entry in
            guard let written = entry.written else { return entry.reference }
            var counted = entry.reference
            counted.records = counts[counted.field]?[written.lowercased()] ?? 0
            return counted
        }
    }

    /// Maps every source record into the flow's layout, each through these steps in turn: another company's record
    /// is filtered and one whose company cannot be told refused (`CompanyGate`); a template filter or `--since` leaves
    /// a record out with only its key mapped (`RecordFilter`); the field plans write its values and give their
    /// problems (`RecordMapper`); an existing record keeps its own or the master's values (`ExistingValueKeeper`); its
    /// header, an unreadable value, the rules' row hooks and the target's record check decide whether it is left out
    /// or refused (`MappedRecordCheck`); else it is mapped (`MappedRecords`).
    private func mapRecords(
        view: SourceView, layout: FlowLayout, rules: [any ConversionRule], target: (table: Table, key: KeyDefinition)
    ) throws -> MappedRecords {
        let fieldPlans = prepareFields(layout: layout, view: view)
        // An existing record keeps its values where the template would write its own (`on: create`).
        var keeper = try ExistingValueKeeper(
            plans: fieldPlans, layout: layout, side: template.target.side, target: target,
            salesRecords: template.target.side == .sales ? context.sales.section(template.target.entity)?.records : nil,
            towardsMaster: context.masterSide == template.target.side, comparisons: comparisons(layout: layout))
        let mapper = RecordMapper(plans: fieldPlans, context: context)
        let filters = FilterEvaluator(template: template, view: view, catalog: context.catalog)
        let ruleFlow = RuleFlow(template: template, view: view, layout: layout, context: context)
        let hooks = try rules.compactMap { try $0.rowHook(for: ruleFlow) }
        let parent = try ParentCheck(template: template, layout: layout, context: context)
        let recordCheck = TargetRecordCheck(
            targetEntity: template.target.side == .fo ? context.catalog.foEntity(named: template.target.entity) : nil, layout: layout)
        var companyGate = CompanyGate(template: template, view: view, layout: layout, context: context)
        var checks = MappedRecordCheck(parent: parent, unreadable: unreadableValues(), hooks: hooks, recordCheck: recordCheck)
        let keyPositions = layout.keyColumns.map { layout.position($0) ?? 0 }
        let recordFilter = RecordFilter(
            filters: filters, unchangedSince: try context.since?.unchangedRows(of: template, table: view.table), plans: fieldPlans,
            keyPositions: keyPositions, parent: parent, context: context)
        var records = MappedRecords(
            rowCount: view.table.rowCount, layout: layout, keyPositions: keyPositions,
            copies: MappedCopies(columns: layout.columns, template: template, source: view.table))
        var values = RowValues(count: layout.columns.count)

        var tally = RecordTally(.converted)
        defer { tally.flush() }
        for row in 0..<view.table.rowCount {
            records.read += 1
            tally.count()
            let companyProblem: RejectEntry.Problem?
            switch companyGate.verdict(row: row, in: view) {
            case .conversionCompany: companyProblem = nil
            case .unknownCompany(let problem): companyProblem = problem
            case .otherCompany:
                records.leaveOutOtherCompany(row)
                continue
            }
            values.reset()
            companyGate.writeCompany(into: &values)
            if let filter = recordFilter.filterLeavingOut(row: row, view: view, values: &values) {
                try records.leaveOut(row, filter: filter, key: values)
                continue
            }
            var problems: [RejectEntry.Problem] = companyProblem.map { [$0] } ?? []
            mapper.map(row: row, view: view, values: &values, problems: &problems)
            try records.appendKey(of: row, values: values)
            let keptForMaster = keeper.isActive && keeper.keep(row: row, view: view, values: &values)
            var reasons: [RejectEntry.Problem] = []
            if let outcome = checks.outcome(row: row, values: &values, problems: &problems, reasons: &reasons) {
                records.settle(row, outcome: outcome, reasons: reasons)
            } else {
                try records.accept(row, values: values, keptForMaster: keptForMaster)
            }
        }
        records.finishMapping()
        records.assumedReferences = fieldPlans.flatMap { $0.pipeline.assumedReferences(context: context) }
        warnOfClearedStates(fieldPlans)
        warnOfTrimmedValues(fieldPlans)
        records.keptExisting = keeper.kept
        records.keptByMaster = keeper.keptByMaster
        warnOfMasterValuesNotKept(by: keeper)
        warnOfExistingValuesNotKept(by: keeper)
        return records
    }

    /// Adds to each record rejected while mapping the duplicate-key problem it also has: its key is another
    /// record's that was not filtered (mapped or rejected too), so fixing the first problem would only bring
    /// the second to light. Records the classifier sees are not touched (it rejects their duplicates itself).
    private func noteDuplicates(_ records: inout MappedRecords, keys: KeyIndex) {
        var rejectOfSourceRow: [Int: Int] = [:]
        for (index, reject) in records.rejects.enumerated() { rejectOfSourceRow[reject.sourceRow] = index }
        let field = keys.key.definition.columns.joined(separator: ", ")
        for duplicate in keys.duplicates {
            guard records.statuses[duplicate.row] != .filtered, records.statuses[duplicate.keptRow] != .filtered else { continue }
            let row = records.keySourceRows[duplicate.row]
            let kept = records.keySourceRows[duplicate.keptRow]
            let key = keys.key.naturalKey(row: duplicate.row)
            if let index = rejectOfSourceRow[row] {
                records.rejects[index].also.append(
                    RejectEntry.Problem(reason: .duplicateKey, field: field, message: "key \(key) is also record \(kept + 1)'s"))
            }
            if let index = rejectOfSourceRow[kept] {
                records.rejects[index].also.append(
                    RejectEntry.Problem(reason: .duplicateKey, field: field, message: "key \(key) repeats in record \(row + 1)"))
            }
        }
    }

    /// How many records left out as unchanged since the last wave have a key the target export does not hold: they
    /// were rejected or not imported in an earlier wave, and `--since` does not send them again.
    private func unchangedNotInTarget(_ records: MappedRecords, layout: FlowLayout, target: (table: Table, key: KeyDefinition)) throws
        -> Int
    {
        let index = try KeyIndex(table: target.table, key: target.key)
        let keys = try BoundKey(table: records.keyTable, definition: layout.keyDefinition)
        var missing = 0
        for (row, sourceRow) in records.keySourceRows.enumerated()
        where records.outcomes[sourceRow] == .filtered(filter: BuiltInFilter.unchangedSince) && index.row(matching: keys, row: row) == nil {
            missing += 1
        }
        return missing
    }

    /// What classification gives the mapped records.
    private struct ClassifiedRecords {
        /// The mapped records kept (created, updated, unchanged), whether each is written, and its target row.
        var acceptedRows: [Int] = []
        var written: [Bool] = []
        var targetRows: [Int?] = []
        /// Per accepted record: whether it is an update (for `SecondPass`).
        var updated: [Bool] = []
        /// Field → updated records in which it differs from the target.
        var changedFields: [String: Int] = [:]
        /// Field → the first updated record's value in the target (nil: the target export lacks the column; empty:
        /// the record holds none) and in the package.
        var changeExamples: [String: (from: String?, to: String)] = [:]
    }

    /// Classifies the mapped records against the target export (create, update, unchanged, or rejected for an
    /// incomplete or repeated key, or a key an earlier flow already writes), completing `records`' outcomes: each
    /// record's outcome from the classifier, settled by the master, earlier flows and repeated keys (`settled`), then
    /// kept or rejected by it (`record`).
    private func classify(
        _ records: inout MappedRecords, layout: FlowLayout, target: (table: Table, key: KeyDefinition)
    ) throws -> ClassifiedRecords {
        let classifier = try recordClassifier(for: records, layout: layout, target: target)
        var result = ClassifiedRecords()
        let clashes = try earlierWriters(layout: layout)
        let mappedKey = try BoundKey(table: records.mapped, definition: layout.keyDefinition)
        let towardsMaster = context.masterSide == template.target.side
        let mappedSourceRows = records.mappedSourceRows
        let exportRow = context.exportRows(template.source)
        for mappedRow in 0..<records.mapped.rowCount {
            let sourceRow = records.mappedSourceRows[mappedRow]
            // A repeated key names the kept record by its row in the export (a shard's table is a part of it).
            let classified = classifier.classify(row: mappedRow) { exportRow(mappedSourceRows[$0]) + 1 }
            let outcome = settled(
                classified, mappedRow: mappedRow, masterKept: towardsMaster && records.masterKept[mappedRow],
                towardsMaster: towardsMaster, target: target.table, clashes: clashes, mappedKey: mappedKey)
            records.outcomes.settle(sourceRow, outcome)
            record(outcome, of: mappedRow, sourceRow: sourceRow, in: &records, into: &result, layout: layout, target: target.table)
        }
        warnOfUncomparedFields(classifier.uncomparedFields.filter { result.changedFields[$0] != nil })
        return result
    }

    /// The classifier of the mapped records against the target export (repeated target keys noted): compared field
    /// by field, the bookkeeping columns, the id and the second-pass fields left out.
    private func recordClassifier(
        for records: MappedRecords, layout: FlowLayout, target: (table: Table, key: KeyDefinition)
    ) throws -> RecordClassifier {
        let sourceIndex = try KeyIndex(table: records.mapped, key: layout.keyDefinition)
        let targetIndex = try KeyIndex(table: target.table, key: target.key)
        noteRepeatedKeys(in: targetIndex)
        return try RecordClassifier(
            source: sourceIndex, target: targetIndex, comparisons: comparisons(layout: layout),
            uncomparedFieldsDiffer: target.table.rowCount > 0,
            ignoredFields: Set(
                layout.columns.filter(FlowLayout.isBookkeeping) + [layout.idColumn].compactMap { $0 }
                    // Compared by `SecondPass` once resolved.
                    + template.fields.filter(\.isSecondPass).map(\.target)))
    }

    /// The classifier's `outcome` for the mapped record `mappedRow` as the run settles it: left out when all it would
    /// change is the master's (`held-by-master`), rejected when an earlier flow writes its key, and filtered
    /// `already-written` instead of rejected for a repeated key when the template says so.
    private func settled(
        _ outcome: RecordOutcome, mappedRow: Int, masterKept: Bool, towardsMaster: Bool, target: Table,
        clashes: [(flow: String, index: KeyIndex)], mappedKey: BoundKey
    ) -> RecordOutcome {
        var outcome = outcome
        // A record the master holds took the master's values where it has some (`ExistingValueKeeper`): it is an
        // update when it fills fields the master holds empty, and left out when that is all it would change.
        if masterKept, case .unchanged = outcome {
            outcome = .filtered(filter: BuiltInFilter.heldByMaster)
        }
        // A change to a value the master holds that the keeper did not keep (a rule's): the record is left out.
        if towardsMaster, case .update(let targetRow, let fields) = outcome,
            fields.contains(where: { field in
                target.columnIndex(named: field).flatMap { target.value(row: targetRow, column: $0) }
                    .map { !$0.trimmingASCIIWhitespace().isEmpty } ?? false
            })
        {
            outcome = .filtered(filter: BuiltInFilter.heldByMaster)
        }
        if case .rejected = outcome {
        } else if let clash = clashes.first(where: { $0.index.row(matching: mappedKey, row: mappedRow) != nil }) {
            outcome = .rejected(
                .duplicateKey, detail: "key \(mappedKey.naturalKey(row: mappedRow)) is already written by flow \(clash.flow)")
        }
        // The same target record read again (a party from another of its roles): written once, by the first.
        if template.repeatedKeys == .skip, case .rejected(.duplicateKey, _) = outcome {
            outcome = .filtered(filter: BuiltInFilter.alreadyWritten)
        }
        return outcome
    }

    /// Records the `outcome` of the mapped record `mappedRow`: an accepted record (created, updated with its changed
    /// fields, unchanged) in `result`, a rejected one among `records`' rejects with its header's status.
    private func record(
        _ outcome: RecordOutcome, of mappedRow: Int, sourceRow: Int, in records: inout MappedRecords, into result: inout ClassifiedRecords,
        layout: FlowLayout, target: Table
    ) {
        switch outcome {
        case .create:
            result.acceptedRows.append(mappedRow)
            result.written.append(true)
            result.targetRows.append(nil)
            result.updated.append(false)
        case .update(let targetRow, let fields):
            result.acceptedRows.append(mappedRow)
            result.written.append(true)
            result.targetRows.append(targetRow)
            result.updated.append(true)
            for field in fields {
                result.changedFields[field, default: 0] += 1
                if result.changeExamples[field] == nil {
                    let from = target.columnIndex(named: field).map { target.value(row: targetRow, column: $0) ?? "" }
                    let to = records.mapped.columnIndex(named: field).flatMap { records.mapped.value(row: mappedRow, column: $0) }
                    result.changeExamples[field] = (from, to ?? "")
                }
            }
        case .unchanged(let targetRow):
            result.acceptedRows.append(mappedRow)
            result.written.append(context.options.full)
            result.targetRows.append(targetRow)
            result.updated.append(false)
        case .rejected(let reason, let detail):
            records.rejects.append(
                RejectEntry(sourceRow: sourceRow, reason: reason, field: layout.keyColumns.joined(separator: ", "), message: detail))
            records.statuses[records.statusOfMapped[mappedRow]] = .rejected
        case .filtered:
            break
        }
    }

    /// Warns of the fields of updated records the target export has no column for: the records are updates because
    /// the target cannot be shown to hold their values.
    private func warnOfUncomparedFields(_ unseen: [String]) {
        guard !unseen.isEmpty else { return }
        let side = template.target.side == .fo ? "F&O" : "Sales"
        context.warn(
            "flow \(template.name): the \(side) export's \(template.target.entity) has no \(unseen.joined(separator: ", ")); records with a value for them are updates (the target cannot be shown to hold it)",
            flow: template.name)
    }
}

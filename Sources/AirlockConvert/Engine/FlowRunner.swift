import AirlockMapping
import AirlockModel
import AirlockPackages
import AirlockReconcile
import AirlockReport
import AirlockValidate

/// Runs one flow: reads its source records, filters and maps them, checks references, classifies them against
/// the target export and keeps what it accepts for later flows and the output packages.
///
/// Each source record gets exactly one outcome, decided in this order: `filtered` (a template filter, the
/// header's filter, or another company's record), `header-rejected` / `orphan-reference` for a line whose header
/// is rejected or nowhere, then the field pipeline's rejections (`orphan-reference`, `unmapped-value`,
/// `invalid-value`, `missing-required`), then the classifier's (`missing-required` for an incomplete key,
/// `duplicate-key`), else `create`, `update` or `unchanged`.
struct FlowRunner {
    let template: MappingTemplate
    let context: ConversionContext

    /// Runs the flow: maps every source record (`mapRecords`), classifies the mapped ones against the target
    /// export (`classify`), checks the accounting identity, and adds what the rules generate.
    func run() throws -> FlowOutput {
        let view = try sourceView()
        let rules = context.rules
        let layout = FlowLayout(
            template: template, catalog: context.catalog, company: context.company,
            extraFields: rules.flatMap { $0.extraTargetFields(for: template) })
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
        for outcome in records.outcomes {
            guard let outcome else { continue }
            counts.record(outcome)
            if case .filtered(let name) = outcome { filteredBy[name, default: 0] += 1 }
        }
        try counts.checkIdentity(flow: template.name)

        let accepted = try SalesIdentity.table(
            records.mapped, rows: classified.acceptedRows, targetRows: classified.targetRows, layout: layout, target: target.table,
            company: context.company)
        let statusIndex = template.isHeaderOfSomeFlow(in: context.templates) ? try indexedKeys() : nil
        records.rejects.sort { $0.sourceRow < $1.sourceRow }
        let output = FlowOutput(
            template: template, source: view.table, layout: layout, accepted: accepted,
            acceptedSourceRows: classified.acceptedRows.map { records.mappedSourceRows[$0] },
            written: classified.written, counts: counts, rejects: records.rejects,
            changedFields: classified.changedFields.reduce(into: [:]) { changes, item in
                let example = classified.changeExamples[item.key] ?? ("", "")
                changes[item.key] = FieldChange(records: item.value, from: example.from, to: example.to)
            },
            filteredBy: filteredBy, statusIndex: statusIndex, statuses: records.statuses)
        output.assumedReferences = Self.countingRecords(records.assumedReferences, in: accepted)
        output.keptExisting = records.keptExisting
        output.keptByMaster = records.keptByMaster
        if (filteredBy[BuiltInFilter.unchangedSince] ?? 0) > 0 {
            output.unchangedNotInTarget = try unchangedNotInTarget(records, layout: layout, target: target)
        }
        let secondPassFields = template.fields.filter(\.isSecondPass)
        if !secondPassFields.isEmpty, template.target.side == .sales {
            output.secondPass = SecondPassRecords(
                fields: secondPassFields, target: target.table, targetRows: classified.targetRows, updated: classified.updated)
        }
        let result = RuleFlowResult(output: output, view: view, target: target, context: context)
        for (index, rule) in rules.enumerated() {
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

    /// What mapping the source records gives: an outcome for each record filtered or rejected so far, and the
    /// mapped records that go on to classification.
    private struct MappedRecords {
        /// Source records read.
        var read = 0
        /// Per source row: its outcome once decided.
        var outcomes: [RecordOutcome?]
        var rejects: [RejectEntry] = []
        /// The records that passed, in the target layout, and the source row of each.
        var mapped: Table
        var mappedSourceRows: [Int] = []
        /// Every record's key (for the status index line flows read) and source row, and its status.
        var keyTable: Table
        var keySourceRows: [Int] = []
        var statuses: [HeaderStatus] = []
        /// Per mapped record: its entry in `statuses`.
        var statusOfMapped: [Int] = []
        /// The records the template names by a fixed value, whether they are held, and the value a record that
        /// carries one holds in the target field.
        var assumedReferences: [(reference: ConversionPlan.AssumedReference, written: String?)] = []
        /// Field → existing records that kept their value instead of the template's own (`on: create`).
        var keptExisting: [String: Int] = [:]
        /// Field → records the master holds that kept the master's value (`--master`, a flow towards it).
        var keptByMaster: [String: Int] = [:]
        /// Per mapped record: whether it kept a master's value (`--master`, a flow towards it).
        var masterKept: [Bool] = []
    }

    /// Maps every source record into the flow's layout: another company's records are filtered, then those a
    /// template filter or `--since` leaves out (only the fields of their key are mapped), then each field plan
    /// writes its value and the record is refused by its parent, by an unreadable value, by its fields or by a
    /// rule's row hook, or mapped.
    private func mapRecords(
        view: SourceView, layout: FlowLayout, rules: [any ConversionRule], target: (table: Table, key: KeyDefinition)
    ) throws -> MappedRecords {
        let fieldPlans = prepareFields(layout: layout, view: view)
        // An existing record keeps its values where the template would write its own (`on: create`).
        var keeper = try ExistingValueKeeper(
            plans: fieldPlans, layout: layout, side: template.target.side, target: target,
            salesRecords: template.target.side == .sales ? context.sales.section(template.target.entity)?.records : nil,
            towardsMaster: context.masterSide == template.target.side, comparisons: comparisons(layout: layout))
        let plans = UnretainedReferences(fieldPlans)
        let filters = FilterEvaluator(template: template, view: view, catalog: context.catalog)
        let ruleFlow = RuleFlow(template: template, view: view, layout: layout, context: context)
        var hooks = try rules.compactMap { try $0.rowHook(for: ruleFlow) }
        let parent = try ParentCheck(template: template, layout: layout, context: context)
        let recordCheck = TargetRecordCheck(
            targetEntity: template.target.side == .fo ? context.catalog.foEntity(named: template.target.entity) : nil, layout: layout)
        let companyColumn = view.side == .fo ? view.table.columnIndex(named: FlowLayout.companyField) : nil
        let salesCompany =
            view.side == .sales ? template.source.company.map { view.prepare($0, lookup: [], catalog: context.catalog) } : nil
        let badValues = unreadableValues()
        let unchangedSince = try context.since?.unchangedRows(of: template, table: view.table)
        var records = MappedRecords(
            outcomes: Array(repeating: nil, count: view.table.rowCount),
            mapped: Table(name: layout.targetEntity, columnNames: layout.columns),
            keyTable: Table(name: layout.targetEntity, columnNames: layout.keyColumns))
        let keyPositions = layout.keyColumns.map { layout.position($0) ?? 0 }
        // A filtered record keeps only its key (the status lines read): the plans that write it, in order.
        let keyPlans = UnretainedReferences(fieldPlans.filter { !Set(keyPositions).isDisjoint(with: $0.positions) })
        var values = RowValues(count: layout.columns.count)
        let companyPosition = layout.companyColumn.flatMap { layout.position($0) }
        let company = context.company.lowercased()
        let companyBytes = Array(context.company.utf8)
        // Whether a row is of another company, by the dictionary code of its company value (a handful of
        // companies per export): the text is compared once per code, not once per row.
        var otherCompanyByCode = [Bool?](repeating: nil, count: 256)
        func isOtherCompany(row: Int, column: Int) -> Bool {
            let code = view.table.dictionaryCode(row: row, column: column)
            if let code, let known = otherCompanyByCode[code] { return known }
            guard let rowCompany = view.table.value(row: row, column: column) else { return false }
            let other = rowCompany.trimmingASCIIWhitespace().lowercased() != company
            if let code { otherCompanyByCode[code] = other }
            return other
        }

        var tally = RecordTally(.converted)
        defer { tally.flush() }
        for row in 0..<view.table.rowCount {
            records.read += 1
            tally.count()
            if let companyColumn, isOtherCompany(row: row, column: companyColumn) {
                records.outcomes[row] = .filtered(filter: BuiltInFilter.otherCompany)
                continue
            }
            // A Sales record's company, when the template names its field: another company's is filtered; one that
            // cannot be told is refused rather than sent to the wrong legal entity.
            var companyProblem: RejectEntry.Problem?
            if let salesCompany {
                switch salesCompany.read(row: row, in: view) {
                case .value(let text):
                    if let text, !text.trimmingASCIIWhitespace().isEmpty, text.trimmingASCIIWhitespace().lowercased() != company {
                        records.outcomes[row] = .filtered(filter: BuiltInFilter.otherCompany)
                        continue
                    }
                case .orphan(let message):
                    companyProblem = RejectEntry.Problem(reason: .orphanReference, field: salesCompany.name, message: message)
                }
            }
            values.reset()
            if let companyPosition { companyBytes.withUnsafeBytes { values.setBytes(companyPosition, $0) } }
            // A template filter, or `--since`'s, decides before the fields are mapped: a filtered record's
            // problems are not reported, and only its key is kept, so only the plans that write the key run.
            let filter: String?
            if let failed = filters.failedFilter(row: row, in: view) {
                filter = failed
            } else if unchangedSince?[row] == true {
                // As the earlier wave left it: its lines count it present (it is in the target since that wave).
                filter = BuiltInFilter.unchangedSince
            } else {
                filter = nil
            }
            if var filter {
                keyPlans.withEach { plan in _ = plan.map(row: row, view: view, context: context, values: &values) }
                // A line unchanged since the last wave whose header the template's filters leave out was left out
                // then too: it is filtered with its header, not counted as sent in an earlier wave.
                if filter == BuiltInFilter.unchangedSince, let verdict = parent.verdict(values: values),
                    case .filtered(let parentFilter) = verdict.outcome
                {
                    filter = parentFilter
                }
                try values.appendRow(to: &records.keyTable, positions: keyPositions)
                records.keySourceRows.append(row)
                records.outcomes[row] = .filtered(filter: filter)
                records.statuses.append(filter == BuiltInFilter.unchangedSince ? .accepted : .filtered)
                continue
            }
            // Every problem of the record, the most fundamental first: its header, a value the export reader
            // could not decode, each field's, each rule's. The first decides the outcome; the others go with it.
            var problems: [RejectEntry.Problem] = companyProblem.map { [$0] } ?? []
            plans.withEach { plan in
                if let refusal = plan.map(row: row, view: view, context: context, values: &values) {
                    problems.append(
                        RejectEntry.Problem(
                            reason: refusal.reason, field: plan.mapping.target, message: refusal.message, value: values[plan.position]))
                }
            }
            try values.appendRow(to: &records.keyTable, positions: keyPositions)
            records.keySourceRows.append(row)
            let keptForMaster = keeper.isActive && keeper.keep(row: row, view: view, values: &values)
            var outcome: RecordOutcome?
            var reasons: [RejectEntry.Problem] = []
            if let verdict = parent.verdict(values: values) {
                if case .rejected(let reason, let detail) = verdict.outcome {
                    reasons.append(RejectEntry.Problem(reason: reason, field: verdict.field, message: detail))
                    // The link to a header that is rejected or nowhere finds nothing: that is the same problem.
                    let link = Set(
                        verdict.field.split(separator: ",").flatMap { part in
                            let name = String(part).trimmingASCIIWhitespace()
                            return [name, String(name.prefix { $0 != "." })]
                        })
                    problems.removeAll { $0.reason == .orphanReference && link.contains($0.field) }
                } else {
                    outcome = verdict.outcome
                }
            }
            if outcome == nil {
                if let bad = badValues[row] {
                    reasons.append(
                        RejectEntry.Problem(
                            reason: .invalidValue, field: bad.field, message: "\(bad.description) (in the Sales export)"))
                }
                reasons += problems
                // The rules' row hooks, in order, each on every record not filtered.
                for index in hooks.indices {
                    guard let refusal = hooks[index].apply(row: row, values: &values) else { continue }
                    reasons.append(RejectEntry.Problem(reason: refusal.reason, field: refusal.field, message: refusal.message))
                }
                // The target's checks of the whole record as the fields and rules left it (an organization's name).
                reasons += recordCheck.problems(values)
                if let first = reasons.first { outcome = .rejected(first.reason, detail: first.message) }
            }
            if let outcome {
                records.outcomes[row] = outcome
                if case .rejected = outcome, let first = reasons.first {
                    records.rejects.append(
                        RejectEntry(
                            sourceRow: row, reason: first.reason, field: first.field, message: first.message, value: first.value,
                            also: Array(reasons.dropFirst())))
                    records.statuses.append(.rejected)
                } else {
                    records.statuses.append(outcome == .filtered(filter: BuiltInFilter.unchangedSince) ? .accepted : .filtered)
                }
                continue
            }
            records.statuses.append(.accepted)
            records.statusOfMapped.append(records.statuses.count - 1)
            try values.appendRow(to: &records.mapped)
            records.mappedSourceRows.append(row)
            records.masterKept.append(keptForMaster)
        }
        records.assumedReferences = fieldPlans.flatMap { $0.pipeline.assumedReferences(context: context) }
        warnOfClearedStates(fieldPlans)
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
        /// Field → the first updated record's value in the target and in the package.
        var changeExamples: [String: (from: String, to: String)] = [:]
    }

    /// Classifies the mapped records against the target export (create, update, unchanged, or rejected for an
    /// incomplete or repeated key, or a key an earlier flow already writes), completing `records`' outcomes.
    private func classify(
        _ records: inout MappedRecords, layout: FlowLayout, target: (table: Table, key: KeyDefinition)
    ) throws -> ClassifiedRecords {
        let sourceIndex = try KeyIndex(table: records.mapped, key: layout.keyDefinition)
        let targetIndex = try KeyIndex(table: target.table, key: target.key)
        noteRepeatedKeys(in: targetIndex)
        let classifier = try RecordClassifier(
            source: sourceIndex, target: targetIndex, comparisons: comparisons(layout: layout),
            uncomparedFieldsDiffer: target.table.rowCount > 0,
            ignoredFields: Set(
                layout.columns.filter(FlowLayout.isBookkeeping) + [layout.idColumn].compactMap { $0 }
                    // Compared by `SecondPass` once resolved.
                    + template.fields.filter(\.isSecondPass).map(\.target)))
        var result = ClassifiedRecords()
        let clashes = try earlierWriters(layout: layout)
        let mappedKey = try BoundKey(table: records.mapped, definition: layout.keyDefinition)
        let towardsMaster = context.masterSide == template.target.side
        let mappedSourceRows = records.mappedSourceRows
        let exportRow = context.exportRows(template.source)
        for mappedRow in 0..<records.mapped.rowCount {
            let sourceRow = records.mappedSourceRows[mappedRow]
            // A repeated key names the kept record by its row in the export (a shard's table is a part of it).
            var outcome = classifier.classify(row: mappedRow) { exportRow(mappedSourceRows[$0]) + 1 }
            // A record the master holds took the master's values where it has some (`ExistingValueKeeper`): it is an
            // update when it fills fields the master holds empty, and left out when that is all it would change.
            if towardsMaster, case .unchanged = outcome, records.masterKept[mappedRow] {
                outcome = .filtered(filter: BuiltInFilter.heldByMaster)
            }
            // A change to a value the master holds that the keeper did not keep (a rule's): the record is left out.
            if towardsMaster, case .update(let targetRow, let fields) = outcome,
                fields.contains(where: { field in
                    target.table.columnIndex(named: field).flatMap { target.table.value(row: targetRow, column: $0) }
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
            records.outcomes[sourceRow] = outcome
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
                        let from = target.table.columnIndex(named: field).flatMap { target.table.value(row: targetRow, column: $0) }
                        let to = records.mapped.columnIndex(named: field).flatMap { records.mapped.value(row: mappedRow, column: $0) }
                        result.changeExamples[field] = (from ?? "", to ?? "")
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
        let unseen = classifier.uncomparedFields.filter { result.changedFields[$0] != nil }
        if !unseen.isEmpty {
            let side = template.target.side == .fo ? "F&O" : "Sales"
            context.warn(
                "flow \(template.name): the \(side) export's \(template.target.entity) has no \(unseen.joined(separator: ", ")); records with a value for them are updates (the target cannot be shown to hold it)",
                flow: template.name)
        }
        return result
    }
}

import AirlockMapping
import AirlockModel
import AirlockPackages
import AirlockReconcile
import AirlockReport

/// Builds a conversion's plan (`ConversionPlan`) from the flows' outputs while the sources are still held: the
/// columns each template reads that its source lacks and what that does, the filters' counts, and the causes of
/// the rejections, grouped.
enum ConversionPlanner {
    static func plan(_ outputs: [FlowOutput], context: ConversionContext) throws -> ConversionPlan {
        var flows: [String: ConversionPlan.Flow] = [:]
        var prerequisites = ImportPrerequisiteList()
        let created = OutputCreatedRecords(outputs, catalog: context.catalog)
        let missingTargets = try MissingTargetCheck.find(outputs.map(\.template), context: context)
        for output in outputs {
            let template = output.template
            let counts = output.counts
            let sourceMissing: Bool
            switch template.source.side {
            case .sales: sourceMissing = context.sales.section(template.source.entity) == nil
            case .fo: sourceMissing = try context.fo.table(template.source.entity) == nil
            }
            let sorted = rejectCauses(output.rejects)
            let listed = Array(sorted.prefix(ConversionPlan.causeLimit))
            let referenceData = try foReferenceData(output, created: created, context: context)
            let references = counted(output.assumedReferences, rejects: output.rejects)
            let system = template.target.side == .fo ? "F&O" : "Sales"
            for reference in references where reference.resolvedAfterEveryFlow != true && reference.otherValues == nil {
                prerequisites.add(
                    system: system, target: reference.target, value: reference.value, records: reference.records ?? 0,
                    status: reference.held ? .held : .missing, flow: template.name)
            }
            for use in referenceData.uses {
                prerequisites.add(
                    system: system, target: use.target, value: use.value, records: use.records, status: use.status, flow: template.name)
            }
            flows[template.name] = ConversionPlan.Flow(
                read: counts.read, converted: counts.created + counts.updated + counts.unchanged, sourceMissing: sourceMissing,
                missingColumns: missingColumns(template, source: output.source, filteredBy: output.filteredBy, fills: output.fills),
                filteredBy: output.filteredBy, rejectCauses: listed,
                otherCauses: sorted.dropFirst(ConversionPlan.causeLimit).reduce(0) { $0 + $1.records },
                assumedReferences: references + referenceData.references)
            flows[template.name]?.unchangedNotInTarget = output.unchangedNotInTarget
            flows[template.name]?.fieldChanges = output.changedFields
            flows[template.name]?.keptValues = output.keptExisting
            flows[template.name]?.keptByMaster = output.keptByMaster
            let settable = SettableRejects(template: template, templates: context.templates, options: context.options)
            var settled: [String: Int] = [:]
            var settledTogether = 0
            for reject in output.rejects {
                guard let options = settable.options(for: reject) else { continue }
                for option in options { settled[option, default: 0] += 1 }
                settledTogether += 1
            }
            flows[template.name]?.settable = settled
            flows[template.name]?.settableRecords = settledTogether
            flows[template.name]?.conditionalDefaults = output.fills.conditionalDefaults(of: template)
            flows[template.name]?.rejected = counts.rejected
            flows[template.name]?.missingTarget = missingTargets.first { $0.flow == template.name }?.planned
        }
        return ConversionPlan(flows: flows, beforeImport: prerequisites.prerequisites())
    }

    /// What a dry run says of a single `to-fo.zip` that would come near the size F&O's enqueue is known to refuse
    /// (`ImportSizeLimits`): its data as the entity files would hold it (values, separators, line ends), over the
    /// assumed compression ratio.
    static func sizeWarnings(_ outputs: [FlowOutput], catalog: SchemaCatalog) -> [String] {
        var bytes: Int64 = 0
        var records = 0
        for output in outputs where output.template.target.side == .fo {
            let table = output.accepted
            let columns = output.layout.columns.indices.filter { !FlowLayout.isBookkeeping(output.layout.columns[$0]) }
            for row in 0..<table.rowCount where output.written[row] {
                records += 1
                bytes += Int64(columns.count + 1)
                for column in columns where column < table.columns.count {
                    bytes += Int64(table.withValue(row: row, column: column) { $0?.count ?? 0 })
                }
            }
        }
        let zipped = bytes / ImportSizeLimits.assumedCompressionRatio
        guard zipped >= ImportSizeLimits.foEnqueueRefusedBytes else { return [] }
        return [
            "\(RunLayout.foPackage) would hold \(records) records in \(bytes / 1_000_000) MB of entity files, a zip of about \(zipped / 1_000_000) MB (taking \(ImportSizeLimits.assumedCompressionRatio)× compression); F&O's recurring-integration enqueue has refused packages from about \(ImportSizeLimits.foEnqueueRefusedBytes / 1_000_000) MB (docs/sources.md, \"Import size limits\"): cut it with --batch-mb (and --batch-records) if you import it that way"
        ]
    }

    /// How many messages of one reason and field are listed one by one however few records each holds (a few
    /// missing units or price lists); more are values of the records themselves (duplicate keys, orphans,
    /// rejected headers), summed into one cause (`RejectCause.variants`).
    static let messagesListedOneByOne = 5
    /// The share of its reason and field's records a message must hold to keep a cause of its own among many.
    static let shareForOwnCause = 0.1

    /// The causes of `rejects` (their first problems), most records first: by reason, field and message, except
    /// that when a reason and field have more than `messagesListedOneByOne` messages, those holding less than
    /// `shareForOwnCause` of its records make one cause with the commonest as its example.
    private static func rejectCauses(_ rejects: [RejectEntry]) -> [ConversionPlan.RejectCause] {
        var messages: [String: [String: Int]] = [:]
        var heads: [String: (reason: String, field: String)] = [:]
        for reject in rejects {
            let group = reject.reason.rawValue + "\u{0}" + reject.field
            heads[group] = (reject.reason.rawValue, reject.field)
            messages[group, default: [:]][reject.message, default: 0] += 1
        }
        var causes: [ConversionPlan.RejectCause] = []
        for (group, counts) in messages {
            guard let head = heads[group] else { continue }
            let byRecords = counts.sorted { ($1.value, $0.key) < ($0.value, $1.key) }
            let total = byRecords.reduce(0) { $0 + $1.value }
            let isLarge = { (records: Int) in Double(records) >= shareForOwnCause * Double(total) }
            let few = byRecords.filter { !isLarge($0.value) }
            let summed = byRecords.count > messagesListedOneByOne && few.count > 1
            for (message, records) in byRecords where !summed || isLarge(records) {
                causes.append(ConversionPlan.RejectCause(reason: head.reason, field: head.field, message: message, records: records))
            }
            if summed, let example = few.first {
                causes.append(
                    ConversionPlan.RejectCause(
                        reason: head.reason, field: head.field, message: example.key, records: few.reduce(0) { $0 + $1.value },
                        variants: few.count))
            }
        }
        return causes.sorted { ($1.records, $0.reason, $0.field, $0.message) < ($0.records, $1.reason, $1.field, $1.message) }
    }

    /// `references` with, for each the output and exports do not hold, the records rejected for it: those with
    /// an `orphan-reference` problem (first or not) on its field with its value.
    private static func counted(
        _ references: [ConversionPlan.AssumedReference], rejects: [RejectEntry]
    ) -> [ConversionPlan.AssumedReference] {
        guard references.contains(where: { !$0.held }) else { return references }
        var rejected: [String: Int] = [:]
        for reject in rejects {
            for problem in reject.problems where problem.reason == .orphanReference {
                guard let value = problem.value else { continue }
                rejected[problem.field + "\u{0}" + value, default: 0] += 1
            }
        }
        return references.map { reference in
            // Held, or counted already (a second-pass lookup's records are written, not rejected).
            guard !reference.held, reference.records == nil else { return reference }
            var counted = reference
            counted.records = rejected[reference.field + "\u{0}" + reference.value] ?? 0
            return counted
        }
    }

    /// For a flow to F&O: the reference data its values name (a default customer group, the currencies or units a
    /// value map or the source gives) wherever the catalog knows an F&O entity keyed by the target field alone
    /// (`Customer groups` by `CUSTOMERGROUPID`, `Currencies` by `CURRENCYCODE`), and whether the F&O export holds
    /// them, with the records that carry each: for the plan, the fixed values always, the values from the source
    /// when not held (most records first, at most `causeLimit`, the rest as one entry); for "Before you import",
    /// every value a record carries (`uses`). A field whose import creates the record it names (a customer's
    /// party, `createsReferenced` in the catalog) names no reference data.
    private static func foReferenceData(
        _ output: FlowOutput, created: OutputCreatedRecords, context: ConversionContext
    ) throws -> (references: [ConversionPlan.AssumedReference], uses: [ReferenceUse]) {
        let template = output.template
        guard template.target.side == .fo else { return ([], []) }
        // The target's own records (under any of its versions) and its key are not reference data.
        let versions = Set(
            context.catalog.foEntityVersions(of: template.target.entity).map {
                context.catalog.foKey(of: $0)
            })
        let targetSchema = context.catalog.foEntity(named: template.target.entity)
        let key = Set(template.target.key.map { $0.field.uppercased() })
        var result: [ConversionPlan.AssumedReference] = []
        var uses: [ReferenceUse] = []
        for mapping in template.fields where !key.contains(mapping.target.uppercased()) {
            // A value the flow itself checks against the output and the export (a customer, a product) is not listed.
            if mapping.lookup.contains(where: { !context.referenceCandidates(forSalesEntity: $0.entity).isEmpty }) { continue }
            if targetSchema?.field(named: mapping.target)?.createsReferenced == true { continue }
            let entities = context.catalog.foEntities.filter {
                $0.isReferenced(by: mapping.target) && !versions.contains($0.label.lowercased())
            }
            guard let entity = entities.first else { continue }
            // The records that carry each value, by its lower-cased text.
            var carried: [String: (value: String, records: Int)] = [:]
            if let column = output.accepted.columnIndex(named: mapping.target) {
                for row in 0..<output.accepted.rowCount {
                    guard let value = output.accepted.value(row: row, column: column)?.trimmingASCIIWhitespace(), !value.isEmpty else {
                        continue
                    }
                    carried[value.lowercased(), default: (value, 0)].records += 1
                }
            }
            var fixed = [mapping.source == nil ? mapping.fixedValue : mapping.defaultValue].compactMap { $0 }
            fixed += mapping.valueMapName.flatMap(context.templates.valueMap(named:))?.entries.map(\.to) ?? []
            let index = try context.exportIndex(label: entity.label, columns: [entity.keyFields[0]])
            let what = "\(entity.label) with \(entity.keyFields[0])"
            let note = index == nil ? "the F&O export holds no \(entity.label): the target must hold it" : nil
            func isHeld(_ value: String) -> Bool {
                index?.row(for: NaturalKey(company: context.company, value)) != nil || created.holds(value, of: entity)
            }
            func status(_ value: String) -> ImportPrerequisite.Status { isHeld(value) ? .held : index == nil ? .unchecked : .missing }
            for entry in carried.values.sorted(by: { $0.value < $1.value }) {
                uses.append(ReferenceUse(target: what, value: entry.value, records: entry.records, status: status(entry.value)))
            }
            var seen: Set<String> = []
            for raw in fixed {
                let value = raw.trimmingASCIIWhitespace()
                guard !value.isEmpty, seen.insert(value.lowercased()).inserted else { continue }
                result.append(
                    ConversionPlan.AssumedReference(
                        field: mapping.target, target: what, value: value, held: isHeld(value), note: isHeld(value) ? nil : note,
                        records: carried[value.lowercased()]?.records ?? 0))
            }
            guard mapping.source != nil else { continue }
            let fromSource = carried.filter { !seen.contains($0.key) }.values
            let missing = fromSource.filter { !isHeld($0.value) }.sorted { ($1.records, $0.value) < ($0.records, $1.value) }
            for entry in missing.prefix(ConversionPlan.causeLimit) {
                result.append(
                    ConversionPlan.AssumedReference(
                        field: mapping.target, target: what, value: entry.value, held: false, note: note, records: entry.records))
            }
            let unlisted = missing.dropFirst(ConversionPlan.causeLimit)
            if !unlisted.isEmpty {
                result.append(
                    ConversionPlan.AssumedReference(
                        field: mapping.target, target: what, value: "", held: false, note: note,
                        records: unlisted.reduce(0) { $0 + $1.records }, otherValues: unlisted.count))
            }
        }
        return (result, uses)
    }

    /// What the plan can say before any record moves: per flow of `order`, the columns its template reads that
    /// the source export lacks (shown at the start of a run).
    static func preflight(_ order: [MappingTemplate], context: ConversionContext) throws -> [(
        flow: String, missing: ConversionPlan.MissingColumn
    )] {
        var lines: [(flow: String, missing: ConversionPlan.MissingColumn)] = []
        for template in order {
            let source: Table?
            switch template.source.side {
            case .sales: source = context.sales.table(template.source.entity)
            case .fo: source = try context.fo.table(template.source.entity)
            }
            guard let source else { continue }
            lines += missingColumns(template, source: source, filteredBy: nil, fills: nil).map { (template.name, $0) }
        }
        return lines
    }

    /// The columns `template` reads that `source` lacks, each with what that does (nothing is said of a source
    /// without records: its columns cannot be told); `filteredBy` and `fills` give the filters' counts and how the
    /// records took the fields' defaults once the flow has run.
    static func missingColumns(
        _ template: MappingTemplate, source: Table, filteredBy: [String: Int]?, fills: FieldFills?
    ) -> [ConversionPlan.MissingColumn] {
        guard source.rowCount > 0 else { return [] }
        let filterFields = template.filters.flatMap { filter in filter.condition.tests.map { (filter.name, column(of: $0.field.field)) } }
        let ruleFields = Set(template.ruleFields(onSource: true).map(column(of:)))
        var missing: [ConversionPlan.MissingColumn] = []
        for column in template.sourceColumnsRead where source.columnIndex(named: column) == nil {
            var effects: [String] = []
            for filter in Set(filterFields.filter { $0.1 == column }.map(\.0)).sorted() {
                let count = filteredBy.map { " (it leaves out \($0[filter] ?? 0) records)" } ?? ""
                effects.append("filter \(filter) reads it as empty\(count)")
            }
            effects += mappedFieldEffects(of: column, template: template, fills: fills)
            if template.source.key.contains(where: { self.column(of: $0.field) == column }) {
                effects.append("the records' key cannot be built: each is rejected missing-required")
            }
            if template.parent?.link.contains(where: { self.column(of: $0.field) == column }) == true {
                effects.append("lines cannot be tied to their header")
            }
            if template.alsoReads.contains(where: { self.column(of: $0) == column }) || ruleFields.contains(column) {
                effects.append("a rule or lookup reads it")
            }
            let filters = Set(filterFields.filter { $0.1 == column }.map(\.0)).sorted()
            missing.append(
                ConversionPlan.MissingColumn(column: column, effects: effects.isEmpty ? ["read as empty"] : effects, filters: filters))
        }
        return missing
    }

    /// The column a source field is read from: a lookup path's first part (`parentcustomerid` of
    /// `parentcustomerid.accountnumber`).
    static func column(of field: String) -> String { String(field.prefix { $0 != "." }) }

    /// What the absence of source column `column` does to the fields mapped from it: the fields it leaves empty,
    /// together, then each field that something else fills, with the records that take each value once the flow has
    /// run (`fills`): its fallback field, its default or the run's setting (`GENDER takes its default Unknown (79
    /// records)`), the existing records that keep their own value, those `onlyWith` leaves empty. The plan's line and
    /// the run's warning both say it from here.
    static func mappedFieldEffects(of column: String, template: MappingTemplate, fills: FieldFills?) -> [String] {
        var empty: [String] = []
        var effects: [String] = []
        for mapping in template.fields where mapping.source.map(self.column(of:)) == column {
            let own: String?
            if let (setting, value) = mapping.defaultSetting {
                guard let value else {
                    effects.append("\(mapping.target) left empty (the run gives no \(setting.option))")
                    continue
                }
                own = "\(setting.option) \(value)"
            } else {
                own = mapping.defaultValue.map { "its default \($0)" }
            }
            var parts: [String] = []
            if let count = fills?.counts[mapping.target] {
                if let fallback = mapping.fallbackField, let records = count.origins[.fallback], records > 0 {
                    parts.append("takes \(fallback) (\(Self.records(records)))")
                }
                if let own, count.defaulted > 0 { parts.append("takes \(own) (\(Self.records(count.defaulted)))") }
                if count.kept > 0 { parts.append("keeps the value existing records hold (\(Self.records(count.kept)))") }
                if let records = count.origins[.withheld], records > 0 {
                    let fields = mapping.onlyWithFields.joined(separator: ", ")
                    parts.append("is left empty where none of \(fields) holds a value (onlyWith: \(Self.records(records)))")
                }
            }
            if parts.isEmpty {
                // Before the flow has run, or no record converted: what the field map does.
                parts = [
                    mapping.fallbackField.map { "takes \($0)" }, own.map { (mapping.fallbackField == nil ? "takes " : "else ") + $0 },
                ].compactMap { $0 }
                if !parts.isEmpty, !mapping.onlyWithFields.isEmpty {
                    parts[parts.count - 1] += " where one of \(mapping.onlyWithFields.joined(separator: ", ")) holds a value (onlyWith)"
                }
            }
            if parts.isEmpty {
                empty.append(mapping.target)
            } else {
                effects.append("\(mapping.target) \(parts.joined(separator: ", "))")
            }
        }
        return (empty.isEmpty ? [] : ["\(empty.joined(separator: ", ")) left empty"]) + effects
    }

    private static func records(_ count: Int) -> String { "\(count) record\(count == 1 ? "" : "s")" }
}

import AirlockMapping
import AirlockModel
import AirlockReport

/// How the records a flow converts took the values of its field maps that can fill a blank source (a default, the
/// run's setting, a constant, a `fallback`) or withhold one (`onlyWith`): counted once, when the flow ends, from its
/// accepted records and their source rows, for what the plan, the run's warnings and the page say of defaults
/// (`ConversionPlanner`, `FlowRunner+Warnings`).
struct FieldFills: Sendable {
    /// One field map's accepted records by where their value came from (`FieldMapping.valueOrigin`).
    struct Count: Sendable {
        var mapping: FieldMapping
        var origins: [ValueOrigin: Int] = [:]
        /// Records whose own value (the fallback field's, through the field's steps) is not the field map's own
        /// value, though they did not take it (fallback or withheld): the default would have contradicted them.
        var contradicted = 0
        var contradictedWithheld = 0
        var ownValues: [String: Int] = [:]
        var examples: [String] = []
        /// Existing records that keep the value the target holds: the field map's own value is for created records
        /// (`on: create`), or `onlyWith` withholds a value.
        var kept = 0

        /// Records that take the field map's own value (its default, setting or constant).
        var defaulted: Int { origins[.ownValue] ?? 0 }
    }

    /// Target field → its count, for every field map that fills or withholds a value and reads a column the export
    /// lacks, or that reads other fields (`onlyWith`, `fallback`): what the plan and the warnings say.
    let counts: [String: Count]

    static let none = FieldFills(counts: [:])

    private init(counts: [String: Count]) { self.counts = counts }

    /// Counts `output`'s accepted records, `created` saying per accepted record whether the run creates it;
    /// `valueMaps` holds the maps its field maps name.
    init(_ output: FlowOutput, created: [Bool], valueMaps: TemplateSet) {
        let source = output.source
        let accepted = output.accepted
        func column(_ name: String) -> Int? { SourceView.column(of: name, in: source) }
        let keyColumns = output.layout.keyColumns.compactMap { accepted.columnIndex(named: $0) }
        var counts: [String: Count] = [:]
        for mapping in output.template.fields where Self.fills(mapping) {
            let sourceColumn = mapping.source.flatMap(column)
            guard !mapping.otherFieldsRead.isEmpty || (mapping.source != nil && sourceColumn == nil) else { continue }
            let valueMap = mapping.valueMapName.flatMap(valueMaps.valueMap(named:))
            // A value of the source's own is the source's unless a map or country step may fall back to the default.
            let sourceAlwaysWins =
                mapping.unmappedValuePolicy != .useDefault
                && !mapping.transforms.contains { if case .country(_, .useDefault, _) = $0 { true } else { false } }
            var others: [String: Int] = [:]
            for field in mapping.otherFieldsRead { others[field] = column(field) }
            let targetColumn = accepted.columnIndex(named: mapping.target)
            var count = Count(mapping: mapping)
            for (row, sourceRow) in output.acceptedSourceRows.enumerated() {
                if sourceAlwaysWins, let sourceColumn,
                    source.withValue(row: sourceRow, column: sourceColumn, { $0.map { !ASCII.scan($0).isBlank } ?? false })
                {
                    count.origins[.source, default: 0] += 1
                    continue
                }
                let value = sourceColumn.flatMap { source.value(row: sourceRow, column: $0) }
                let otherFields = { (field: String) in others[field].flatMap { source.value(row: sourceRow, column: $0) } }
                let origin = mapping.valueOrigin(of: value, valueMap: valueMap, otherFields: otherFields)
                let written = targetColumn.flatMap { accepted.value(row: row, column: $0) }?.trimmingASCIIWhitespace()
                let isCreated = row < created.count ? created[row] : true
                // An existing record that kept its own value (`on: create`) did not take the template's, and one given
                // nothing keeps the target's.
                if !isCreated,
                    origin == .withheld
                        || (origin == .ownValue && mapping.fixedScope == .create
                            && written?.lowercased() != (mapping.constant ?? mapping.defaultValue)?.trimmingASCIIWhitespace().lowercased())
                {
                    count.kept += 1
                    continue
                }
                count.origins[origin, default: 0] += 1
                // The default would have gone to the records the run creates (or, `on: always`, to every record).
                guard isCreated || mapping.fixedScope == .always, origin == .fallback || origin == .withheld,
                    let fallback = mapping.fallbackField,
                    let own = mapping.defaultValue, !ASCII.isBlank(otherFields(fallback)),
                    case .value(let theirs?) = mapping.applyTransforms(
                        to: otherFields(fallback), valueMap: valueMap, otherFields: otherFields),
                    theirs.lowercased() != own.lowercased()
                else { continue }
                count.contradicted += 1
                if origin == .withheld { count.contradictedWithheld += 1 }
                count.ownValues[theirs, default: 0] += 1
                if count.examples.count < ConversionPlan.ConditionalDefault.exampleLimit {
                    count.examples.append(keyColumns.compactMap { accepted.value(row: row, column: $0) }.joined(separator: "/"))
                }
            }
            counts[mapping.target] = count
        }
        self.counts = counts
    }

    /// Whether `mapping` can fill a blank source or withhold a value.
    private static func fills(_ mapping: FieldMapping) -> Bool {
        mapping.defaultValue != nil || mapping.constant != nil || mapping.defaultSetting != nil || !mapping.otherFieldsRead.isEmpty
    }

    /// The field maps with an `onlyWith` or `fallback` that some record took the default of, the fallback's value or
    /// nothing from, as the plan shows them, in the template's order.
    func conditionalDefaults(of template: MappingTemplate) -> [ConversionPlan.ConditionalDefault] {
        template.fields.compactMap { mapping in
            guard !mapping.otherFieldsRead.isEmpty, let count = counts[mapping.target],
                count.defaulted + (count.origins[.fallback] ?? 0) + (count.origins[.withheld] ?? 0) > 0
            else { return nil }
            let own = count.ownValues.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.prefix(ConversionPlan.causeLimit)
            return ConversionPlan.ConditionalDefault(
                field: mapping.target, defaultValue: mapping.defaultValue,
                onlyWith: mapping.onlyWithFields.isEmpty ? [] : [mapping.source].compactMap { $0 } + mapping.onlyWithFields,
                fallback: mapping.fallbackField, defaulted: count.defaulted, fromFallback: count.origins[.fallback] ?? 0,
                withheld: count.origins[.withheld] ?? 0, contradicted: count.contradicted, contradictedWithheld: count.contradictedWithheld,
                ownValues: Dictionary(uniqueKeysWithValues: own.map { ($0.key, $0.value) }), examples: count.examples)
        }
    }
}

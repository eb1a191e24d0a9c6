import AirlockMapping
import AirlockModel
import AirlockReconcile
import AirlockReport

/// One field map's whole pipeline for a flow: read the source value (with a Sales lookup), apply the template's
/// transforms (the mapping layer's `applyTransforms`), resolve an F&O → Sales lookup, check the result against
/// the target, and check a Sales → F&O reference. `FieldPlan` decides how often it runs.
final class FieldPipeline {
    let mapping: FieldMapping
    /// The source field's reader; nil for a constant or a default with no source.
    let reader: SourceFieldReader?
    let valueMap: ValueMap?
    let check: TargetValueCheck
    /// F&O → Sales lookups: the Sales records the value names.
    let targetLookups: [LookupTarget]
    /// Sales → F&O: where the F&O record this value names must be (output or target export); empty: not checked.
    let references: [ReferenceCandidate]
    /// The value also goes to a key path column (`salesorderid.ordernumber`).
    let writesKeyPath: Bool
    /// The source column's F&O locale, for a date format `from: auto`.
    let dateLocale: FOLocale?
    /// Where a `subdivision` step finds the record's country: nil for any other field. Such a field's value depends
    /// on two columns, so `FieldPlan` evaluates it every row.
    let country: CountrySource?
    /// The source fields an `onlyWith` or `fallback` step reads besides the field's own: nil for any other field. Such
    /// a field's value depends on several columns too.
    let otherFields: OtherSourceFields?

    /// The value depends on the row through other columns than the source's (`country`, `otherFields`), so that
    /// `FieldPlan` evaluates it every row.
    var readsOtherColumns: Bool { country != nil || otherFields != nil }

    /// State texts a `subdivision` step could not read as a subdivision of the record's country and that the target
    /// field cannot hold (longer than an F&O state ID): left empty rather than refusing the record, with their counts
    /// for the flow's warning.
    private(set) var clearedStates: [String: Int] = [:]

    /// The field a `subdivision` step reads the record's country from, and how.
    struct CountrySource {
        let reader: SourceFieldReader
        /// The template's own map of that field, when it has a `country` step (its default and settled names apply).
        let mapping: FieldMapping?
        /// Country names settled by hand (folded name → alpha-2), for a country field without a map of its own.
        let overrides: [String: String]
        /// The source fields that map reads besides its own (its `onlyWith` and `fallback`).
        let otherFields: OtherSourceFields?

        /// The alpha-2 code of row `row`'s country, or nil.
        func code(row: Int, view: SourceView) -> String? {
            var text: String?
            if case .value(let value) = reader.read(row: row, in: view) { text = value }
            if let mapping,
                case .value(let mapped?) = mapping.applyTransforms(
                    to: text, valueMap: nil, otherFields: { otherFields?.value(of: $0, row: row, view: view) })
            {
                return CountryCodes.country(mapped)?.alpha2
            }
            guard let text else { return nil }
            return overrides[TextFolding.fold(text)] ?? CountryCodes.country(text)?.alpha2
        }
    }
    /// Target lookups already resolved in this flow (the records they search do not change while it runs).
    private var resolved: [String: (id: String, entity: String, name: String?)] = [:]
    /// Reference checks already made in this flow, by value: the candidates are earlier flows' outputs and the
    /// export, which do not change while it runs.
    private var referenceFound: [String: Bool] = [:]
    /// The target lookups' search, bound at the first value (the records it searches do not change while the
    /// flow runs).
    private var boundLookup: SalesLookup?

    init(
        mapping: FieldMapping, reader: SourceFieldReader?, valueMap: ValueMap?, check: TargetValueCheck, targetLookups: [LookupTarget],
        references: [ReferenceCandidate], writesKeyPath: Bool, dateLocale: FOLocale? = nil, country: CountrySource? = nil,
        otherFields: OtherSourceFields? = nil
    ) {
        self.dateLocale = dateLocale
        self.country = country
        self.otherFields = otherFields
        self.mapping = mapping
        self.reader = reader
        self.valueMap = valueMap
        self.check = check
        self.targetLookups = targetLookups
        self.references = references
        self.writesKeyPath = writesKeyPath
    }

    /// Runs the pipeline on row `row` of the flow's source.
    func evaluate(row: Int, view: SourceView, context: ConversionContext) -> FieldEvaluation {
        var source: String?
        if let reader {
            switch reader.read(row: row, in: view) {
            case .value(let text): source = text
            case .orphan(let message): return FieldEvaluation(outcome: .problem(.orphanReference, message, value: nil))
            }
        }
        var value: String?
        switch mapping.applyTransforms(
            to: source, valueMap: valueMap, dateLocale: dateLocale, country: country?.code(row: row, view: view),
            otherFields: { self.otherFields?.value(of: $0, row: row, view: view) })
        {
        case .value(let result): value = result
        case .unmapped(let kept, let message): return FieldEvaluation(outcome: .problem(.unmappedValue, message, value: kept))
        case .invalid(let kept, let message): return FieldEvaluation(outcome: .problem(.invalidValue, message, value: kept))
        }
        var evaluation = FieldEvaluation(outcome: .value(nil))
        if writesKeyPath { evaluation.keyPath = .some(value?.trimmingASCIIWhitespace()) }
        if !targetLookups.isEmpty, let key = value {
            guard let found = resolveLookup(key, context: context) else {
                let what = targetLookups.map { "\($0.entity) with \($0.keyAttribute)" }.joined(separator: " or ")
                evaluation.outcome = .problem(.orphanReference, "no \(what) '\(key)' in the output or the Sales export", value: value)
                return evaluation
            }
            value = found.id
            evaluation.lookup = (found.entity, found.name)
        }
        let written = check.written(value)
        evaluation.trimmedOuterSpaces = written.trimmed
        evaluation.outcome = check.check(written.value, isLookupID: !targetLookups.isEmpty)
        if country != nil, case .problem(.invalidValue, _, let kept?) = evaluation.outcome,
            kept == source?.trimmingASCIIWhitespace() || kept == source
        {
            // A state F&O cannot hold as an ID and no ISO 3166-2 name of the country: the address goes without it.
            clearedStates[kept.trimmingASCIIWhitespace(), default: 0] += 1
            evaluation.outcome = .value(nil)
        }
        if case .problem(.missingRequired, let message, let kept) = evaluation.outcome, let (setting, given) = mapping.defaultSetting,
            given == nil
        {
            evaluation.outcome = .problem(.missingRequired, message + "; the run gives no \(setting.option)", value: kept)
        }
        if case .value(let final?) = evaluation.outcome, !references.isEmpty, !referenceExists(final, context: context) {
            let places = references.map(\.description).joined(separator: ", ")
            evaluation.outcome = .problem(.orphanReference, "\(mapping.target) '\(final)' is in none of: \(places)", value: final)
        }
        return evaluation
    }

    /// Whether an existing record keeps the target's value of this field on row `row`: the value is the field map's
    /// own (its constant, or its default because the source is blank or unmapped) and for created records only
    /// (`FieldMapping.fixedScope`), or `onlyWith` withholds one (an import would otherwise clear what the target holds).
    /// A value of the source's or its fallback's is the record's own, and written.
    func keepsExistingValue(row: Int, view: SourceView) -> Bool {
        var source: String?
        if let reader, mapping.constant == nil {
            switch reader.read(row: row, in: view) {
            case .value(let text): source = text
            case .orphan: return false
            }
        }
        switch mapping.valueOrigin(of: source, valueMap: valueMap, otherFields: { otherFields?.value(of: $0, row: row, view: view) }) {
        case .withheld: return true
        case .ownValue: return mapping.fixedScope == .create
        case .source, .fallback, .empty: return false
        }
    }

    /// The records this field names by fixed values: its constant or default, and what its value map gives,
    /// when the value goes through a lookup or a reference check, each with whether the output or the exports
    /// hold it (at most `limit`, in that order), and the value a record carrying it holds in the target field (the
    /// id a lookup resolves to; nil when not held), so that the records can be counted.
    func assumedReferences(context: ConversionContext, limit: Int = 50) -> [(reference: ConversionPlan.AssumedReference, written: String?)]
    {
        guard !targetLookups.isEmpty || !references.isEmpty else { return [] }
        var values: [String] = []
        if let fixed = reader == nil ? mapping.fixedValue : mapping.defaultValue { values.append(fixed) }
        values += valueMap?.entries.map(\.to) ?? []
        var seen: Set<String> = []
        var result: [(reference: ConversionPlan.AssumedReference, written: String?)] = []
        for raw in values {
            let value = raw.trimmingASCIIWhitespace()
            guard !value.isEmpty, seen.insert(value).inserted, result.count < limit else { continue }
            if !targetLookups.isEmpty {
                let target = targetLookups.map { "\($0.entity) with \($0.keyAttribute)" }.joined(separator: " or ")
                let id = resolveLookup(value, context: context)?.id
                result.append(
                    (ConversionPlan.AssumedReference(field: mapping.target, target: target, value: value, held: id != nil), id))
            } else {
                let target = references.map(\.description).joined(separator: " or ")
                let held = referenceExists(value, context: context)
                result.append(
                    (ConversionPlan.AssumedReference(field: mapping.target, target: target, value: value, held: held), held ? value : nil))
            }
        }
        return result
    }

    private func resolveLookup(_ key: String, context: ConversionContext) -> (id: String, entity: String, name: String?)? {
        if let known = resolved[key] { return known }
        let lookup = boundLookup ?? context.salesLookup(targetLookups)
        boundLookup = lookup
        let found = lookup.resolve(key)
        if let found { resolved[key] = found }
        return found
    }

    private func referenceExists(_ key: String, context: ConversionContext) -> Bool {
        if let known = referenceFound[key] { return known }
        let found = context.foRecordExists(references, value: key)
        referenceFound[key] = found
        return found
    }
}

import AirlockMapping
import AirlockModel
import AirlockPackages
import AirlockReconcile
import AirlockValidate

/// One field map prepared for a flow: where its value comes from, where it goes, and how it is checked.
final class FieldPlan {
    let mapping: FieldMapping
    /// The source field's reader; nil for a constant or a default with no source.
    let reader: SourceFieldReader?
    /// The target column in the flow's layout.
    let position: Int
    let valueMap: ValueMap?
    /// Sales → F&O: the import's check of the F&O field.
    let foCheck: FOFieldValueCheck?
    /// F&O → Sales: the CMT type of the attribute, its documented length limit.
    let salesType: CMTFieldType?
    let salesMaxLength: Int?
    /// The option values an option-set, state or status attribute takes, when the catalog's list is complete.
    let salesOptions: Set<Int>?
    /// The target requires a value.
    let isRequired: Bool
    /// F&O → Sales lookups: the targets, and the layout columns for the referenced record's entity and name.
    let targetLookups: [LookupTarget]
    let lookupEntityPosition: Int?
    let lookupNamePosition: Int?
    /// The key path column (`salesorderid.ordernumber`) this field's business key also goes to.
    let keyPathPosition: Int?
    /// Sales → F&O: where the F&O record this value names must be (output or target export); empty: not checked.
    let references: [ReferenceCandidate]
    /// Target lookups already resolved in this flow (the records they search do not change while it runs).
    private var resolved: [String: (id: String, entity: String, name: String?)] = [:]
    /// Reference checks already made in this flow, by value: the candidates are earlier flows' outputs and the
    /// export, which do not change while it runs.
    private var referenceFound: [String: Bool] = [:]

    init(
        mapping: FieldMapping, reader: SourceFieldReader?, position: Int, valueMap: ValueMap?, foCheck: FOFieldValueCheck?,
        salesType: CMTFieldType?, salesMaxLength: Int?, salesOptions: Set<Int>?, isRequired: Bool, targetLookups: [LookupTarget], lookupEntityPosition: Int?,
        lookupNamePosition: Int?, keyPathPosition: Int?, references: [ReferenceCandidate]
    ) {
        self.mapping = mapping
        self.reader = reader
        self.position = position
        self.valueMap = valueMap
        self.foCheck = foCheck
        self.salesType = salesType
        self.salesMaxLength = salesMaxLength
        self.salesOptions = salesOptions
        self.isRequired = isRequired
        self.targetLookups = targetLookups
        self.lookupEntityPosition = lookupEntityPosition
        self.lookupNamePosition = lookupNamePosition
        self.keyPathPosition = keyPathPosition
        self.references = references
    }

    /// What the pipeline made of one value.
    enum Outcome {
        case value(String?)
        /// The record is refused; `value` is what the pipeline had so far (a key part still identifies the record).
        case problem(RejectReason, String, value: String?)
    }

    /// The pipeline's result for one source value: the outcome, and what it writes to other layout columns.
    private struct Evaluation {
        var outcome: Outcome
        /// The key path column's value, when the pipeline got that far (`.some(nil)`: it writes null).
        var keyPath: String?? = .none
        /// The referenced Sales record's entity and display name, when a target lookup found it.
        var lookup: (entity: String, name: String?)?
    }

    /// Evaluations by the dictionary code of the source value (index 256: null), when the result depends on the
    /// value alone (`canMemoise`) and the source column is dictionary-encoded: a status, currency or company
    /// column is mapped and checked once per distinct value, not once per row.
    private var evaluationsByCode: [MemoisedEvaluation?] = []
    /// A memoised evaluation as a row writes it (a class: a row that reuses it copies one reference).
    private final class MemoisedEvaluation {
        /// The value's UTF-8 bytes; nil for null.
        let valueBytes: [UInt8]?
        let refusal: (reason: RejectReason, message: String)?
        /// Whether `refusal` is set (read first: most evaluations are not refused, and reading the optional
        /// tuple copies its message).
        let isRefused: Bool
        let keyPath: String??
        let lookup: (entity: String, name: String?)?

        init(_ evaluation: Evaluation) {
            switch evaluation.outcome {
            case .value(let value):
                valueBytes = value.map { Array($0.utf8) }
                refusal = nil
            case .problem(let reason, let message, let value):
                valueBytes = value.map { Array($0.utf8) }
                refusal = (reason, message)
            }
            isRefused = refusal != nil
            keyPath = evaluation.keyPath
            lookup = evaluation.lookup
        }
    }

    /// Evaluations by source value (and pointed entity), for a field on a column that is not dictionary-encoded
    /// (route `.cached`); nil once the cache is found not worth keeping.
    private var evaluationCache: EvaluationCache<MemoisedEvaluation>?

    /// How this flow maps the field, decided at its first row (the source table does not change).
    private var route: Route?
    /// The canonical bytes of the value being copied (`copyBytes`), kept between rows.
    private var canonical: [UInt8] = []

    private enum Route {
        /// Evaluated once per dictionary code of the source column (or once, with no source column).
        case memoised
        /// A plain copy of column `column`: a value that passes the target's check as it is goes from the source
        /// table to the row as bytes; anything else is evaluated.
        case copy(column: Int)
        /// Evaluated once per source value (and pointed entity) while it stays in `evaluationCache`.
        case cached(column: Int)
        /// Evaluated for every row.
        case evaluated
    }

    /// The pipeline depends on the row only through the source value: a plain column (no Sales lookup, whose
    /// result also depends on the row's `lookupentity`) or no source at all. A Sales lookup is memoised by its
    /// reader instead (`LookupMemo`); target lookups and reference checks are memoised here by value.
    private var canMemoise: Bool { reader.map { $0.targets.isEmpty } ?? true }

    /// The value is the source column's as it is (or this field's default when it is blank), checked against
    /// the target's type and length only: nothing else writes it or refers to it.
    private var isPlainCopy: Bool {
        guard let reader, reader.targets.isEmpty, reader.column != nil, keyPathPosition == nil, targetLookups.isEmpty,
              references.isEmpty, salesOptions == nil else { return false }
        return mapping.transforms.allSatisfy {
            switch $0 {
            case .copy, .defaultValue: true
            default: false
            }
        }
    }

    /// Runs the field's pipeline on row `row` (source lookup, constant, value map, formats, default, target
    /// lookup), checks the result against the target's type and writes it to `values` at `position` (and the
    /// columns the pipeline also feeds). Returns the reason and message when the value refuses the record.
    func map(row: Int, view: SourceView, context: ConversionContext, values: inout RowValues) -> (reason: RejectReason, message: String)? {
        let current: Route
        if let route { current = route } else { current = decideRoute(view: view) }
        switch current {
        case .copy(let column):
            if copyBytes(row: row, column: column, view: view, values: &values) { return nil }
            return write(evaluate(row: row, view: view, context: context), to: &values)
        case .memoised:
            let slot = reader?.column.flatMap { view.table.dictionaryCode(row: row, column: $0) } ?? 256
            let memo: MemoisedEvaluation
            if let known = evaluationsByCode[slot] {
                memo = known
            } else {
                memo = MemoisedEvaluation(evaluate(row: row, view: view, context: context))
                evaluationsByCode[slot] = memo
            }
            return write(memo, to: &values)
        case .cached(let column):
            guard let cache = evaluationCache, cache.isWorthKeeping else {
                evaluationCache = nil
                route = .evaluated
                return write(evaluate(row: row, view: view, context: context), to: &values)
            }
            let pointedColumn = view.lookupEntities == nil ? nil : reader?.lookupEntityColumn
            let (known, probe) = withCacheKey(row: row, column: column, pointedColumn: pointedColumn, view: view) { cache.find($0, $1) }
            if let known { return write(known, to: &values) }
            let memo = MemoisedEvaluation(evaluate(row: row, view: view, context: context))
            withCacheKey(row: row, column: column, pointedColumn: pointedColumn, view: view) { cache.store(memo, $0, $1, at: probe) }
            return write(memo, to: &values)
        case .evaluated:
            return write(evaluate(row: row, view: view, context: context), to: &values)
        }
    }

    /// Calls `body` with row `row`'s cache key: the source value, and for a Sales lookup that records it, the
    /// entity the row points to (`pointedColumn` of the view's `lookupentity` table), as `SourceFieldReader`
    /// reads them.
    private func withCacheKey<R>(
        row: Int, column: Int, pointedColumn: Int?, view: SourceView, _ body: (UnsafeRawBufferPointer?, UnsafeRawBufferPointer?) -> R
    ) -> R {
        view.table.withValue(row: row, column: column) { value in
            guard let pointedColumn, let lookupEntities = view.lookupEntities else { return body(value, nil) }
            return lookupEntities.withValue(row: row, column: pointedColumn) { pointed in body(value, pointed) }
        }
    }

    /// Writes a memoised evaluation to `values`; the refusal, if any.
    private func write(_ memo: MemoisedEvaluation, to values: inout RowValues) -> (reason: RejectReason, message: String)? {
        if let keyPathPosition, case .some(let keyPath) = memo.keyPath { values[keyPathPosition] = keyPath }
        if let found = memo.lookup {
            if let lookupEntityPosition { values[lookupEntityPosition] = found.entity }
            if let lookupNamePosition { values[lookupNamePosition] = found.name }
        }
        if let valueBytes = memo.valueBytes {
            valueBytes.withUnsafeBytes { values.setBytes(position, $0) }
        } else {
            values[position] = nil
        }
        return memo.isRefused ? memo.refusal : nil
    }

    /// Writes `evaluation` to `values`; the refusal, if any.
    private func write(_ evaluation: Evaluation, to values: inout RowValues) -> (reason: RejectReason, message: String)? {
        if let keyPathPosition, case .some(let keyPath) = evaluation.keyPath { values[keyPathPosition] = keyPath }
        if let found = evaluation.lookup {
            if let lookupEntityPosition { values[lookupEntityPosition] = found.entity }
            if let lookupNamePosition { values[lookupNamePosition] = found.name }
        }
        let refusal: (reason: RejectReason, message: String)?
        let value: String?
        switch evaluation.outcome {
        case .value(let text):
            value = text
            refusal = nil
        case .problem(let reason, let message, let text):
            value = text
            refusal = (reason, message)
        }
        values[position] = value
        return refusal
    }

    private func decideRoute(view: SourceView) -> Route {
        let decided: Route
        if canMemoise && (reader?.column.map { view.table.columns[$0].isDictionaryEncoded } ?? true) {
            evaluationsByCode = Array(repeating: nil, count: 257)
            decided = .memoised
        } else if isPlainCopy, let column = reader?.column {
            decided = .copy(column: column)
        } else if let column = reader?.column {
            // The result depends on the row through the source value (and, for a Sales lookup, the entity the
            // row's `lookupentity` names) alone: see `canMemoise` and `SourceFieldReader.read`.
            evaluationCache = EvaluationCache()
            decided = .cached(column: column)
        } else {
            decided = .evaluated
        }
        route = decided
        return decided
    }

    /// Copies row `row`'s value of `column` to `values` as bytes when it is ASCII, not blank, and passes the
    /// target's check, or writes null for a blank one (`copiesBlankAsNull`); false (nothing written) otherwise,
    /// and the value is then evaluated. ASCII text is its own `String`, so the result is byte for byte what
    /// `evaluate` gives.
    private func copyBytes(row: Int, column: Int, view: SourceView, values: inout RowValues) -> Bool {
        view.table.withValue(row: row, column: column) { bytes -> Bool in
            let (isBlank, isASCII) = bytes.map(Self.scan) ?? (true, true)
            if isBlank {
                // A blank value is null (as `evaluate` has it): written as such unless a default or the
                // required check has a say.
                guard copiesBlankAsNull else { return false }
                values[position] = nil
                return true
            }
            guard let bytes, isASCII else { return false }
            if let foCheck, !foCheck.accepts(bytes) { return false }
            guard let salesType else {
                values.setBytes(position, bytes)
                return true
            }
            canonical.removeAll(keepingCapacity: true)
            guard CMTValueCodec.canonical(bytes, as: salesType, into: &canonical) else { return false }
            if let limit = salesMaxLength, canonical.count > limit { return false }
            canonical.withUnsafeBytes { values.setBytes(position, $0) }
            return true
        }
    }

    /// Whether `bytes` are all whitespace (or none), and whether they are all ASCII.
    private static func scan(_ bytes: UnsafeRawBufferPointer) -> (isBlank: Bool, isASCII: Bool) {
        var seen: UInt8 = 0
        var blank = true
        for byte in bytes {
            seen |= byte
            if blank && byte != 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D { blank = false }
        }
        return (blank, seen < 0x80)
    }

    /// A plain copy writes a blank source value as null: no default replaces it and the target does not
    /// require a value (which `check` would refuse).
    private lazy var copiesBlankAsNull: Bool = !isRequired && !mapping.transforms.contains {
        if case .defaultValue = $0 { return true }
        return false
    }

    private func evaluate(row: Int, view: SourceView, context: ConversionContext) -> Evaluation {
        var value: String?
        if let reader {
            switch reader.read(row: row, in: view) {
            case .value(let text): value = text
            case .orphan(let message): return Evaluation(outcome: .problem(.orphanReference, message, value: nil))
            }
        }
        for transform in mapping.transforms {
            switch transform {
            case .copy, .lookup:
                break
            case .constant(let constant):
                value = constant
            case .defaultValue(let fallback):
                if Self.isBlank(value) { value = fallback }
            case .valueMap(let name, let policy):
                guard let text = value, !Self.isBlank(text) else { continue }
                if let mapped = valueMap?.value(for: text) {
                    value = mapped
                } else {
                    switch policy {
                    case .keep: break
                    case .useDefault: value = mapping.defaultValue
                    case .reject: return Evaluation(outcome: .problem(.unmappedValue, "'\(text)' has no entry in value map \(name)", value: value))
                    }
                }
            case .dateFormat(let from, let to):
                guard let text = value, !Self.isBlank(text) else { continue }
                guard let converted = ValueFormats.date(text, from: from, to: to) else {
                    return Evaluation(outcome: .problem(.invalidValue, "'\(text)' is not a \(from.rawValue) date", value: value))
                }
                value = converted
            case .numberFormat(let from, let to):
                guard let text = value, !Self.isBlank(text) else { continue }
                guard let converted = ValueFormats.number(text, from: from, to: to) else {
                    return Evaluation(outcome: .problem(.invalidValue, "'\(text)' is not a \(from.rawValue) number", value: value))
                }
                value = converted
            }
        }
        if Self.isBlank(value) { value = nil }
        var evaluation = Evaluation(outcome: .value(nil))
        if keyPathPosition != nil { evaluation.keyPath = .some(value?.trimmingASCIIWhitespace()) }
        if !targetLookups.isEmpty, let key = value {
            let found: (id: String, entity: String, name: String?)?
            if let known = resolved[key] {
                found = known
            } else {
                found = context.resolveSalesLookup(targetLookups, value: key)
                if let found { resolved[key] = found }
            }
            guard let found else {
                let what = targetLookups.map { "\($0.entity) with \($0.keyAttribute)" }.joined(separator: " or ")
                evaluation.outcome = .problem(.orphanReference, "no \(what) '\(key)' in the output or the Sales export", value: value)
                return evaluation
            }
            value = found.id
            evaluation.lookup = (found.entity, found.name)
        }
        evaluation.outcome = check(value, context: context)
        return evaluation
    }

    /// Checks the pipeline's final value against the target's type, options and references.
    private func check(_ result: String?, context: ConversionContext) -> Outcome {
        guard var value = result else {
            if isRequired { return .problem(.missingRequired, "\(mapping.target) is required and the record has no value for it", value: nil) }
            return .value(nil)
        }
        if let foCheck, let refusal = foCheck.refusal(value) {
            return .problem(.invalidValue, "'\(value)': \(refusal)", value: value)
        }
        if let salesType, targetLookups.isEmpty {
            do {
                let canonical = try CMTValueCodec.canonical(value, as: salesType)
                if let limit = salesMaxLength, canonical.utf16.count > limit {
                    return .problem(.invalidValue, "'\(value)' has \(canonical.utf16.count) characters; \(mapping.target) takes at most \(limit)", value: value)
                }
                if let options = salesOptions, let number = Int(canonical), !options.contains(number) {
                    return .problem(.invalidValue, "\(number) is not an option of \(mapping.target) (\(options.sorted().map(String.init).joined(separator: ", ")))", value: value)
                }
                value = canonical
            } catch let error as AirlockError {
                return .problem(.invalidValue, error.message, value: value)
            } catch {
                return .problem(.invalidValue, "\(error)", value: value)
            }
        }
        if !references.isEmpty, !referenceExists(value, context: context) {
            let places = references.map(\.description).joined(separator: ", ")
            return .problem(.orphanReference, "\(mapping.target) '\(value)' is in none of: \(places)", value: value)
        }
        return .value(value)
    }

    private func referenceExists(_ key: String, context: ConversionContext) -> Bool {
        if let known = referenceFound[key] { return known }
        let found = context.foRecordExists(references, value: key)
        referenceFound[key] = found
        return found
    }

    static func isBlank(_ value: String?) -> Bool {
        guard let value else { return true }
        return value.utf8.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
    }
}

import AirlockMapping
import AirlockModel
import AirlockPackages
import AirlockReconcile
import AirlockValidate

/// How one field of a flow is mapped, fast: the speed routes around its `FieldPipeline`, and where the result
/// goes in the flow's layout.
///
/// A plan serves one flow on one thread: its state is not checked for exclusive access at run time.
///
/// Each field takes one route, chosen at the flow's first record: `memoised` (once per dictionary code of the
/// source column), `copy` (a plain copy's ASCII value straight from the source column as bytes), `cached`
/// (recent results by source value), or `evaluated` (the pipeline every row). Every route writes the bytes the
/// pipeline gives; only the time differs.
final class FieldPlan {
    let pipeline: FieldPipeline
    /// The target column in the flow's layout.
    let position: Int
    /// The key path column (`salesorderid.ordernumber`) this field's business key also goes to.
    let keyPathPosition: Int?
    /// F&O → Sales lookups: the layout columns for the referenced record's entity and name.
    let lookupEntityPosition: Int?
    let lookupNamePosition: Int?
    /// Every layout column this field writes.
    var positions: [Int] { [position] + [keyPathPosition, lookupEntityPosition, lookupNamePosition].compactMap { $0 } }
    /// The pipeline's target check (kept here too: the copy route reads it every row).
    private let check: TargetValueCheck
    /// How many rows' values were written without leading or trailing spaces (`TargetValueCheck.written`).
    private(set) var trimmedValues = 0

    init(pipeline: FieldPipeline, position: Int, keyPathPosition: Int?, lookupEntityPosition: Int?, lookupNamePosition: Int?) {
        self.pipeline = pipeline
        self.position = position
        self.keyPathPosition = keyPathPosition
        self.lookupEntityPosition = lookupEntityPosition
        self.lookupNamePosition = lookupNamePosition
        check = pipeline.check
    }

    var mapping: FieldMapping { pipeline.mapping }
    private var reader: SourceFieldReader? { pipeline.reader }

    /// Evaluations by the dictionary code of the source value (index 256: null), when the result depends on the
    /// value alone (`canMemoise`) and the source column is dictionary-encoded: a status, currency or company
    /// column is mapped and checked once per distinct value, not once per row.
    @exclusivity(unchecked) private var evaluationsByCode: [MemoisedEvaluation?] = []
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
        let trimmedOuterSpaces: Bool

        init(_ evaluation: FieldEvaluation) {
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
            trimmedOuterSpaces = evaluation.trimmedOuterSpaces
        }
    }

    /// Evaluations by source value (and pointed entity), for a field on a column that is not dictionary-encoded
    /// (route `.cached`); nil once the cache is found not worth keeping.
    @exclusivity(unchecked) private var evaluationCache: EvaluationCache<MemoisedEvaluation>?

    /// How this flow maps the field, decided at its first row (the source table does not change).
    @exclusivity(unchecked) private var route: Route?
    /// The canonical bytes of the value being copied (`copyBytes`), kept between rows.
    @exclusivity(unchecked) private var canonical: [UInt8] = []

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
    /// result also depends on the row's `lookupentity`) or no source at all, and no other column (a state's
    /// country, an `onlyWith` or `fallback` field). A Sales lookup is memoised by its reader instead (`LookupMemo`);
    /// target lookups and reference checks are memoised here by value.
    private var canMemoise: Bool { !pipeline.readsOtherColumns && (reader.map { $0.targets.isEmpty } ?? true) }

    /// The value is the source column's as it is (or this field's default when it is blank), checked against
    /// the target's type and length only: nothing else writes it or refers to it.
    private var isPlainCopy: Bool {
        guard let reader, reader.targets.isEmpty, reader.column != nil, keyPathPosition == nil, pipeline.targetLookups.isEmpty,
            pipeline.references.isEmpty, check.salesCheck?.refusesUnknownOptions != true
        else { return false }
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
            return write(pipeline.evaluate(row: row, view: view, context: context), to: &values)
        case .memoised:
            let slot = reader?.column.flatMap { view.table.dictionaryCode(row: row, column: $0) } ?? 256
            let memo: MemoisedEvaluation
            if let known = evaluationsByCode[slot] {
                memo = known
            } else {
                memo = MemoisedEvaluation(pipeline.evaluate(row: row, view: view, context: context))
                evaluationsByCode[slot] = memo
            }
            return write(memo, to: &values)
        case .cached(let column):
            guard let cache = evaluationCache, cache.isWorthKeeping else {
                evaluationCache = nil
                route = .evaluated
                return write(pipeline.evaluate(row: row, view: view, context: context), to: &values)
            }
            let pointedColumn = view.lookupEntities == nil ? nil : reader?.lookupEntityColumn
            let (known, probe) = withCacheKey(row: row, column: column, pointedColumn: pointedColumn, view: view) { cache.find($0, $1) }
            if let known { return write(known, to: &values) }
            let memo = MemoisedEvaluation(pipeline.evaluate(row: row, view: view, context: context))
            withCacheKey(row: row, column: column, pointedColumn: pointedColumn, view: view) { cache.store(memo, $0, $1, at: probe) }
            return write(memo, to: &values)
        case .evaluated:
            return write(pipeline.evaluate(row: row, view: view, context: context), to: &values)
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
        if memo.trimmedOuterSpaces && !memo.isRefused { trimmedValues += 1 }
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
    private func write(_ evaluation: FieldEvaluation, to values: inout RowValues) -> (reason: RejectReason, message: String)? {
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
            if evaluation.trimmedOuterSpaces { trimmedValues += 1 }
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
        } else if let column = reader?.column, !pipeline.readsOtherColumns {
            // The result depends on the row through the source value (and, for a Sales lookup, the entity the
            // row's `lookupentity` names) alone: see `canMemoise` and `SourceFieldReader.read`.
            evaluationCache = EvaluationCache(rows: view.table.rowCount)
            decided = .cached(column: column)
        } else {
            decided = .evaluated
        }
        route = decided
        return decided
    }

    /// Copies row `row`'s value of `column` to `values` as bytes when it is ASCII, not blank, and passes the
    /// target's check (`TargetValueCheck.copyForm`), or writes null for a blank one (`copiesBlankAsNull`); false
    /// (nothing written) otherwise, and the value is then evaluated.
    private func copyBytes(row: Int, column: Int, view: SourceView, values: inout RowValues) -> Bool {
        view.table.withValue(row: row, column: column) { bytes -> Bool in
            let (isBlank, isASCII) = bytes.map(ASCII.scan) ?? (true, true)
            if isBlank {
                // A blank value is null (as the pipeline has it): written as such unless a default or the
                // required check has a say.
                guard copiesBlankAsNull else { return false }
                values[position] = nil
                return true
            }
            guard let bytes, isASCII else { return false }
            switch check.copyForm(bytes, canonical: &canonical) {
            case .refused:
                return false
            case .asIs:
                values.setBytes(position, bytes)
            case .canonical:
                canonical.withUnsafeBytes { values.setBytes(position, $0) }
            }
            return true
        }
    }

    /// A plain copy writes a blank source value as null: no default replaces it and the target does not
    /// require a value (which `check` would refuse).
    private lazy var copiesBlankAsNull: Bool =
        !check.isRequired
        && !mapping.transforms.contains {
            switch $0 {
            case .defaultValue, .settingDefault(_, .some): return true
            default: return false
            }
        }
}

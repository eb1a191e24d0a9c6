import AirlockReconcile

/// Which filter leaves a flow's source record out before its fields are mapped: a template filter, else `--since`
/// (a record unchanged since the last wave), and for such a line, its header's filter when the header is left out.
/// A filtered record's problems are not reported, and only its key is mapped (the status lines read): only the field
/// plans that write the key run.
struct RecordFilter {
    private let filters: FilterEvaluator
    /// Per source row: whether it is unchanged since the last wave (`--since`); nil without `--since`.
    private let unchangedSince: [Bool]?
    /// The plans that write the key, in order.
    private let keyFields: RecordMapper
    private let parent: ParentCheck

    /// The filter of the records `filters` and `unchangedSince` leave out, mapping their key with the plans among
    /// `plans` that write a layout column of `keyPositions`; `parent` the flow's check of a line against its header.
    init(
        filters: FilterEvaluator, unchangedSince: [Bool]?, plans: [FieldPlan], keyPositions: [Int], parent: ParentCheck,
        context: ConversionContext
    ) {
        self.filters = filters
        self.unchangedSince = unchangedSince
        let keyPositions = Set(keyPositions)
        keyFields = RecordMapper(plans: plans.filter { !keyPositions.isDisjoint(with: $0.positions) }, context: context)
        self.parent = parent
    }

    /// The name of the filter that leaves source row `row` of `view` out, with its key mapped into `values`; nil
    /// (nothing mapped) when none does.
    func filterLeavingOut(row: Int, view: SourceView, values: inout RowValues) -> String? {
        var filter: String
        if let failed = filters.failedFilter(row: row, in: view) {
            filter = failed
        } else if unchangedSince?[row] == true {
            filter = BuiltInFilter.unchangedSince
        } else {
            return nil
        }
        keyFields.mapUnheeded(row: row, view: view, values: &values)
        // A line unchanged since the last wave whose header the template's filters leave out was left out then too:
        // it is filtered with its header, not counted as sent in an earlier wave.
        if filter == BuiltInFilter.unchangedSince, let verdict = parent.verdict(values: values),
            case .filtered(let parentFilter) = verdict.outcome
        {
            filter = parentFilter
        }
        return filter
    }
}

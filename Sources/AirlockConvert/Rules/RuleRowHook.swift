/// A rule's work on each record of one flow (`ConversionRule.rowHook(for:)`).
public protocol RuleRowHook {
    /// Runs on source row `row` once the field maps have filled `values` and nothing has refused or filtered the
    /// record. It may change `values` (by the positions `RuleFlow.position(ofTarget:)` gives); a refusal rejects
    /// the record with its reason, and no later hook runs on it.
    mutating func apply(row: Int, values: inout RowValues) -> RuleRefusal?
}

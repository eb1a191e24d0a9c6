/// A rule's work on each record of one flow (`ConversionRule.rowHook(for:)`).
public protocol RuleRowHook {
    /// Runs on source row `row` once the field maps have filled `values`, for every record no filter left out
    /// (a record already refused too, so that its reject line gives every reason). It may change `values` (by the
    /// positions `RuleFlow.position(ofTarget:)` gives); a refusal rejects the record, or adds its reason to those
    /// the record already has. Hooks run in the order of the conversion's rules.
    mutating func apply(row: Int, values: inout RowValues) -> RuleRefusal?
}

import AirlockReconcile

/// Maps a record's fields into the flow's layout: each field plan in turn writes its value to the record's
/// `RowValues`; a plan's refusal is a problem of the record, given with the value the plan left.
struct RecordMapper {
    private let plans: UnretainedReferences<FieldPlan>
    private let context: ConversionContext

    /// The mapper that runs `plans` in order.
    init(plans: [FieldPlan], context: ConversionContext) {
        self.plans = UnretainedReferences(plans)
        self.context = context
    }

    /// Maps source row `row` of `view` into `values`, adding each plan's refusal to `problems`.
    func map(row: Int, view: SourceView, values: inout RowValues, problems: inout [RejectEntry.Problem]) {
        plans.withEach { plan in
            if let refusal = plan.map(row: row, view: view, context: context, values: &values) {
                problems.append(
                    RejectEntry.Problem(
                        reason: refusal.reason, field: plan.mapping.target, message: refusal.message, value: values[plan.position]))
            }
        }
    }

    /// Maps source row `row` of `view` into `values`, its problems unheeded (a filtered record's, which are not
    /// reported).
    func mapUnheeded(row: Int, view: SourceView, values: inout RowValues) {
        plans.withEach { plan in _ = plan.map(row: row, view: view, context: context, values: &values) }
    }
}

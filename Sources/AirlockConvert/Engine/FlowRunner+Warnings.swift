/// What a flow says once its records are mapped: the states it left empty, and the values an existing record or the
/// master could not keep.
extension FlowRunner {
    /// Warns of the Sales states each of `plans` left empty: no ISO 3166-2 subdivision of the record's country, and
    /// longer than the target field holds (`FieldPipeline.clearedStates`), the 20 most frequent named.
    func warnOfClearedStates(_ plans: [FieldPlan]) {
        for plan in plans where !plan.pipeline.clearedStates.isEmpty {
            let values = plan.pipeline.clearedStates.sorted { ($1.value, $0.key) < ($0.value, $1.key) }
            let listed = values.prefix(20).map { "'\($0.key)' (\($0.value) record\($0.value == 1 ? "" : "s"))" }.joined(separator: ", ")
            context.warn(
                "flow \(template.name): \(plan.mapping.target) left empty where the Sales state is no ISO 3166-2 subdivision of the record's country and longer than the field holds: \(listed)\(values.count > 20 ? " and \(values.count - 20) more" : ""); F&O keeps address states as IDs it has set up (an edited template's value map keeps them)",
                flow: template.name)
        }
    }

    /// Warns of the fields in which `keeper` could not keep the master's values (`--master`) because the master's
    /// export lacks their column, the most records first.
    func warnOfMasterValuesNotKept(by keeper: ExistingValueKeeper) {
        guard !keeper.notKeptByMaster.isEmpty, let master = context.options.master else { return }
        let fields = keeper.notKeptByMaster.sorted { ($1.value, $0.key) < ($0.value, $1.key) }
        let side = template.target.side == .fo ? "F&O" : "Sales"
        context.warn(
            "flow \(template.name): --master \(master) cannot keep the \(side) values of \(fields.map { "\($0.key) (\($0.value) record\($0.value == 1 ? "" : "s"))" }.joined(separator: ", ")): the \(side) export's \(template.target.entity) lacks the column\(fields.count == 1 ? "" : "s"), so those records take the other side's values there; export the column\(fields.count == 1 ? "" : "s") to keep them",
            flow: template.name)
    }

    /// Warns of the fields in which `keeper` could not keep an existing record's own values (`on: create`) because
    /// the F&O export lacks their column, by name.
    func warnOfExistingValuesNotKept(by keeper: ExistingValueKeeper) {
        guard !keeper.notKept.isEmpty else { return }
        let fields = keeper.notKept.sorted { $0.key < $1.key }.map { "\($0.key) (\($0.value) record\($0.value == 1 ? "" : "s"))" }
        context.warn(
            "flow \(template.name): the F&O export's \(template.target.entity) has no \(fields.map { $0.prefix { $0 != " " } }.joined(separator: ", ")), so existing records cannot keep their values there: the template's own value goes to \(fields.joined(separator: ", ")); export the column to keep them",
            flow: template.name)
    }
}

/// What a flow says once its records are mapped: the states it left empty, the values an existing record or the
/// master could not keep, the source columns its export lacks and the defaults its records' own data contradicts.
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

    /// Says which of `plans` wrote values without their leading or trailing spaces (`FieldPlan.trimmedValues`), and
    /// how many: F&O keeps such spaces as part of a value, and the validator flags them (`fo.value.spreadsheet`).
    func warnOfTrimmedValues(_ plans: [FieldPlan]) {
        let fields = plans.filter { $0.trimmedValues > 0 }.map { "\($0.mapping.target) (\($0.trimmedValues))" }
        guard !fields.isEmpty else { return }
        context.warn(
            "flow \(template.name): values mapped without their leading or trailing spaces, which F&O would keep as part of the value (validate's fo.value.spreadsheet): \(fields.joined(separator: ", "))",
            flow: template.name)
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

    /// Warns of the source columns the flow's field maps read that its export lacks, with what that does to each
    /// field (`ConversionPlanner.mappedFieldEffects`, as the plan says it): left empty, or filled by a default with
    /// its records.
    func warnOfMissingSourceColumns(_ output: FlowOutput) {
        guard output.source.rowCount > 0 else { return }
        var absent: [String] = []
        for mapping in template.fields {
            guard let source = mapping.source.map(ConversionPlanner.column(of:)), output.source.columnIndex(named: source) == nil,
                !absent.contains(source)
            else { continue }
            absent.append(source)
        }
        guard !absent.isEmpty else { return }
        let effects = absent.flatMap { ConversionPlanner.mappedFieldEffects(of: $0, template: template, fills: output.fills) }
        let side = template.source.side == .fo ? "F&O" : "Sales"
        context.warn(
            "flow \(template.name): the \(side) export's \(template.source.entity) has no \(absent.joined(separator: ", ")): \(effects.joined(separator: "; "))",
            flow: template.name)
    }

    /// Warns of the field maps whose default would have contradicted some records' own data (`onlyWith`,
    /// `fallback`): what the records took instead, with their own values and the first records
    /// (`ConversionPlan.ConditionalDefault.warning`, which the plan lists too).
    func warnOfWithheldDefaults(_ output: FlowOutput) {
        for conditional in output.fills.conditionalDefaults(of: template) {
            guard let warning = conditional.warning else { continue }
            context.warn("flow \(template.name): \(warning)", flow: template.name)
        }
    }
}

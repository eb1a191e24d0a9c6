import AirlockMapping
import AirlockModel

/// What a run says and refuses once the exports are read, before any record moves: the columns the templates read
/// that the exports lack (the plan's first part, told to `notice`), a target the export lacks (refused, or a warning
/// when `--allow-missing-target` names it), what the keymap replaced, what the settings stand in for, and, once the
/// rules are known, what `--only` leaves out that the flows run read.
enum RunPreflight {
    /// The checks and warnings before the rules are made.
    /// - Throws: `MissingTargetCheck`'s refusal (not for a plan, which shows it instead); the planner's errors.
    static func check(
        _ order: [MappingTemplate], context: ConversionContext, keymapWarnings: [(entity: String, text: String)],
        settingsNotices: [(flow: String, text: String)], notice: @Sendable (String) -> Void
    ) throws {
        for line in try ConversionPlanner.preflight(order, context: context) {
            notice("plan: \(line.flow) lacks \(line.missing.column): \(line.missing.effects.joined(separator: "; "))")
        }
        // A target the export lacks turns every record into a creation: refused before any record moves (a plan
        // shows it instead), and said in the report when allowed.
        let missingTargets = try MissingTargetCheck.find(order, context: context)
        if context.options.planOnly != true, let refusal = MissingTargetCheck.refusal(missingTargets) { throw refusal }
        for finding in missingTargets where finding.allowed { context.warn(MissingTargetCheck.warning(finding), flow: finding.flow) }
        for warning in keymapWarnings {
            let flow = order.first { $0.source.entity == warning.entity || $0.target.entity == warning.entity }
            context.warn(warning.text, flow: flow?.name ?? order.first?.name ?? "")
        }
        for (flow, text) in settingsNotices { context.warn(text, flow: flow) }
    }

    /// Warns of what a flow `--only` leaves out would have given the flows that run (`order`, the rules made): their
    /// references to records only it would write are rejected. Said before the rejects do.
    static func warnOfFlowsLeftOut(_ order: [MappingTemplate], context: ConversionContext) {
        let templates = context.templates
        guard order.count < templates.templates.count else { return }
        let selected = Set(order.map(\.name))
        let whole = FlowReads.of(templates.runOrder(), context: context, rules: context.rules)
        for template in order {
            let missing = whole.flows(readBy: template.name).filter { !selected.contains($0) }
            guard !missing.isEmpty else { continue }
            context.warn(
                "flow \(template.name) reads the records of \(missing.joined(separator: ", ")), which --only leaves out: its references to records only \(missing.count == 1 ? "that flow" : "those flows") would write are rejected (orphan-reference); add \(missing.count == 1 ? "it" : "them") to --only if the target does not hold those records yet",
                flow: template.name)
        }
    }
}

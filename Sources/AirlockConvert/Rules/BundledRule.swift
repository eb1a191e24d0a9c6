import AirlockMapping

/// A rule kind Airlock implements: made from the rule as a template declares it, before the flows run.
protocol BundledRule: ConversionRule {
    /// The rule `rule` declared on `template`, prepared for this conversion; nil when it has nothing to do in it
    /// (a rule switched off by its parameters, or whose data the exports lack).
    init?(rule: SpecialRule, template: MappingTemplate, context: ConversionContext) throws

    /// The flows among `earlier` (those before `flow` in run order) whose outputs the rule reads while `flow`
    /// runs: `flow` waits for them and sees them (`FlowReads`); an output not named here is not shown to it.
    func flowsRead(by flow: MappingTemplate, among earlier: [MappingTemplate]) -> [String]
}

extension BundledRule {
    func flowsRead(by flow: MappingTemplate, among earlier: [MappingTemplate]) -> [String] { [] }
}

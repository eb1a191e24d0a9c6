import AirlockMapping

/// A rule kind Airlock implements: made from the rule as a template declares it, before the flows run.
protocol BundledRule: ConversionRule {
    /// The rule `rule` declared on `template`, prepared for this conversion; nil when it has nothing to do in it
    /// (a rule switched off by its parameters, or whose data the exports lack).
    init?(rule: SpecialRule, template: MappingTemplate, context: ConversionContext) throws
}

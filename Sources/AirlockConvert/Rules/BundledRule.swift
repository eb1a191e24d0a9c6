import AirlockMapping
import AirlockModel

/// A rule kind Airlock implements: made from the rule as a template declares it, before the flows run.
protocol BundledRule: ConversionRule {
    /// The rule `rule` declared on `template`, prepared for this conversion; nil when it has nothing to do in it
    /// (a rule switched off by its parameters, or whose data the exports lack).
    init?(rule: SpecialRule, template: MappingTemplate, context: ConversionContext) throws

    /// The flows among `earlier` (those before `flow` in run order) whose outputs the rule reads while `flow`
    /// runs: `flow` waits for them and sees them (`FlowReads`); an output not named here is not shown to it.
    func flowsRead(by flow: MappingTemplate, among earlier: [MappingTemplate]) -> [String]

    /// The Sales fields rule `rule`, declared on `template`, reads from the Sales export beyond the template's own
    /// fields and the fields its parameters name (those `SpecialRuleKind` declares with their roles): the export
    /// schema holds them (`ExportSchemaBuilder`, `airlock templates schema`). Asked without an export, from the
    /// templates and the catalog alone; none by default.
    static func salesReads(of rule: SpecialRule, on template: MappingTemplate, catalog: SchemaCatalog) -> [SalesFieldRead]
}

extension BundledRule {
    func flowsRead(by flow: MappingTemplate, among earlier: [MappingTemplate]) -> [String] { [] }

    static func salesReads(of rule: SpecialRule, on template: MappingTemplate, catalog: SchemaCatalog) -> [SalesFieldRead] { [] }

    /// The Sales entity of `template`: its source for a Sales → F&O flow, else its target.
    static func salesEntity(of template: MappingTemplate) -> String {
        template.source.side == .sales ? template.source.entity : template.target.entity
    }
}

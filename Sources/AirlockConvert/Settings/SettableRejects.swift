import AirlockMapping
import AirlockModel
import AirlockReconcile

/// Which rejections a run setting would settle: a record rejected only because the export lacks what a setting
/// stands in for (its key: `--assign-keys`; its currency: `--default-currency`; a currency or country name the
/// tables do not know: `--currency`, `--country`). The plan counts them per option and does not fail for them
/// (`ConversionPlan.Flow.settable`): the run needs a setting, not other data.
struct SettableRejects {
    let template: MappingTemplate
    /// The key attributes of the entities `--assign-keys` would number, when the run does not: entity → attribute.
    let unnumbered: [String: String]

    init(template: MappingTemplate, templates: TemplateSet, options: ConversionOptions) {
        self.template = template
        var unnumbered: [String: String] = [:]
        if options.assignKeys == nil {
            for keyed in KeyedEntity.of(templates) { unnumbered[keyed.entity] = keyed.attribute }
        }
        self.unnumbered = unnumbered
    }

    /// The option that settles `problem`, or nil when none does.
    func option(for problem: RejectEntry.Problem) -> String? {
        let mappings = template.fields.filter { $0.target == problem.field }
        switch problem.reason {
        case .missingRequired:
            if template.direction == .salesToFO, let attribute = unnumbered[template.source.entity],
                mappings.contains(where: { $0.source == attribute })
            {
                return "--assign-keys p2c"
            }
            if let (setting, value) = mappings.lazy.compactMap(\.defaultSetting).first, value == nil { return "\(setting.option) CODE" }
        case .orphanReference:
            for mapping in mappings {
                for target in mapping.lookup {
                    if unnumbered[target.entity] == target.keyAttribute, problem.message.hasSuffix("which has no \(target.keyAttribute)") {
                        return "--assign-keys p2c"
                    }
                    if target.entity == CurrencyResolver.entity, problem.message.hasSuffix("which the Sales export does not hold") {
                        return "--currency NAME=CODE"
                    }
                }
            }
        case .unmappedValue:
            if mappings.contains(where: { $0.countryForm != nil }) { return "--country NAME=CODE" }
        default:
            break
        }
        return nil
    }

    /// The option that settles every problem of `reject` (the first problem's), or nil when one is not settled.
    func option(for reject: RejectEntry) -> String? {
        let options = reject.problems.map { option(for: $0) }
        guard let first = options.first ?? nil, options.allSatisfy({ $0 != nil }) else { return nil }
        return first
    }
}

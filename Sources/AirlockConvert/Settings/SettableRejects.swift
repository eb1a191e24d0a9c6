import AirlockMapping
import AirlockModel
import AirlockReconcile

/// Which rejections a run setting would settle: a record rejected only because the export lacks what a setting
/// stands in for (its key: `--assign-keys`; its currency: `--default-currency`; a currency or country name the
/// tables do not know: `--currency`, `--country`). The plan counts them per option, a record needing two under each,
/// and does not fail for them (`ConversionPlan.Flow.settable`, `settableRecords`): the run needs settings, not other
/// data.
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

    /// The options that together settle every problem of `reject` (a record without a key and without a currency
    /// needs two), or nil when some problem is one no setting settles: the record is then a real reject.
    func options(for reject: RejectEntry) -> Set<String>? {
        var options: Set<String> = []
        for problem in reject.problems {
            guard let option = option(for: problem) else { return nil }
            options.insert(option)
        }
        return options.isEmpty ? nil : options
    }
}

import AirlockModel

/// Checks the values a template writes without reading them from a source (constants, defaults, value-map
/// results, special-rule parameters) against what the target accepts: a Sales choice, state or status value must
/// be an option the catalog enforces; an F&O enum or fixed-value field must get one of its symbols.
///
/// A template that writes a value the real option set lacks fails every record it touches on import (the
/// `msdynce_processingstatus` values once did): this finds it before any record moves.
enum TemplateValueCheck {
    /// The problems in `template`, each naming the row (or rule), the field and the value.
    static func problems(in template: MappingTemplate, set: TemplateSet, catalog: SchemaCatalog) -> [AirlockError] {
        var problems: [AirlockError] = []
        func problem(_ message: String, line: Int?, field: String) {
            problems.append(
                AirlockError(
                    .invalidTemplate, message, at: SourceLocation(file: template.fileName, line: line, entity: template.name, field: field))
            )
        }
        for mapping in template.fields {
            var written: [(value: String, what: String)] = []
            if let constant = mapping.constant { written.append((constant, "constant")) }
            if let value = mapping.defaultValue { written.append((value, "default")) }
            if let name = mapping.valueMapName, let map = set.valueMap(named: name) {
                written += map.entries.map { ($0.to, "value map \(name) entry \($0.from)") }
            }
            for (value, what) in written {
                if let reason = refusal(of: value, for: mapping.target, on: template.target, catalog: catalog) {
                    problem("the \(what) '\(value)' for \(mapping.target): \(reason)", line: mapping.line, field: mapping.target)
                }
            }
        }
        for rule in template.rules where rule.kind == .invoicedOrderStatus {
            problems += invoicedOrderStatusProblems(rule, template: template, catalog: catalog)
        }
        return problems
    }

    /// Why `value` is not one the target field takes, or nil when it is (or the catalog cannot say).
    static func refusal(of value: String, for field: String, on endpoint: TemplateEndpoint, catalog: SchemaCatalog) -> String? {
        switch endpoint.side {
        case .sales:
            guard let attribute = catalog.salesEntity(named: endpoint.entity)?.attribute(named: field) else { return nil }
            return optionRefusal(value, attribute: attribute)
        case .fo:
            guard let schema = catalog.foEntity(named: endpoint.entity)?.field(named: field) else { return nil }
            if !schema.allowedValues.isEmpty, !schema.allowedValues.contains(value) {
                return "\(schema.name) takes one of: \(schema.allowedValues.joined(separator: ", "))"
            }
            if let symbols = catalog.foEnum(for: schema), !symbols.isOpen, !symbols.symbols.contains(value) {
                return "not a symbol of enum \(symbols.name)"
            }
            return nil
        }
    }

    private static func optionRefusal(_ value: String, attribute: SalesAttributeSchema) -> String? {
        guard attribute.type.hasOptions, attribute.enforcesOptions, !attribute.options.isEmpty else { return nil }
        guard let number = Int(value) else { return "\(attribute.logicalName) takes option values (numbers)" }
        guard attribute.option(number) != nil else { return "not an option of \(attribute.logicalName) (\(attribute.optionsSummary))" }
        return nil
    }

    /// The invoiced-order-status rule sets the order's statecode and statuscode: both must be options, and the
    /// status reason one of that state.
    private static func invoicedOrderStatusProblems(_ rule: SpecialRule, template: MappingTemplate, catalog: SchemaCatalog)
        -> [AirlockError]
    {
        guard let orderField = rule.parameter("order"),
            let targets = catalog.salesEntity(named: template.target.entity)?.attribute(named: orderField)?.lookupTargets,
            let order = targets.first.flatMap(catalog.salesEntity(named:)),
            let state = rule.parameter("statecode"), let status = rule.parameter("statuscode")
        else { return [] }
        var messages: [String] = []
        if let stateAttribute = order.attribute(named: "statecode"), let reason = optionRefusal(state, attribute: stateAttribute) {
            messages.append("statecode '\(state)': \(reason)")
        }
        if let statusAttribute = order.attribute(named: "statuscode") {
            if let reason = optionRefusal(status, attribute: statusAttribute) {
                messages.append("statuscode '\(status)': \(reason)")
            } else if let option = Int(status).flatMap(statusAttribute.option), let owner = option.state, Int(state) != owner {
                messages.append("statuscode \(status) (\(option.label)) belongs to state \(owner), not \(state)")
            }
        }
        return messages.map {
            AirlockError(
                .invalidTemplate, "rule \(rule.kind.rawValue) on \(order.logicalName): \($0)",
                at: SourceLocation(file: template.fileName, entity: template.name, field: rule.kind.rawValue))
        }
    }
}

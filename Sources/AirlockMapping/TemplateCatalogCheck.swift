import AirlockModel

/// Checks templates against the schema catalog: every entity, source field, target field, key, filter field,
/// lookup and rule field must exist on its side, and every value the template writes of its own must be one the
/// target takes (`TemplateValueCheck`).
public enum TemplateCatalogCheck {
    /// The problems found, one `AirlockError` (`.invalidTemplate`) each, naming the file, line and field.
    public static func problems(in set: TemplateSet, catalog: SchemaCatalog) -> [AirlockError] {
        var problems: [AirlockError] = []
        for template in set.templates {
            let check = EntityCheck(template: template, set: set, catalog: catalog)
            let found = check.run()
            problems += found
            if found.isEmpty { problems += TemplateValueCheck.problems(in: template, set: set, catalog: catalog) }
        }
        return problems
    }

    private struct EntityCheck {
        let template: MappingTemplate
        let set: TemplateSet
        let catalog: SchemaCatalog

        func problem(_ message: String, line: Int? = nil, field: String? = nil) -> AirlockError {
            AirlockError(
                .invalidTemplate, message,
                at: SourceLocation(file: template.fileName, line: line, entity: template.name, field: field))
        }

        /// nil when the entity is unknown; otherwise whether `field` exists on it.
        func exists(_ field: String, on endpoint: TemplateEndpoint) -> Bool? {
            switch endpoint.side {
            case .fo: catalog.foEntity(named: endpoint.entity).map { $0.field(named: field) != nil }
            case .sales: catalog.salesEntity(named: endpoint.entity).map { $0.attribute(named: field) != nil }
            }
        }

        /// Problems with `reference` on `endpoint`: the field, and for a Sales lookup path the referenced field on
        /// one of the lookup's targets.
        func check(_ reference: FieldReference, on endpoint: TemplateEndpoint, what: String, line: Int?) -> [AirlockError] {
            guard exists(reference.field, on: endpoint) == true else {
                return [
                    problem(
                        "\(what) \(reference.field) is not a field of \(endpoint.entity) in the catalog", line: line,
                        field: reference.description)
                ]
            }
            guard let referenced = reference.referencedField else { return [] }
            guard endpoint.side == .sales, let attribute = catalog.salesEntity(named: endpoint.entity)?.attribute(named: reference.field)
            else {
                return [problem("\(what) \(reference) is a lookup path on an F&O entity", line: line, field: reference.description)]
            }
            let found = attribute.lookupTargets.contains { catalog.salesEntity(named: $0)?.attribute(named: referenced) != nil }
            return found
                ? []
                : [
                    problem(
                        "\(what) \(reference): no target of \(reference.field) (\(attribute.lookupTargets.joined(separator: ", "))) has \(referenced)",
                        line: line, field: reference.description)
                ]
        }

        func checkLookups(_ mapping: FieldMapping, salesEndpoint: TemplateEndpoint) -> [AirlockError] {
            guard let field = template.direction == .salesToFO ? mapping.source : Optional(mapping.target),
                let attribute = catalog.salesEntity(named: salesEndpoint.entity)?.attribute(named: field)
            else { return [] }
            var problems: [AirlockError] = []
            for target in mapping.lookup {
                if !attribute.lookupTargets.contains(target.entity) {
                    problems.append(
                        problem(
                            "the lookup \(field) does not point to \(target.entity) (catalog targets: \(attribute.lookupTargets.joined(separator: ", ")))",
                            line: mapping.line, field: field))
                }
                if catalog.salesEntity(named: target.entity)?.attribute(named: target.keyAttribute) == nil {
                    problems.append(
                        problem("the lookup key \(target) is not an attribute in the catalog", line: mapping.line, field: field))
                }
            }
            return problems
        }

        func run() -> [AirlockError] {
            var problems: [AirlockError] = []
            for endpoint in [template.source, template.target] where exists("", on: endpoint) == nil {
                problems.append(problem("the \(endpoint.side.rawValue) entity \(endpoint.entity) is not in the catalog"))
            }
            guard problems.isEmpty else { return problems }
            let sales = template.source.side == .sales ? template.source : template.target
            let fo = template.source.side == .fo ? template.source : template.target
            for key in template.source.key { problems += check(key, on: template.source, what: "the source key", line: nil) }
            for key in template.target.key { problems += check(key, on: template.target, what: "the target key", line: nil) }
            for link in template.parent?.link ?? [] { problems += check(link, on: template.source, what: "the parent link", line: nil) }
            for field in template.alsoReads {
                problems += check(FieldReference(field: field), on: template.source, what: "alsoReads", line: nil)
            }
            for mapping in template.fields {
                if let source = mapping.source {
                    problems += check(FieldReference(field: source), on: template.source, what: "the source field", line: mapping.line)
                }
                for field in mapping.otherFieldsRead {
                    problems += check(FieldReference(field: field), on: template.source, what: "onlyWith or fallback", line: mapping.line)
                }
                problems += check(FieldReference(field: mapping.target), on: template.target, what: "the target field", line: mapping.line)
                problems += checkLookups(mapping, salesEndpoint: sales)
            }
            for filter in template.filters {
                for test in filter.condition.tests {
                    problems += check(test.field, on: template.source, what: "filter \(filter.name) field", line: nil)
                    if test.operator == .references,
                        let attribute = catalog.salesEntity(named: template.source.entity)?.attribute(named: test.field.field),
                        let entity = test.values.first, !attribute.lookupTargets.contains(entity)
                    {
                        problems.append(
                            problem("filter \(filter.name): \(test.field) cannot reference \(entity)", field: test.field.description))
                    }
                }
            }
            let parentSource = template.parent.flatMap { set.template(named: $0.flow) }?.source
            for rule in template.rules {
                for parameter in rule.kind.parameters {
                    guard let value = rule.parameter(parameter.name) else { continue }
                    let endpoint: TemplateEndpoint?
                    switch parameter.role {
                    case .sourceField: endpoint = template.source
                    case .targetField: endpoint = template.target
                    case .parentSourceField: endpoint = parentSource
                    case .salesField: endpoint = sales
                    case .foField: endpoint = fo
                    case .text, .integer, .boolean, .choice: continue
                    }
                    guard let endpoint else {
                        problems.append(problem("rule \(rule.kind.rawValue): \(parameter.name) needs a parent flow", field: parameter.name))
                        continue
                    }
                    problems += check(
                        FieldReference(field: value), on: endpoint, what: "rule \(rule.kind.rawValue) \(parameter.name)", line: nil)
                }
            }
            return problems
        }
    }
}

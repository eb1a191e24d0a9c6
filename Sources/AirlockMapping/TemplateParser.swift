import AirlockModel
import AirlockYAML

/// Reads one template file into a `MappingTemplate`, checking everything that one file can show on its own.
///
/// Checks that need the other templates (parent flows, prerequisites, cycles) run in `TemplateLoader`, using the
/// nodes kept in `Parsed`.
enum TemplateParser {
    static let provenances: [String: Provenance] = Dictionary(uniqueKeysWithValues: Provenance.allCases.map { ($0.rawValue, $0) })
    static let sides: [String: DataSide] = Dictionary(uniqueKeysWithValues: DataSide.allCases.map { ($0.rawValue, $0) })
    static let policies: [String: UnmappedValuePolicy] = Dictionary(
        uniqueKeysWithValues: UnmappedValuePolicy.allCases.map { ($0.rawValue, $0) })
    static let operators: [String: FilterOperator] = Dictionary(uniqueKeysWithValues: FilterOperator.allCases.map { ($0.rawValue, $0) })
    static let rules: [String: SpecialRuleKind] = Dictionary(uniqueKeysWithValues: SpecialRuleKind.allCases.map { ($0.rawValue, $0) })
    static let dateFormats: [String: DateFormat] = Dictionary(uniqueKeysWithValues: DateFormat.allCases.map { ($0.rawValue, $0) })
    static let numberFormats: [String: NumberFormat] = Dictionary(uniqueKeysWithValues: NumberFormat.allCases.map { ($0.rawValue, $0) })

    /// A parsed template with the nodes the cross-template checks point at.
    struct Parsed {
        var template: MappingTemplate
        var prerequisiteNodes: [YAMLNode]
        var parentFlowNode: YAMLNode?
        var parentLinkNode: YAMLNode?
    }

    /// The template in `file`, whose name must be `expectedName` (the file name without `.yaml`).
    /// - Throws: `AirlockError` (`.invalidTemplate`) naming the file, line, column and key of the first problem.
    static func parse(_ file: TemplateFile, expectedName: String, valueMaps: Set<String>) throws -> Parsed {
        guard let root = try YAMLNode.root(yaml: file.text, file: file.path, code: .invalidTemplate) else {
            throw AirlockError(.invalidTemplate, "the template is empty", at: SourceLocation(file: file.path))
        }
        let entries = try root.entries(allowing: [
            "name", "title", "reference", "note", "source", "target", "after", "parent", "alsoReads", "filters", "fields", "rules",
            "notCarried", "repeatedKeys",
        ])
        var byKey: [String: YAMLNode] = [:]
        for entry in entries { byKey[entry.key] = entry.value }
        func required(_ key: String) throws -> YAMLNode {
            guard let node = byKey[key] else { throw root.error("the template needs '\(key)'") }
            return node
        }

        let nameNode = try required("name")
        let name = try nameNode.name()
        guard name == expectedName else {
            throw nameNode.error("the flow is named '\(name)' but the file is \(expectedName).yaml; the two must match")
        }
        let source = try endpoint(try required("source"))
        let target = try endpoint(try required("target"))
        guard source.side != target.side else {
            throw try required("target").error("source and target are both on the \(source.side.rawValue) side")
        }
        let direction: FlowDirection = source.side == .sales ? .salesToFO : .foToSales

        let prerequisiteNodes = try byKey["after"].map { node in node.node.scalar != nil ? [node] : try node.items() } ?? []
        let prerequisites = try prerequisiteNodes.map { try $0.name() }
        let parent = try byKey["parent"].map(parentRelation)
        let alsoReads = try byKey["alsoReads"].map { try $0.names() } ?? []

        let fields = try fieldMappings(try required("fields"), direction: direction, valueMaps: valueMaps)
        try checkKeyFields(of: target, fields: fields, keyNode: try required("target"))

        var template = MappingTemplate(
            name: name, title: try required("title").name(), reference: try byKey["reference"]?.text(), note: try byKey["note"]?.text(),
            source: source, target: target, prerequisites: prerequisites, parent: parent?.relation, alsoReads: alsoReads, fields: fields)
        try readOptionalSections(of: byKey, into: &template)
        return Parsed(
            template: template, prerequisiteNodes: prerequisiteNodes, parentFlowNode: parent?.flowNode, parentLinkNode: parent?.linkNode)
    }

    /// A line flow's `parent`: the header flow and the line's fields that hold its key, with the nodes the
    /// cross-template checks point at.
    private static func parentRelation(_ node: YAMLNode) throws -> (relation: ParentRelation, flowNode: YAMLNode?, linkNode: YAMLNode?) {
        var flow: String?
        var flowNode: YAMLNode?
        var link: [FieldReference] = []
        var linkNode: YAMLNode?
        var onlyIncluded = true
        for entry in try node.entries(allowing: ["flow", "link", "onlyIncludedParents"]) {
            switch entry.key {
            case "flow":
                flow = try entry.value.name()
                flowNode = entry.value
            case "link":
                link = try references(entry.value)
                linkNode = entry.value
            default: onlyIncluded = try entry.value.boolean()
            }
        }
        guard let flow else { throw node.error("a parent needs 'flow'") }
        guard !link.isEmpty else { throw node.error("a parent needs 'link': the line's fields that hold the parent's key") }
        return (ParentRelation(flow: flow, link: link, onlyIncludedParents: onlyIncluded), flowNode, linkNode)
    }

    /// The field maps under `fields`, each target mapped once.
    private static func fieldMappings(_ node: YAMLNode, direction: FlowDirection, valueMaps: Set<String>) throws -> [FieldMapping] {
        var fields: [FieldMapping] = []
        var targetLines: [String: Int] = [:]
        for item in try node.items() {
            let mapping = try fieldMapping(item, direction: direction, valueMaps: valueMaps)
            if let line = targetLines[mapping.target] {
                throw item.error("the target field \(mapping.target) is already mapped on line \(line)")
            }
            targetLines[mapping.target] = mapping.line ?? 0
            fields.append(mapping)
        }
        return fields
    }

    /// Refuses a target key field without a field map or resolved in a second pass.
    private static func checkKeyFields(of target: TemplateEndpoint, fields: [FieldMapping], keyNode: YAMLNode) throws {
        for key in target.key where !fields.contains(where: { $0.target == key.field }) {
            throw keyNode.error("the target key field \(key.field) has no field map")
        }
        for key in target.key {
            if let mapping = fields.first(where: { $0.target == key.field && $0.isSecondPass }) {
                throw keyNode.error("the target key field \(key.field) cannot be resolved in a second pass (line \(mapping.line ?? 0))")
            }
        }
    }

    /// Reads into `template` the sections a template may leave out: `filters` (each on a field it reads),
    /// `rules`, `notCarried` and `repeatedKeys`.
    private static func readOptionalSections(of byKey: [String: YAMLNode], into template: inout MappingTemplate) throws {
        let read = Set(template.sourceFieldsRead)
        if let node = byKey["filters"] {
            var names: Set<String> = []
            for item in try node.items() {
                let filter = try self.filter(item, fieldsRead: read)
                guard names.insert(filter.name).inserted else { throw item.error("a second filter named \(filter.name)") }
                template.filters.append(filter)
            }
        }
        if let node = byKey["rules"] {
            for item in try node.items() { template.rules.append(try rule(item)) }
        }
        if let node = byKey["notCarried"] {
            for item in try node.items() { template.notCarried.append(try omittedRows(item)) }
        }
        if let node = byKey["repeatedKeys"] {
            template.repeatedKeys = try node.choice(Dictionary(uniqueKeysWithValues: RepeatedKeyPolicy.allCases.map { ($0.rawValue, $0) }))
        }
    }

    /// A `notCarried` entry: the rows of the mapping document a template does not carry, and why.
    private static func omittedRows(_ item: YAMLNode) throws -> OmittedRows {
        var rows: [Int] = []
        var reason: String?
        for entry in try item.entries(allowing: ["rows", "why"]) {
            switch entry.key {
            case "rows": rows = try entry.value.itemsOrSingle().map { try $0.integer() }
            default: reason = try entry.value.text()
            }
        }
        guard !rows.isEmpty, let reason else { throw item.error("a notCarried entry needs 'rows' and 'why'") }
        return OmittedRows(rows: rows, reason: reason)
    }

    private static func endpoint(_ node: YAMLNode) throws -> TemplateEndpoint {
        var side: DataSide?
        var entity: String?
        var key: [FieldReference] = []
        var company: FieldReference?
        var companyNode: YAMLNode?
        for entry in try node.entries(allowing: ["side", "entity", "key", "company"]) {
            switch entry.key {
            case "side": side = try entry.value.choice(sides)
            case "entity": entity = try entry.value.name()
            case "company":
                companyNode = entry.value
                let text = try entry.value.name()
                guard let reference = FieldReference(text) else { throw entry.value.error("'\(text)' is not a field or lookup path") }
                company = reference
            default: key = try references(entry.value)
            }
        }
        guard let side else { throw node.error("'\(node.path)' needs 'side' (sales or fo)") }
        guard let entity else { throw node.error("'\(node.path)' needs 'entity'") }
        guard !key.isEmpty else { throw node.error("'\(node.path)' needs 'key': the natural key fields") }
        if side == .fo, let path = key.first(where: { $0.referencedField != nil }) {
            throw node.error("the F&O key field \(path) cannot be a lookup path")
        }
        if let companyNode, side != .sales {
            throw companyNode.error("'company' names the company field of a Sales entity; an F&O entity's is DATAAREAID")
        }
        return TemplateEndpoint(side: side, entity: entity, key: key, company: company)
    }

    private static func references(_ node: YAMLNode) throws -> [FieldReference] {
        let items = node.node.scalar != nil ? [node] : try node.items()
        return try items.map { item in
            let text = try item.name()
            guard let reference = FieldReference(text) else {
                throw item.error("expected a field or a lookup path like quoteid.quotenumber, found '\(text)'")
            }
            return reference
        }
    }

    /// The field `node` names, refusing a lookup path.
    static func plainField(_ node: YAMLNode) throws -> String {
        let text = try node.name()
        guard let reference = FieldReference(text), reference.referencedField == nil else {
            throw node.error("expected a field name, found '\(text)'; write a lookup as `lookup: {entity: …, by: …}`")
        }
        return text
    }

    /// A format conversion `{from, to}` between two of `formats`.
    static func conversion<T>(_ node: YAMLNode, _ formats: [String: T]) throws -> (T, T) {
        var from: T?
        var to: T?
        for entry in try node.entries(allowing: ["from", "to"]) {
            if entry.key == "from" { from = try entry.value.choice(formats) } else { to = try entry.value.choice(formats) }
        }
        guard let from, let to else { throw node.error("a format conversion needs 'from' and 'to'") }
        return (from, to)
    }

    private static func filter(_ node: YAMLNode, fieldsRead: Set<String>) throws -> TemplateFilter {
        var name: String?
        var provenance: Provenance?
        var inferred: Bool?
        var note: String?
        var condition: FilterCondition?
        for entry in try node.entries(allowing: [
            "name", "source", "inferred", "note", "all", "any", "field", "operator", "value", "values",
        ]) {
            switch entry.key {
            case "name": name = try entry.value.name()
            case "source": provenance = try entry.value.choice(provenances)
            case "inferred": inferred = try entry.value.boolean()
            case "note": note = try entry.value.text()
            default: continue
            }
        }
        guard let name else { throw node.error("a filter needs 'name'") }
        guard let provenance else { throw node.error("filter \(name) needs 'source' (doc, img, cdm or inferred)") }
        condition = try self.condition(node, fieldsRead: fieldsRead, ignoring: ["name", "source", "inferred", "note"])
        guard let condition else { throw node.error("filter \(name) needs a condition: 'all', 'any' or 'field' with 'operator'") }
        return TemplateFilter(
            name: name, condition: condition, provenance: provenance, isInferred: inferred ?? (provenance == .inferred), note: note)
    }

    /// A condition: `{all: [...]}`, `{any: [...]}` or `{field, operator, value | values}`.
    private static func condition(_ node: YAMLNode, fieldsRead: Set<String>, ignoring: Set<String> = []) throws -> FilterCondition? {
        let entries = try node.entries(allowing: ignoring.union(["all", "any", "field", "operator", "value", "values"]))
            .filter { !ignoring.contains($0.key) }
        if entries.isEmpty { return nil }
        let keys = Set(entries.map(\.key))
        if keys == ["all"] || keys == ["any"] {
            let entry = entries[0]
            let parts = try entry.value.items().map { item in
                guard let part = try condition(item, fieldsRead: fieldsRead) else { throw item.error("an empty condition") }
                return part
            }
            guard !parts.isEmpty else { throw entry.value.error("'\(entry.key)' needs at least one condition") }
            return entry.key == "all" ? .all(parts) : .any(parts)
        }
        guard !keys.contains("all"), !keys.contains("any") else {
            throw node.error("write 'all', 'any' or a single test (field, operator, value) in one condition, not several")
        }
        var field: FieldReference?
        var fieldNode: YAMLNode?
        var op: FilterOperator?
        var values: [String] = []
        for entry in entries {
            switch entry.key {
            case "field":
                let text = try entry.value.name()
                guard let reference = FieldReference(text) else {
                    throw entry.value.error("expected a field or a lookup path, found '\(text)'")
                }
                field = reference
                fieldNode = entry.value
            case "operator": op = try entry.value.choice(operators)
            case "value": values = [try entry.value.text()]
            default: values = try entry.value.items().map { try $0.text() }
            }
        }
        guard let field, let fieldNode else { throw node.error("a filter test needs 'field'") }
        guard let op else {
            throw node.error("a filter test needs 'operator' (\(FilterOperator.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        guard op.arity.contains(values.count) else {
            let wanted = op.arity.upperBound == 0 ? "no value" : op.arity.upperBound == 1 ? "one 'value'" : "'values' (a list)"
            throw node.error("operator \(op.rawValue) takes \(wanted)")
        }
        guard fieldsRead.contains(field.field) else {
            throw fieldNode.error("the filter tests \(field.field), which the template does not read; map it, or list it under 'alsoReads'")
        }
        return .test(FilterTest(field: field, operator: op, values: values))
    }

    private static func rule(_ node: YAMLNode) throws -> SpecialRule {
        var kind: SpecialRuleKind?
        var provenance: Provenance?
        var inferred: Bool?
        var note: String?
        var parametersNode: YAMLNode?
        for entry in try node.entries(allowing: ["rule", "source", "inferred", "note", "parameters"]) {
            switch entry.key {
            case "rule":
                let name = try entry.value.name()
                guard let known = rules[name] else {
                    throw entry.value.error(
                        "unknown special rule '\(name)'; expected one of: \(rules.keys.sorted().joined(separator: ", "))")
                }
                kind = known
            case "source": provenance = try entry.value.choice(provenances)
            case "inferred": inferred = try entry.value.boolean()
            case "note": note = try entry.value.text()
            default: parametersNode = entry.value
            }
        }
        guard let kind else { throw node.error("a rule needs 'rule' (its name)") }
        guard let provenance else { throw node.error("rule \(kind.rawValue) needs 'source' (doc, img, cdm or inferred)") }
        let declared = Dictionary(uniqueKeysWithValues: kind.parameters.map { ($0.name, $0) })
        var parameters: [String: String] = [:]
        if let parametersNode {
            for entry in try parametersNode.entries(allowing: Set(declared.keys)) {
                let text = try entry.value.text()
                switch declared[entry.key]?.role {
                case .integer?: _ = try entry.value.integer()
                case .boolean?: _ = try entry.value.boolean()
                case .choice(let words)?:
                    guard words.contains(text) else {
                        throw entry.value.error("expected one of: \(words.joined(separator: ", ")), found '\(text)'")
                    }
                case .sourceField?, .targetField?, .parentSourceField?, .salesField?, .foField?: _ = try plainField(entry.value)
                case .text?, nil: break
                }
                parameters[entry.key] = text
            }
        }
        if let missing = kind.parameters.first(where: { $0.isRequired && parameters[$0.name] == nil }) {
            throw (parametersNode ?? node).error("rule \(kind.rawValue) needs the parameter '\(missing.name)'")
        }
        return SpecialRule(
            kind: kind, parameters: parameters, provenance: provenance, isInferred: inferred ?? (provenance == .inferred), note: note)
    }
}

import AirlockMapping
import AirlockModel
import AirlockPackages

/// Builds the Configuration Migration schema (`data_schema.xml`) to export Sales data with, so that the export
/// holds everything `airlock convert` reads from it.
///
/// The entities are those the templates touch on the Sales side:
/// - each Sales source entity (Sales → F&O flows), with every field the flow reads: mapped, key, link, filter and
///   `alsoReads` fields, and rule fields;
/// - each Sales target entity (F&O → Sales flows), with every field the flow writes, since the converter matches
///   and compares its output with the records the export already holds;
/// - the entities lookups resolve against, with the business key they are resolved by (`product` by
///   `productnumber`, `uom` by `name`, `account`/`contact` by account and contact number, …), including the
///   referenced fields of key paths such as `quoteid.quotenumber`;
/// - what the special rules read: the fields their parameters name (by the roles `SpecialRuleKind` gives them), and
///   what each rule declares it reads beyond them (`BundledRule.salesReads`: `price-list-item` the price lists,
///   their items and the currencies' ISO codes; `invoiced-order-status` the orders' state, status and required
///   attributes; `freight-tax-line` the write-in line's attributes; `write-back` the required attributes and the
///   company's key).
///
/// Each entity gets its primary id (`guid`, `primaryKey`), its primary name, its natural key (marked
/// `updateCompare`, as Airlock's own packages do) and the attributes above, in catalog order, typed from the
/// Sales catalog in CMT's vocabulary with `lookupType` from the catalog's lookup targets. `entityImportOrder`
/// (and the entity order) puts referenced entities first, ties and cycles broken by a fixed order for Sales that
/// no public source gives (Airlock's reading, parents first: currency, unit group, unit, price list, product,
/// price list item, account, contact, quote, order, invoice, lines after their header).
public enum ExportSchemaBuilder {
    /// Airlock's own order for Sales (not documented; parents first), used to break ties and cycles.
    static let preferredOrder = [
        "transactioncurrency", "uomschedule", "uom", "pricelevel", "product", "productpricelevel", "account", "contact", "quote",
        "quotedetail", "salesorder", "salesorderdetail", "invoice", "invoicedetail",
    ]

    /// The schema for exporting what `set` reads from Sales.
    /// - Throws: `AirlockError` (`.invalidTemplate`) when a template names a Sales entity or attribute the catalog
    ///   does not know (add it with a catalog extension: docs/catalog.md), naming the flow.
    public static func schema(for set: TemplateSet, catalog: SchemaCatalog) throws -> CMTSchema {
        var needs = Needs()
        for template in set.runOrder() {
            try collect(template, set: set, catalog: catalog, into: &needs)
        }
        var entities: [CMTSchemaEntity] = []
        for name in needs.entities {
            guard let schema = catalog.salesEntity(named: name) else {
                throw AirlockError(
                    .invalidTemplate, "the Sales entity \(name) is not in the schema catalog",
                    at: SourceLocation(file: (needs.firstFlow[name] ?? "") + ".yaml", entity: name))
            }
            entities.append(try entity(schema, needs: needs))
        }
        let order = importOrder(entities)
        let byName = Dictionary(entities.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        return CMTSchema(entities: order.compactMap { byName[$0] }, entityImportOrder: order)
    }

    // MARK: What the templates need

    /// Attributes needed per entity, in first-need order; optional ones are left out when the catalog lacks them.
    struct Needs {
        private(set) var entities: [String] = []
        private(set) var attributes: [String: [(name: String, optional: Bool, flow: String)]] = [:]
        private(set) var firstFlow: [String: String] = [:]

        mutating func add(_ entity: String, _ names: [String], flow: String, optional: Bool = false) {
            if firstFlow[entity] == nil {
                firstFlow[entity] = flow
                entities.append(entity)
            }
            for name in names where !name.isEmpty {
                attributes[entity, default: []].append((name, optional, flow))
            }
        }
    }

    private static func collect(_ template: MappingTemplate, set: TemplateSet, catalog: SchemaCatalog, into needs: inout Needs) throws {
        let flow = template.name
        let salesIsSource = template.source.side == .sales
        let sales = salesIsSource ? template.source : template.target
        let entity = sales.entity

        /// The referenced field of a lookup path (`quoteid.quotenumber`) on each target that has it.
        func addPath(_ reference: FieldReference) {
            guard let referenced = reference.referencedField,
                let attribute = catalog.salesEntity(named: entity)?.attribute(named: reference.field)
            else { return }
            for target in attribute.lookupTargets where catalog.salesEntity(named: target)?.attribute(named: referenced) != nil {
                needs.add(target, [referenced], flow: flow)
            }
        }

        if salesIsSource {
            needs.add(entity, template.sourceFieldsRead, flow: flow)
            var paths = template.source.key + (template.parent?.link ?? []) + [template.source.company].compactMap { $0 }
            for filter in template.filters { paths += filter.condition.tests.map(\.field) }
            needs.add(entity, paths.map(\.field), flow: flow)
            paths.forEach(addPath)
        } else {
            needs.add(entity, template.fields.map(\.target) + template.target.key.map(\.field), flow: flow)
            template.target.key.forEach(addPath)
        }
        for field in template.fields {
            for target in field.lookup { needs.add(target.entity, [target.keyAttribute], flow: flow) }
        }
        for rule in template.rules {
            for parameter in rule.kind.parameters {
                guard let value = rule.parameter(parameter.name), !value.isEmpty else { continue }
                switch parameter.role {
                case .salesField: needs.add(entity, [value], flow: flow)
                case .sourceField where salesIsSource: needs.add(entity, [value], flow: flow)
                case .targetField where !salesIsSource: needs.add(entity, [value], flow: flow)
                case .parentSourceField where salesIsSource:
                    if let parent = template.parent.flatMap({ set.template(named: $0.flow) }) {
                        needs.add(parent.source.entity, [value], flow: flow)
                    }
                default: continue
                }
            }
            // What the rule itself reads, as it declares it; left out where the catalog lacks it.
            for read in SpecialRuleRegistry.salesReads(of: rule, on: template, catalog: catalog) {
                needs.add(read.entity, read.attributes, flow: flow, optional: true)
            }
        }
    }

    // MARK: Schema entities

    private static func entity(_ schema: SalesEntitySchema, needs: Needs) throws -> CMTSchemaEntity {
        var wanted: Set<String> = [schema.primaryIdAttribute.lowercased()]
        if let name = schema.primaryNameAttribute { wanted.insert(name.lowercased()) }
        for key in schema.naturalKey { wanted.insert(key.lowercased()) }
        for need in needs.attributes[schema.logicalName] ?? [] {
            if schema.attribute(named: need.name) != nil {
                wanted.insert(need.name.lowercased())
            } else if !need.optional {
                throw AirlockError(
                    .invalidTemplate,
                    "\(schema.logicalName).\(need.name) is not an attribute in the schema catalog; add it with a catalog extension (docs/catalog.md)",
                    at: SourceLocation(file: need.flow + ".yaml", entity: schema.logicalName, field: need.name))
            }
        }
        let keys = Set(schema.naturalKey.map { $0.lowercased() })
        let idName = schema.primaryIdAttribute.lowercased()
        var fields = [
            CMTSchemaField(
                name: schema.primaryIdAttribute, type: .guid,
                displayName: schema.attribute(named: idName)?.displayName ?? schema.displayName,
                updateCompare: keys.contains(idName) ? true : nil, primaryKey: true)
        ]
        for attribute in schema.attributes
        where attribute.logicalName.lowercased() != idName && wanted.contains(attribute.logicalName.lowercased()) {
            let type = CMTFieldType(rawValue: attribute.type.rawValue)
            fields.append(
                CMTSchemaField(
                    name: attribute.logicalName, type: type, displayName: attribute.displayName,
                    updateCompare: keys.contains(attribute.logicalName.lowercased()) ? true : nil,
                    lookupType: type.isLookup && !attribute.lookupTargets.isEmpty ? attribute.lookupTargets.joined(separator: "|") : nil))
        }
        return CMTSchemaEntity(
            name: schema.logicalName, displayName: schema.displayName, primaryIDField: schema.primaryIdAttribute,
            primaryNameField: schema.primaryNameAttribute, disablePlugins: false, fields: fields)
    }

    /// Referenced entities first (through the lookups the schema carries); among the ready ones, and to break a
    /// cycle, the one earliest in `preferredOrder` (others after it, by name).
    static func importOrder(_ entities: [CMTSchemaEntity]) -> [String] {
        let names = Set(entities.map(\.name))
        func rank(_ name: String) -> (Int, String) { (preferredOrder.firstIndex(of: name) ?? preferredOrder.count, name) }
        var dependencies: [String: Set<String>] = [:]
        for entity in entities {
            for field in entity.fields where field.type.isLookup {
                for target in field.lookupTargets where target != entity.name && names.contains(target) {
                    dependencies[entity.name, default: []].insert(target)
                }
            }
        }
        var placed: Set<String> = []
        var order: [String] = []
        var remaining = entities.map(\.name).sorted { rank($0) < rank($1) }
        while !remaining.isEmpty {
            let next = remaining.firstIndex { (dependencies[$0] ?? []).isSubset(of: placed) } ?? 0
            let name = remaining.remove(at: next)
            placed.insert(name)
            order.append(name)
        }
        return order
    }
}

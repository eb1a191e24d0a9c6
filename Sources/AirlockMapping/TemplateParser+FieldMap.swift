import AirlockModel
import AirlockYAML

extension TemplateParser {
    /// One field map of a template: its keys read as written, checked together, then made into its pipeline of
    /// transforms.
    static func fieldMapping(_ node: YAMLNode, direction: FlowDirection, valueMaps: Set<String>) throws -> FieldMapping {
        let written = try WrittenFieldMap(node, valueMaps: valueMaps)
        let (target, provenance) = try written.requiredKeys(of: node)
        try written.checkSteps(of: node, target: target)
        try written.checkConditions(of: node, target: target, direction: direction)
        var mapping = FieldMapping(
            source: written.source, target: target, transforms: written.transforms(direction: direction), provenance: provenance,
            isInferred: written.inferred ?? (provenance == .inferred), row: written.row, note: written.note, line: node.node.mark?.line)
        mapping.pass = written.pass ?? .first
        mapping.fixedScope = written.scope ?? .create
        return mapping
    }

    /// A field map's keys as the template writes them, each read and checked alone, with the nodes of those whose
    /// combination with others is checked after.
    private struct WrittenFieldMap {
        var source: String?
        var target: String?
        var lookup: [LookupTarget] = []
        var lookupNode: YAMLNode?
        var valueMap: String?
        var unmapped: UnmappedValuePolicy?
        var unmappedNode: YAMLNode?
        var defaultValue: String?
        var defaultSetting: TemplateSetting?
        var country: CountryCodeForm?
        var stateCountry: String?
        var constant: String?
        var constantNode: YAMLNode?
        var dateFormat: (DateFormat, DateFormat)?
        var numberFormat: (NumberFormat, NumberFormat)?
        var provenance: Provenance?
        var inferred: Bool?
        var row: Int?
        var note: String?
        var pass: LookupPass?
        var passNode: YAMLNode?
        var scope: FixedValueScope?
        var scopeNode: YAMLNode?
        var onlyWith: [String] = []
        var onlyWithNode: YAMLNode?
        var fallback: String?
        var fallbackNode: YAMLNode?

        /// Reads the keys of the field map `node`; a value map must be one of `valueMaps`.
        init(_ node: YAMLNode, valueMaps: Set<String>) throws {
            for entry in try node.entries(allowing: [
                "from", "to", "lookup", "valueMap", "unmapped", "default", "constant", "dateFormat", "numberFormat", "source", "inferred",
                "row", "note", "pass", "on", "country", "defaultSetting", "state", "onlyWith", "fallback",
            ]) {
                let value = entry.value
                switch entry.key {
                case "from": source = try plainField(value)
                case "to": target = try plainField(value)
                case "lookup":
                    lookupNode = value
                    lookup = try Self.lookupTargets(value)
                case "valueMap":
                    let name = try value.name()
                    guard valueMaps.contains(name) else {
                        throw value.error(
                            "unknown value map '\(name)'; value-maps.yaml defines: \(valueMaps.sorted().joined(separator: ", "))")
                    }
                    valueMap = name
                case "unmapped":
                    unmapped = try value.choice(policies)
                    unmappedNode = value
                case "default": defaultValue = try value.text()
                case "defaultSetting":
                    defaultSetting = try value.choice(Dictionary(uniqueKeysWithValues: TemplateSetting.allCases.map { ($0.rawValue, $0) }))
                case "state": stateCountry = try plainField(value)
                case "onlyWith":
                    onlyWith = try value.itemsOrSingle().map { try plainField($0) }
                    onlyWithNode = value
                    guard !onlyWith.isEmpty else { throw value.error("'onlyWith' needs at least one source field") }
                case "fallback":
                    fallback = try plainField(value)
                    fallbackNode = value
                case "country":
                    country = try value.choice(Dictionary(uniqueKeysWithValues: CountryCodeForm.allCases.map { ($0.rawValue, $0) }))
                case "constant":
                    constant = try value.text()
                    constantNode = value
                case "dateFormat": dateFormat = try Self.dateConversion(value)
                case "numberFormat":
                    let pair = try conversion(value, numberFormats)
                    numberFormat = (pair.0, pair.1)
                case "source": provenance = try value.choice(provenances)
                case "inferred": inferred = try value.boolean()
                case "row": row = try value.integer()
                case "pass":
                    pass = try value.choice(Dictionary(uniqueKeysWithValues: LookupPass.allCases.map { ($0.rawValue, $0) }))
                    passNode = value
                case "on":
                    scope = try value.choice(Dictionary(uniqueKeysWithValues: FixedValueScope.allCases.map { ($0.rawValue, $0) }))
                    scopeNode = value
                default: note = try value.text()
                }
            }
        }

        /// The entities a `lookup` goes through: one `{entity, by}` or a list of them.
        private static func lookupTargets(_ value: YAMLNode) throws -> [LookupTarget] {
            let lookup = try value.itemsOrSingle().map { item in
                var entity: String?
                var by: String?
                for part in try item.entries(allowing: ["entity", "by"]) {
                    if part.key == "entity" { entity = try part.value.name() } else { by = try part.value.name() }
                }
                guard let entity, let by else { throw item.error("a lookup needs 'entity' and 'by'") }
                return LookupTarget(entity: entity, keyAttribute: by)
            }
            guard !lookup.isEmpty else { throw value.error("a lookup needs at least one {entity, by}") }
            return lookup
        }

        /// A `dateFormat` conversion, which must name the format it writes.
        private static func dateConversion(_ value: YAMLNode) throws -> (DateFormat, DateFormat) {
            let pair = try conversion(value, dateFormats)
            if pair.1 == .auto {
                throw value.error("dateFormat 'to: auto' names no format to write; use iso8601, en-US, en-GB or de-DE")
            }
            return (pair.0, pair.1)
        }

        /// The keys every field map needs, its target and provenance; an inferred one cannot say it is not.
        func requiredKeys(of node: YAMLNode) throws -> (target: String, provenance: Provenance) {
            guard let target else { throw node.error("a field map needs 'to'") }
            guard let provenance else { throw node.error("the field map of \(target) needs 'source' (doc, img, cdm or inferred)") }
            if provenance == .inferred, inferred == false {
                throw node.error("a field map with source inferred cannot say inferred: false")
            }
            return (target, provenance)
        }

        /// Refuses steps that cannot go together (a constant with anything that reads or replaces a value, two
        /// defaults, a value map with a country step, …), then a field map that takes its value from nowhere.
        func checkSteps(of node: YAMLNode, target: String) throws {
            if let constantNode, source != nil || valueMap != nil || defaultValue != nil || country != nil || defaultSetting != nil {
                throw constantNode.error("a constant takes no 'from', 'valueMap', 'country', 'default' or 'defaultSetting'")
            }
            if defaultValue != nil, defaultSetting != nil {
                throw node.error("the field map of \(target) takes a 'default' or a 'defaultSetting', not both")
            }
            if valueMap != nil, country != nil {
                throw node.error("the field map of \(target) takes a 'valueMap' or a 'country' step, not both")
            }
            if stateCountry != nil, source == nil || valueMap != nil || country != nil {
                throw node.error("a 'state' step reads a source value and takes no 'valueMap' or 'country': the field map of \(target)")
            }
            if country != nil, source == nil {
                throw node.error("a 'country' step reads a source value: the field map of \(target) needs 'from'")
            }
            guard source != nil || constant != nil || defaultValue != nil || defaultSetting != nil else {
                throw node.error("the field map of \(target) needs 'from', 'constant', 'default' or 'defaultSetting'")
            }
        }

        /// Refuses a key that qualifies another the field map lacks (`unmapped`, `on`, `fallback`, `onlyWith`), a
        /// second pass outside an F&O → Sales lookup, and a Sales → F&O lookup with no source field.
        func checkConditions(of node: YAMLNode, target: String, direction: FlowDirection) throws {
            if let unmappedNode {
                guard valueMap != nil || country != nil || stateCountry != nil else {
                    throw unmappedNode.error("'unmapped' needs a 'valueMap', a 'country' or a 'state' step")
                }
                if unmapped == .useDefault, defaultValue == nil { throw unmappedNode.error("'unmapped: default' needs a 'default'") }
            }
            if let scopeNode, constant == nil, defaultValue == nil {
                throw scopeNode.error("'on' says which records get the field map's own value: it needs a 'constant' or a 'default'")
            }
            if let fallbackNode {
                guard let source, constant == nil else {
                    throw fallbackNode.error(
                        "a 'fallback' is read when 'from' is blank: the field map of \(target) needs 'from' and no 'constant'")
                }
                if fallback == source { throw fallbackNode.error("the fallback of \(target) is its own source field \(source)") }
            }
            if let onlyWithNode, constant == nil, defaultValue == nil, defaultSetting == nil, fallback == nil {
                throw onlyWithNode.error(
                    "'onlyWith' says which records get the field map's own value: it needs a 'constant', 'default', 'defaultSetting' or 'fallback'"
                )
            }
            if let passNode, pass == .second, lookup.isEmpty || direction != .foToSales {
                throw passNode.error("'pass: second' resolves a Sales target lookup: it needs a 'lookup' in an F&O → Sales flow")
            }
            if let lookupNode, direction == .salesToFO, source == nil {
                throw lookupNode.error("a lookup in a Sales → F&O flow reads the Sales source field: it needs 'from'")
            }
        }

        /// The pipeline: read a Sales source reference first; resolve a Sales target reference last.
        func transforms(direction: FlowDirection) -> [FieldTransform] {
            var transforms: [FieldTransform] = []
            if !lookup.isEmpty, direction == .salesToFO { transforms.append(.lookup(lookup)) }
            if !onlyWith.isEmpty { transforms.append(.onlyWith(onlyWith)) }
            if let fallback { transforms.append(.fallback(fallback)) }
            if let constant { transforms.append(.constant(constant)) }
            if let valueMap {
                transforms.append(.valueMap(name: valueMap, unmapped: unmapped ?? (defaultValue == nil ? .keep : .useDefault)))
            }
            if let country { transforms.append(.country(country, unmapped: unmapped ?? .reject)) }
            if let stateCountry { transforms.append(.subdivision(countryField: stateCountry, unmapped: unmapped ?? .keep)) }
            if let (from, to) = dateFormat { transforms.append(.dateFormat(from: from, to: to)) }
            if let (from, to) = numberFormat { transforms.append(.numberFormat(from: from, to: to)) }
            if let defaultValue { transforms.append(.defaultValue(defaultValue)) }
            if let defaultSetting { transforms.append(.settingDefault(defaultSetting)) }
            if transforms.isEmpty || (transforms.count == 1 && !lookup.isEmpty) { transforms.append(.copy) }
            if !lookup.isEmpty, direction == .foToSales { transforms.append(.lookup(lookup)) }
            return transforms
        }
    }
}

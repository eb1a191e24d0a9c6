import AirlockModel
import AirlockYAML

extension CatalogBuilder {
    private static let salesEntityKeys: Set<String> = [
        "logicalName", "displayName", "primaryId", "primaryName", "naturalKey", "dualWriteKey", "source", "note", "attributes",
    ]
    private static let integrationKeyKeys: Set<String> = ["columns", "onlyWhen", "origin", "severity", "source"]
    private static let attributeKeys: Set<String> = [
        "type", "displayName", "maxLength", "assumedLength", "format", "required", "requiredLevel", "integrationKey", "targets",
        "precision",
        "behavior",
        "readOnly",
        "openOptions", "unverified", "origin", "severity", "source", "note", "options",
    ]
    /// The keys that state a fact about the environment: an entry that gives one without `origin` is the
    /// extension's own statement (`environment`).
    private static let factKeys: Set<String> = ["type", "maxLength", "required", "targets", "options"]

    /// Merges one `salesEntities` item: a new entity, or overrides and new attributes for a known one.
    mutating func applySalesEntity(_ item: YAMLNode) throws {
        var node = item
        let entries = try node.entries(allowing: Self.salesEntityKeys)
        func value(_ key: String) -> YAMLNode? { entries.first { $0.key == key }?.value }
        guard let nameNode = value("logicalName") else { throw node.error("a Sales entity needs its logicalName") }
        let logicalName = try nameNode.name().lowercased()
        node.entity = logicalName
        var draft: SalesEntityDraft
        if let position = salesEntityIndex[logicalName] {
            draft = salesEntities[position]
        } else {
            guard let primaryId = value("primaryId") else { throw node.error("a new Sales entity needs its primaryId attribute") }
            draft = SalesEntityDraft(logicalName: logicalName, primaryIdAttribute: try primaryId.name().lowercased())
        }

        var checks: [(name: String, node: YAMLNode, what: String)] = []
        for entry in entries {
            var entryValue = entry.value
            entryValue.entity = logicalName
            switch entry.key {
            case "logicalName": break
            case "displayName": draft.displayName = try entryValue.optionalText()
            case "primaryId":
                draft.primaryIdAttribute = try entryValue.name().lowercased()
                checks.append((draft.primaryIdAttribute, entryValue, "primaryId"))
            case "primaryName":
                draft.primaryNameAttribute = try entryValue.optionalText()?.lowercased()
                if let name = draft.primaryNameAttribute { checks.append((name, entryValue, "primaryName")) }
            case "naturalKey":
                draft.naturalKey = try entryValue.names().map { $0.lowercased() }
                checks += draft.naturalKey.map { ($0, entryValue, "naturalKey") }
            case "dualWriteKey":
                let key = try Self.integrationKey(entryValue)
                draft.dualWriteKey = key
                checks += key.columns.map { ($0, entryValue, "dualWriteKey") }
                if let scope = key.onlyWhen { checks.append((scope, entryValue, "dualWriteKey onlyWhen")) }
            case "source": draft.source = try entryValue.optionalText()
            case "note": draft.note = try entryValue.optionalText()
            default:
                for attributeEntry in try entryValue.entries() { try applySalesAttribute(attributeEntry, to: &draft) }
            }
        }
        if draft.attribute(named: draft.primaryIdAttribute) == nil && !checks.contains(where: { $0.what == "primaryId" }) {
            checks.append((draft.primaryIdAttribute, node, "primaryId"))
        }
        for check in checks where draft.attribute(named: check.name) == nil {
            throw check.node.error("\(check.what) \(check.name) is not an attribute of \(logicalName)")
        }
        if let scope = draft.dualWriteKey?.onlyWhen, let attribute = draft.attribute(named: scope), attribute.type != .bool,
            let check = checks.first(where: { $0.what == "dualWriteKey onlyWhen" })
        {
            throw check.node.error("dualWriteKey onlyWhen \(scope) is \(attribute.type), not a Yes/No (bool) attribute")
        }
        upsertSalesEntity(draft)
    }

    /// Merges one attribute: a new attribute needs a type; a known attribute takes what the entry names.
    private mutating func applySalesAttribute(_ entry: YAMLNode.Entry, to draft: inout SalesEntityDraft) throws {
        let name = try entry.keyNode.name().lowercased()
        let entries = try entry.value.entries(allowing: Self.attributeKeys)
        func value(_ key: String) -> YAMLNode? { entries.first { $0.key == key }?.value }
        let existing = draft.attribute(named: name)
        var attribute: SalesAttributeDraft
        if let typeNode = value("type") {
            let type = try Self.attributeType(typeNode)
            attribute = existing ?? SalesAttributeDraft(logicalName: name, type: type)
            attribute.type = type
        } else if let existing {
            attribute = existing
        } else {
            throw entry.value.error("\(name) is a new attribute of \(draft.logicalName): it needs a type (\(Self.attributeTypeNames))")
        }
        if attribute.type != .string {
            attribute.maxLength = nil
            attribute.assumedLength = false
            attribute.format = nil
        }
        if !attribute.type.hasOptions {
            attribute.options = []
            attribute.isOptionSetOpen = false
        }
        if attribute.type != .datetime { attribute.dateTimeBehavior = nil }

        let statesFacts = entries.contains { Self.factKeys.contains($0.key) }
        if statesFacts && value("origin") == nil && value("unverified") == nil { attribute.origin = .environment }
        for item in entries {
            let node = item.value
            // Throws unless the attribute's type allows the key being read.
            func require(_ allowed: Bool, _ types: String) throws {
                guard allowed else { throw node.error("\(item.key) applies to \(types) only; \(name) is \(attribute.type)") }
            }
            switch item.key {
            case "type": break
            case "displayName": attribute.displayName = try node.optionalText()
            case "maxLength":
                try require(attribute.type == .string, "string attributes")
                let length = try node.count()
                guard length > 0 else { throw node.error("a maxLength must be 1 or more") }
                attribute.maxLength = length
                if value("assumedLength") == nil { attribute.assumedLength = false }
            case "assumedLength": attribute.assumedLength = try node.boolean()
            case "format": attribute.format = try node.optionalText()
            case "required": attribute.isRequired = try node.boolean()
            case "requiredLevel": attribute.requiredLevel = try Self.choice(node, "requiredLevel") as SalesRequiredLevel
            case "integrationKey":
                attribute.integrationKeys = try node.names().map { name in
                    guard let integration = SyncIntegration(rawValue: name.lowercased()) else {
                        throw node.error(
                            "unknown integration '\(name)'; expected \(SyncIntegration.allCases.map(\.rawValue).joined(separator: " or "))")
                    }
                    return integration
                }
            case "targets": attribute.lookupTargets = try node.names().map { $0.lowercased() }
            case "precision": attribute.precision = try node.count()
            case "behavior":
                try require(attribute.type == .datetime, "datetime attributes")
                attribute.dateTimeBehavior = try Self.choice(node, "date-time behavior") as SalesDateTimeBehavior
            case "readOnly": attribute.isReadOnly = try node.boolean()
            case "openOptions": attribute.isOptionSetOpen = try node.boolean()
            case "unverified": if try node.boolean() { attribute.origin = .guess }
            case "origin": attribute.origin = try Self.choice(node, "origin") as CatalogOrigin
            case "severity": attribute.enforcement = try Self.choice(node, "severity") as CatalogEnforcement
            case "source": attribute.source = try node.optionalText()
            case "note": attribute.note = try node.optionalText()
            default:
                try require(attribute.type.hasOptions, "choice, state and status attributes")
                for option in try node.entries() { attribute.upsert(try Self.option(option)) }
            }
        }
        draft.upsert(attribute)
    }

    /// `dualWriteKey: [msdyn_company, accountnumber]`, or a mapping with `columns` and optionally `onlyWhen`,
    /// `origin`, `severity`, `source`.
    private static func integrationKey(_ node: YAMLNode) throws -> SalesIntegrationKey {
        if node.node.mapping == nil {
            return SalesIntegrationKey(columns: try nonEmptyColumns(node))
        }
        let entries = try node.entries(allowing: integrationKeyKeys)
        func value(_ key: String) -> YAMLNode? { entries.first { $0.key == key }?.value }
        guard let columns = value("columns") else { throw node.error("a dualWriteKey needs its columns") }
        return SalesIntegrationKey(
            columns: try nonEmptyColumns(columns), onlyWhen: try value("onlyWhen")?.name().lowercased(),
            origin: try value("origin").map { try choice($0, "origin") } ?? .environment,
            enforcement: try value("severity").map { try choice($0, "severity") }, source: try value("source")?.optionalText())
    }

    private static func nonEmptyColumns(_ node: YAMLNode) throws -> [String] {
        let columns = try node.names().map { $0.lowercased() }
        guard !columns.isEmpty else { throw node.error("a dualWriteKey needs at least one column") }
        return columns
    }

    private static var attributeTypeNames: String { SalesAttributeType.allCases.map(\.rawValue).joined(separator: ", ") }

    private static func attributeType(_ node: YAMLNode) throws -> SalesAttributeType {
        let text = try node.name()
        guard let type = SalesAttributeType(rawValue: text.lowercased()) else {
            throw node.error("unknown attribute type '\(text)'; expected one of: \(attributeTypeNames)")
        }
        return type
    }

    /// The case of `T` whose raw value the node spells, in any case, or an error naming `what` and the choices.
    private static func choice<T: CaseIterable & RawRepresentable>(_ node: YAMLNode, _ what: String) throws -> T
    where T.RawValue == String {
        let text = try node.name()
        guard let value = T.allCases.first(where: { $0.rawValue.lowercased() == text.lowercased() }) else {
            let names = T.allCases.map(\.rawValue).joined(separator: ", ")
            throw node.error("unknown \(what) '\(text)'; expected one of: \(names)")
        }
        return value
    }

    /// `100001: Active` or `100001: {label: Active, state: 0}`.
    private static func option(_ entry: YAMLNode.Entry) throws -> SalesOptionValue {
        let value = try entry.keyNode.integer()
        if entry.value.node.mapping == nil {
            return SalesOptionValue(value: value, label: try entry.value.name())
        }
        var label: String?
        var state: Int?
        for item in try entry.value.entries(allowing: ["label", "state"]) {
            if item.key == "label" { label = try item.value.name() } else { state = try item.value.integer() }
        }
        guard let label else { throw entry.value.error("option \(value) needs a label") }
        return SalesOptionValue(value: value, label: label, state: state)
    }
}

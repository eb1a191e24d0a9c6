import AirlockModel
import AirlockYAML

extension CatalogBuilder {
    private static let enumKeys: Set<String> = ["symbols", "open", "members", "note", "source"]
    private static let entityKeys: Set<String> = [
        "label", "technicalName", "publicName", "companySpecific", "key", "alternatives", "referencedBy", "requirements", "loadOrder",
        "source", "note", "fields",
    ]
    private static let fieldKeys: Set<String> = [
        "type", "length", "enum", "mandatory", "stagingMandatory", "createsReferenced", "mandatoryNote", "edt", "lengthBasis", "lengthEdt",
        "lengthSource",
        "lengthConflict", "memo", "severity", "assumedLength", "inferredType", "inferredFrom", "values", "note",
    ]
    private static let requirementKeys: Set<String> = ["when", "anyOf", "source"]
    private static let loadOrderKeys: Set<String> = ["key", "references", "source"]

    /// Merges one `foEnums` entry: a new enum, or more symbols (and other settings) for a known one.
    mutating func applyFOEnum(_ entry: YAMLNode.Entry) throws {
        let name = try entry.keyNode.name()
        let existing = foEnumIndex[name.lowercased()].map { foEnums[$0] }
        var symbols = existing?.symbols ?? []
        var isOpen = existing?.isOpen ?? false
        var memberCount = existing?.memberCount
        var note = existing?.note
        var source = existing?.source
        var sawSymbols = false
        for item in try entry.value.entries(allowing: Self.enumKeys) {
            switch item.key {
            case "symbols":
                sawSymbols = true
                for symbol in try item.value.names() where !symbols.contains(symbol) { symbols.append(symbol) }
            case "open": isOpen = try item.value.boolean()
            case "members": memberCount = try item.value.count()
            case "source": source = try item.value.optionalText()
            default: note = try item.value.optionalText()
            }
        }
        if existing == nil && !sawSymbols { throw entry.value.error("a new enum needs its symbols (symbols: [A, B])") }
        upsertFOEnum(
            FOEnumSchema(
                name: existing?.name ?? name, symbols: symbols, isOpen: isOpen, memberCount: memberCount, note: note, source: source))
    }

    /// Merges one `foEntities` item: a new entity, or overrides and new fields for a known one.
    mutating func applyFOEntity(_ item: YAMLNode) throws {
        var node = item
        let entries = try node.entries(allowing: Self.entityKeys)
        func value(_ key: String) -> YAMLNode? { entries.first { $0.key == key }?.value }

        var matches: [Int] = []
        for key in ["label", "technicalName", "publicName"] {
            guard let nameNode = value(key) else { continue }
            if let position = foEntityIndex[try nameNode.name().lowercased()], !matches.contains(position) { matches.append(position) }
        }
        if matches.count > 1 {
            let names = matches.map { foEntities[$0].label }.joined(separator: "' and '")
            throw node.error("the names of this entry belong to two different entities, '\(names)'")
        }
        var draft: FOEntityDraft
        if let position = matches.first {
            draft = foEntities[position]
        } else {
            guard let label = value("label"), let technicalName = value("technicalName") else {
                throw node.error("a new entity needs both label and technicalName (no known entity has the names given)")
            }
            draft = FOEntityDraft(label: try label.name(), technicalName: try technicalName.name())
        }
        node.entity = draft.label

        var keyNode: YAMLNode?
        var orderNodes: [(FOLoadOrder, YAMLNode)] = []
        var requirementNodes: [(FORecordRequirement, YAMLNode)] = []
        for entry in entries {
            var entryValue = entry.value
            entryValue.entity = draft.label
            switch entry.key {
            case "label": draft.label = try entryValue.name()
            case "technicalName": draft.technicalName = try entryValue.name()
            case "publicName": draft.publicName = try entryValue.optionalText()
            case "companySpecific": draft.isCompanySpecific = try entryValue.boolean()
            case "key":
                draft.keyFields = try entryValue.names().map { $0.uppercased() }
                keyNode = entryValue
            case "alternatives": draft.alternatives = try entryValue.names()
            case "referencedBy": draft.referencedBy = try entryValue.names().map { $0.uppercased() }
            case "requirements":
                requirementNodes = try entryValue.items().map { (try Self.requirement($0), $0) }
                draft.requirements = requirementNodes.map(\.0)
            case "loadOrder":
                orderNodes = try entryValue.items().map { (try Self.loadOrder($0), $0) }
                draft.loadOrder = orderNodes.map(\.0)
            case "source": draft.source = try entryValue.optionalText()
            case "note": draft.note = try entryValue.optionalText()
            default:
                for fieldEntry in try entryValue.entries() { try applyFOField(fieldEntry, to: &draft) }
            }
        }
        for keyField in draft.keyFields where draft.field(named: keyField) == nil {
            throw (keyNode ?? node).error("key field \(keyField) is not a field of \(draft.label)")
        }
        for (requirement, requirementNode) in requirementNodes {
            for field in [requirement.field] + requirement.anyOf where draft.field(named: field) == nil {
                throw requirementNode.error("requirement field \(field) is not a field of \(draft.label)")
            }
        }
        for (order, orderNode) in orderNodes {
            for field in order.key + order.references where draft.field(named: field) == nil {
                throw orderNode.error("loadOrder field \(field) is not a field of \(draft.label)")
            }
        }
        if let position = matches.first {
            foEntities[position] = draft
        } else {
            foEntities.append(draft)
        }
        reindexFOEntities()
    }

    /// Merges one field of an entity: a new field needs a type; a known field takes what the entry names, its type
    /// first (`applyType`), then each other key (`applyFieldKey`).
    private mutating func applyFOField(_ entry: YAMLNode.Entry, to draft: inout FOEntityDraft) throws {
        let name = try entry.keyNode.name().uppercased()
        var fieldNode = entry.value
        fieldNode.entity = draft.label
        let entries = try fieldNode.entries(allowing: Self.fieldKeys)
        let typeNode = Self.node("type", in: entries, entity: draft.label)
        let existing = draft.field(named: name)
        guard existing != nil || typeNode != nil else {
            throw fieldNode.error("\(name) is a new field of \(draft.label): it needs a type (\(Self.typeNames))")
        }
        var field = existing ?? FOFieldSchema(name: name, type: .string(maxLength: nil))

        let typeName = try typeNode.map { try Self.typeName($0) }
        let baseType = typeName ?? Self.typeName(of: field.type)
        let lengthNode = Self.node("length", in: entries, entity: draft.label)
        try applyType(
            baseType, lengthNode: lengthNode, enumNode: Self.node("enum", in: entries, entity: draft.label), typeNode: typeNode,
            fieldNode: fieldNode, to: &field, named: name, of: draft)
        for entry in entries {
            try Self.applyFieldKey(entry, to: &field, named: name, baseType: baseType, lengthNode: lengthNode, entity: draft.label)
        }
        if field.type.maxLength == nil {
            field.lengthBasis = nil
            field.lengthEDT = nil
            field.lengthSource = nil
            field.lengthConflict = nil
        }
        if typeName != nil && existing != nil && Self.node("inferredType", in: entries, entity: draft.label) == nil {
            // A type stated by a catalog file replaces an inferred one.
            field.inferredType = false
            field.inferredFrom = nil
        }
        draft.upsert(field)
    }

    /// The value of `key` among a field's `entries`, told the entity it belongs to (for its errors).
    private static func node(_ key: String, in entries: [YAMLNode.Entry], entity: String) -> YAMLNode? {
        entries.first { $0.key == key }.map { entry in
            var node = entry.value
            node.entity = entity
            return node
        }
    }

    /// Gives `field` the type `baseType` names: a string's `length` (else the length it had), an enum's name (`enum`,
    /// else the one it had), or a type without either; a field that is no longer text loses its values and memo, one
    /// that is no longer an enum its enum reference.
    private mutating func applyType(
        _ baseType: String, lengthNode: YAMLNode?, enumNode: YAMLNode?, typeNode: YAMLNode?, fieldNode: YAMLNode,
        to field: inout FOFieldSchema, named name: String, of draft: FOEntityDraft
    ) throws {
        if let lengthNode, baseType != "string" {
            throw lengthNode.error("length applies to string fields only; \(name) is \(baseType)")
        }
        if let enumNode, baseType != "enum" && baseType != "noYes" {
            throw enumNode.error("enum applies to enum fields only; \(name) is \(baseType)")
        }
        switch baseType {
        case "string":
            let previous = field.type.maxLength
            if let lengthNode {
                let length = try lengthNode.count()
                guard length > 0 else { throw lengthNode.error("a length must be 1 or more") }
                field.type = .string(maxLength: length)
                // A length stated without its basis is the extension's statement about its environment.
                field.lengthBasis = .environment
                field.isMemo = false
            } else {
                field.type = .string(maxLength: previous)
            }
        case "enum", "noYes":
            var enumName = baseType == "noYes" ? FOEnumSchema.noYesName : nil
            if let enumNode { enumName = try enumNode.name() }
            if enumName == nil, case .enumeration(let previous) = field.type { enumName = previous }
            guard let enumName else {
                throw (typeNode ?? fieldNode).error("an enum field needs the enum's name (enum: CustAccountStatement)")
            }
            field.type = enumName.lowercased() == FOEnumSchema.noYesName.lowercased() ? .noYes : .enumeration(enumName)
            if let reference = enumNode ?? typeNode { enumReferences["\(draft.technicalName)|\(name)"] = reference.location }
        case "int": field.type = .int
        case "int64": field.type = .int64
        case "real": field.type = .real
        case "date": field.type = .date
        case "datetime": field.type = .datetime
        default: field.type = .guid
        }
        if case .string = field.type {
        } else {
            field.allowedValues = []
            field.isMemo = false
        }
        if field.type.enumName == nil { enumReferences["\(draft.technicalName)|\(name)"] = nil }
    }

    /// Applies one key of a field's entry other than its type (mandatory, lengths, memo, severity, values, notes, …);
    /// a key that describes text refuses a field of another type (`baseType`), a memo one with a `length`.
    private static func applyFieldKey(
        _ entry: YAMLNode.Entry, to field: inout FOFieldSchema, named name: String, baseType: String, lengthNode: YAMLNode?,
        entity: String
    ) throws {
        var entryValue = entry.value
        entryValue.entity = entity
        // Throws unless the field is text (the key describes a length).
        func requireString() throws {
            guard case .string = field.type else {
                throw entryValue.error("\(entry.key) applies to string fields only; \(name) is \(baseType)")
            }
        }
        switch entry.key {
        case "mandatory": field.isMandatory = try entryValue.boolean()
        case "stagingMandatory": field.isStagingMandatory = try entryValue.boolean()
        case "createsReferenced": field.createsReferenced = try entryValue.boolean()
        case "mandatoryNote": field.mandatoryNote = try entryValue.optionalText()
        case "edt": field.extendedDataType = try entryValue.optionalText()
        case "lengthBasis":
            try requireString()
            field.lengthBasis = try Self.lengthBasis(entryValue)
        case "assumedLength":
            try requireString()
            if try entryValue.boolean() { field.lengthBasis = .assumed }
        case "lengthEdt": field.lengthEDT = try entryValue.optionalText()
        case "lengthSource": field.lengthSource = try entryValue.optionalText()
        case "lengthConflict": field.lengthConflict = try entryValue.optionalText()
        case "memo":
            try requireString()
            field.isMemo = try entryValue.boolean()
            if field.isMemo {
                guard lengthNode == nil else { throw entryValue.error("a memo field has no length; \(name) gives both") }
                field.type = .string(maxLength: nil)
            }
        case "severity":
            let text = try entryValue.name()
            guard let enforcement = CatalogEnforcement.allCases.first(where: { $0.rawValue == text.lowercased() }) else {
                throw entryValue.error("unknown severity '\(text)'; expected one of: error, warning")
            }
            field.enforcement = enforcement
        case "inferredType": field.inferredType = try entryValue.boolean()
        case "inferredFrom": field.inferredFrom = try entryValue.optionalText()
        case "values":
            guard case .string = field.type else {
                throw entryValue.error("values applies to string fields only; \(name) is \(baseType)")
            }
            field.allowedValues = try entryValue.names()
        case "note": field.note = try entryValue.optionalText()
        default: break
        }
    }

    private static let typeNames = "string, int, int64, real, date, datetime, guid, enum, noYes"

    /// A `lengthBasis:` value.
    private static func lengthBasis(_ node: YAMLNode) throws -> FOLengthBasis {
        let text = try node.name()
        guard let basis = FOLengthBasis(rawValue: text.lowercased()) else {
            throw node.error(
                "unknown lengthBasis '\(text)'; expected one of: \(FOLengthBasis.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return basis
    }

    /// A `requirements:` item: `{when: {PARTYTYPE: [Organization, ""]}, anyOf: [ORGANIZATIONNAME], source: …}`.
    private static func requirement(_ node: YAMLNode) throws -> FORecordRequirement {
        let entries = try node.entries(allowing: requirementKeys)
        guard let when = entries.first(where: { $0.key == "when" })?.value, let anyOf = entries.first(where: { $0.key == "anyOf" })?.value
        else { throw node.error("a requirement needs when (FIELD: [values]) and anyOf ([fields])") }
        let condition = try when.entries()
        guard condition.count == 1, let only = condition.first else {
            throw when.error("when names one field and the values it applies to (PARTYTYPE: [Organization])")
        }
        let values = only.value.node.scalar != nil ? [try only.value.text()] : try only.value.items().map { try $0.text() }
        let fields = try anyOf.names()
        guard !fields.isEmpty else { throw anyOf.error("anyOf names at least one field") }
        return FORecordRequirement(
            field: only.key, values: values.map { $0.trimmingASCIIWhitespace() }, anyOf: fields,
            source: try entries.first { $0.key == "source" }?.value.optionalText())
    }

    /// A `loadOrder:` item: `{key: [CUSTOMERACCOUNT], references: [INVOICEACCOUNT], source: …}`.
    private static func loadOrder(_ node: YAMLNode) throws -> FOLoadOrder {
        let entries = try node.entries(allowing: loadOrderKeys)
        guard let key = entries.first(where: { $0.key == "key" })?.value,
            let references = entries.first(where: { $0.key == "references" })?.value
        else { throw node.error("a loadOrder item needs key and references") }
        let keyFields = try key.names()
        let referenceFields = try references.names()
        guard !keyFields.isEmpty, keyFields.count == referenceFields.count else {
            throw references.error("references names one field for each key field (\(keyFields.count))")
        }
        return FOLoadOrder(
            key: keyFields, references: referenceFields, source: try entries.first { $0.key == "source" }?.value.optionalText())
    }

    /// The catalog spelling of a `type:` value (case-insensitive), or an error naming the accepted ones.
    private static func typeName(_ node: YAMLNode) throws -> String {
        let text = try node.name()
        let known = ["string", "int", "int64", "real", "date", "datetime", "guid", "enum", "noYes"]
        guard let name = known.first(where: { $0.lowercased() == text.lowercased() }) else {
            throw node.error("unknown field type '\(text)'; expected one of: \(typeNames)")
        }
        return name
    }

    private static func typeName(of type: FOFieldType) -> String {
        switch type {
        case .string: "string"
        case .int: "int"
        case .int64: "int64"
        case .real: "real"
        case .date: "date"
        case .datetime: "datetime"
        case .guid: "guid"
        case .enumeration: "enum"
        case .noYes: "noYes"
        }
    }
}

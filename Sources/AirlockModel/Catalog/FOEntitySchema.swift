/// An F&O data entity: its three names, key, and fields.
public struct FOEntitySchema: Sendable, Equatable {
    /// The DMF label, as a manifest's `EntityName` writes it (e.g. `Customers V3`).
    public let label: String
    /// The AOT (technical) name, as a manifest's `TargetEntity` writes it (e.g. `CustCustomerV3Entity`).
    public let technicalName: String
    /// The OData entity set name, when known (e.g. `CustomersV3`).
    public let publicName: String?
    /// Whether the entity is per legal entity (has `DATAAREAID`) rather than shared.
    public let isCompanySpecific: Bool
    /// The key fields besides `DATAAREAID`, UPPERCASE.
    public let keyFields: [String]
    /// The fields in reference order.
    public let fields: [FOFieldSchema]
    /// Other versions of the entity that hold the same records (`Customers V3` for `Customers V2`), in
    /// preference order: a target export may have been taken with any of them.
    public let alternatives: [String]
    /// Fields of other entities, UPPERCASE, that name a record of this one by its single key field under another
    /// name (`PAYMENTTERMSNAME` for `Terms of payment`'s `NAME`): reference data a flow to F&O assumes.
    public let referencedBy: [String]
    /// Conditional requirements: fields a record must fill when another field has some value (an organisation's
    /// name).
    public let requirements: [FORecordRequirement]
    /// Self-references that fix the order of the entity's rows within one file.
    public let loadOrder: [FOLoadOrder]
    /// Where the facts come from.
    public let source: String?
    /// Free text for the reader of a report.
    public let note: String?
    private let fieldIndex: [String: Int]

    public init(
        label: String, technicalName: String, publicName: String? = nil, isCompanySpecific: Bool = true, keyFields: [String],
        fields: [FOFieldSchema], alternatives: [String] = [], referencedBy: [String] = [], requirements: [FORecordRequirement] = [],
        loadOrder: [FOLoadOrder] = [], source: String? = nil, note: String? = nil
    ) {
        self.label = label
        self.technicalName = technicalName
        self.publicName = publicName
        self.isCompanySpecific = isCompanySpecific
        self.keyFields = keyFields
        self.fields = fields
        self.alternatives = alternatives
        self.referencedBy = referencedBy
        self.requirements = requirements
        self.loadOrder = loadOrder
        self.source = source
        self.note = note
        var index: [String: Int] = [:]
        for (position, field) in fields.enumerated() where index[field.name.uppercased()] == nil {
            index[field.name.uppercased()] = position
        }
        fieldIndex = index
    }

    /// The field named `name`, ignoring case (CSV headers are UPPERCASE, CDM names PascalCase).
    public func field(named name: String) -> FOFieldSchema? {
        fieldIndex[name.uppercased()].map { fields[$0] }
    }

    /// The field names in reference order.
    public var fieldNames: [String] { fields.map(\.name) }

    /// Whether `field` (any case) of another entity names a record of this one by its single key field: the
    /// key field's own name or one of `referencedBy`.
    public func isReferenced(by field: String) -> Bool {
        guard keyFields.count == 1 else { return false }
        let name = field.uppercased()
        return keyFields[0] == name || referencedBy.contains(name)
    }

    /// The fields an import must supply.
    public var mandatoryFields: [FOFieldSchema] { fields.filter(\.isMandatory) }

    public static func == (lhs: FOEntitySchema, rhs: FOEntitySchema) -> Bool {
        lhs.label == rhs.label && lhs.technicalName == rhs.technicalName && lhs.publicName == rhs.publicName
            && lhs.isCompanySpecific == rhs.isCompanySpecific && lhs.keyFields == rhs.keyFields && lhs.fields == rhs.fields
            && lhs.alternatives == rhs.alternatives && lhs.referencedBy == rhs.referencedBy && lhs.requirements == rhs.requirements
            && lhs.loadOrder == rhs.loadOrder && lhs.source == rhs.source
            && lhs.note == rhs.note
    }
}

/// The stored facts, not the field index (`init` builds it again): what the bundled catalog's image holds.
extension FOEntitySchema: Codable {
    private enum CodingKeys: String, CodingKey {
        case label, technicalName, publicName, isCompanySpecific, keyFields, fields, alternatives, referencedBy, requirements
        case loadOrder, source, note
    }

    public init(from decoder: any Decoder) throws {
        let values = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            label: try values.decode(String.self, forKey: .label), technicalName: try values.decode(String.self, forKey: .technicalName),
            publicName: try values.decodeIfPresent(String.self, forKey: .publicName),
            isCompanySpecific: try values.decode(Bool.self, forKey: .isCompanySpecific),
            keyFields: try values.decode([String].self, forKey: .keyFields),
            fields: try values.decode([FOFieldSchema].self, forKey: .fields),
            alternatives: try values.decode([String].self, forKey: .alternatives),
            referencedBy: try values.decode([String].self, forKey: .referencedBy),
            requirements: try values.decode([FORecordRequirement].self, forKey: .requirements),
            loadOrder: try values.decode([FOLoadOrder].self, forKey: .loadOrder),
            source: try values.decodeIfPresent(String.self, forKey: .source),
            note: try values.decodeIfPresent(String.self, forKey: .note))
    }
}

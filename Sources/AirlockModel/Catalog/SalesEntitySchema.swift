/// A Dynamics 365 Sales (Dataverse) entity: logical name, primary attributes, natural key and attributes.
public struct SalesEntitySchema: Sendable, Equatable {
    /// The logical name, e.g. `account`.
    public let logicalName: String
    /// The display name, e.g. `Account`.
    public let displayName: String?
    /// The primary id attribute, e.g. `accountid`.
    public let primaryIdAttribute: String
    /// The primary name attribute, e.g. `name`, when the entity has one of its own.
    public let primaryNameAttribute: String?
    /// The attributes that identify a record across systems (CMT `updateCompare`), e.g. `accountnumber`.
    public let naturalKey: [String]
    /// The attributes in catalog order.
    public let attributes: [SalesAttributeSchema]
    /// The key dual-write matches the table's rows on (`msdyn_company`, `accountnumber`), for the tables a
    /// dual-write map writes; nil for the others. `validate` checks that a package shaped for dual-write fills it.
    public let dualWriteKey: SalesIntegrationKey?
    /// Where the facts come from.
    public let source: String?
    /// Free text for the reader of a report.
    public let note: String?
    private let attributeIndex: [String: Int]

    public init(
        logicalName: String, displayName: String? = nil, primaryIdAttribute: String, primaryNameAttribute: String? = nil,
        naturalKey: [String] = [], attributes: [SalesAttributeSchema], source: String? = nil, note: String? = nil,
        dualWriteKey: SalesIntegrationKey? = nil
    ) {
        self.logicalName = logicalName
        self.displayName = displayName
        self.primaryIdAttribute = primaryIdAttribute
        self.primaryNameAttribute = primaryNameAttribute
        self.naturalKey = naturalKey
        self.attributes = attributes
        self.dualWriteKey = dualWriteKey
        self.source = source
        self.note = note
        var index: [String: Int] = [:]
        for (position, attribute) in attributes.enumerated() where index[attribute.logicalName.lowercased()] == nil {
            index[attribute.logicalName.lowercased()] = position
        }
        attributeIndex = index
    }

    /// The attribute with logical name `name` (case-insensitive).
    public func attribute(named name: String) -> SalesAttributeSchema? {
        attributeIndex[name.lowercased()].map { attributes[$0] }
    }

    /// The logical names in catalog order.
    public var attributeNames: [String] { attributes.map(\.logicalName) }

    /// The required attributes.
    public var requiredAttributes: [SalesAttributeSchema] { attributes.filter(\.isRequired) }

    /// Who would refuse a record of this entity that leaves `attribute` empty, or nil when nobody would: the
    /// platform for a system-required column (or one a catalog extension makes required), an integration for a
    /// column it matches records on (the attribute's `integrationKeys`, and dual-write for a column of a documented
    /// `dualWriteKey`), forms for a business-required one. `validate` and `convert` both judge a missing value by it.
    public func requirement(of attribute: SalesAttributeSchema) -> SalesRequirement? {
        var integrations = attribute.integrationKeys
        if let key = dualWriteKey, key.origin.certainty != .guess, key.onlyWhen == nil, key.columns.contains(attribute.logicalName),
            !integrations.contains(.dualWrite)
        {
            integrations.append(.dualWrite)
        }
        if attribute.isRequired && attribute.requiredLevel != .applicationRequired { return .platform }
        if !integrations.isEmpty { return .integration(integrations) }
        return attribute.isRequired ? .form : nil
    }

    public static func == (lhs: SalesEntitySchema, rhs: SalesEntitySchema) -> Bool {
        lhs.logicalName == rhs.logicalName && lhs.displayName == rhs.displayName && lhs.primaryIdAttribute == rhs.primaryIdAttribute
            && lhs.primaryNameAttribute == rhs.primaryNameAttribute && lhs.naturalKey == rhs.naturalKey && lhs.attributes == rhs.attributes
            && lhs.source == rhs.source && lhs.note == rhs.note && lhs.dualWriteKey == rhs.dualWriteKey
    }
}

/// The stored facts, not the attribute index (`init` builds it again): what the bundled catalog's image holds.
extension SalesEntitySchema: Codable {
    private enum CodingKeys: String, CodingKey {
        case logicalName, displayName, primaryIdAttribute, primaryNameAttribute, naturalKey, attributes, dualWriteKey, source, note
    }

    public init(from decoder: any Decoder) throws {
        let values = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            logicalName: try values.decode(String.self, forKey: .logicalName),
            displayName: try values.decodeIfPresent(String.self, forKey: .displayName),
            primaryIdAttribute: try values.decode(String.self, forKey: .primaryIdAttribute),
            primaryNameAttribute: try values.decodeIfPresent(String.self, forKey: .primaryNameAttribute),
            naturalKey: try values.decode([String].self, forKey: .naturalKey),
            attributes: try values.decode([SalesAttributeSchema].self, forKey: .attributes),
            source: try values.decodeIfPresent(String.self, forKey: .source), note: try values.decodeIfPresent(String.self, forKey: .note),
            dualWriteKey: try values.decodeIfPresent(SalesIntegrationKey.self, forKey: .dualWriteKey))
    }
}

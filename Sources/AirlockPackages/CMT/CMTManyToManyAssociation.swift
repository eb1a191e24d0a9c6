/// One `<m2mrelationship>` of a `data.xml` entity: a source record associated with target records.
///
/// Attributes are kept as written (`m2mrelationshipschemaname` appears only in some exports); GUIDs are
/// canonical once read.
public struct CMTManyToManyAssociation: Sendable, Equatable {
    /// Every attribute, in document order.
    public var attributes: [CMTAttribute]
    /// `<targetids>/<targetid>` GUIDs, in order.
    public var targetIDs: [String]

    public init(attributes: [CMTAttribute], targetIDs: [String]) {
        self.attributes = attributes
        self.targetIDs = targetIDs
    }

    /// An association with CMT's attributes in CMT's order.
    public init(
        sourceID: String, targetEntityName: String, targetEntityIDField: String, relationshipName: String,
        relationshipSchemaName: String? = nil, targetIDs: [String]
    ) {
        var attributes = [
            CMTAttribute("sourceid", sourceID), CMTAttribute("targetentityname", targetEntityName),
            CMTAttribute("targetentitynameidfield", targetEntityIDField), CMTAttribute("m2mrelationshipname", relationshipName),
        ]
        if let relationshipSchemaName { attributes.append(CMTAttribute("m2mrelationshipschemaname", relationshipSchemaName)) }
        self.init(attributes: attributes, targetIDs: targetIDs)
    }

    /// `sourceid`: the record of this entity.
    public var sourceID: String? { attributes[attribute: "sourceid"] }
    /// `targetentityname`.
    public var targetEntityName: String? { attributes[attribute: "targetentityname"] }
    /// `targetentitynameidfield`: the target's primary key field.
    public var targetEntityIDField: String? { attributes[attribute: "targetentitynameidfield"] }
    /// `m2mrelationshipname`: the schema relationship's `name`.
    public var relationshipName: String? { attributes[attribute: "m2mrelationshipname"] }
    /// `m2mrelationshipschemaname`, when present.
    public var relationshipSchemaName: String? { attributes[attribute: "m2mrelationshipschemaname"] }
}

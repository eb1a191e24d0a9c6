/// One `<relationship>` of a schema entity: one-to-many (lookup) or many-to-many (intersect).
///
/// The two kinds carry different attributes in different orders, so all attributes are kept as written;
/// the accessors below read the known ones.
public struct CMTSchemaRelationship: Sendable, Equatable {
    /// Every attribute, in document order.
    public var attributes: [CMTAttribute]
    /// The nested `<fields>` (the two intersect id fields of a many-to-many entry); nil when absent.
    public var fields: [CMTSchemaField]?

    public init(attributes: [CMTAttribute], fields: [CMTSchemaField]? = nil) {
        self.attributes = attributes
        self.fields = fields
    }

    /// `name`: the relationship (or intersect) name.
    public var name: String? { attributes[attribute: "name"] }
    /// Whether `manyToMany` is `true` (only those entries drive the export of associations).
    public var isManyToMany: Bool { attributes[attribute: "manyToMany"]?.lowercased() == "true" }
    /// `relatedEntityName`: the intersect entity (many-to-many).
    public var relatedEntityName: String? { attributes[attribute: "relatedEntityName"] }
    /// `m2mTargetEntity` (many-to-many).
    public var targetEntity: String? { attributes[attribute: "m2mTargetEntity"] }
    /// `m2mTargetEntityPrimaryKey` (many-to-many).
    public var targetEntityPrimaryKey: String? { attributes[attribute: "m2mTargetEntityPrimaryKey"] }
    /// `referencingEntity` (one-to-many).
    public var referencingEntity: String? { attributes[attribute: "referencingEntity"] }
    /// `referencingAttribute` (one-to-many).
    public var referencingAttribute: String? { attributes[attribute: "referencingAttribute"] }
    /// `referencedEntity` (one-to-many).
    public var referencedEntity: String? { attributes[attribute: "referencedEntity"] }
    /// `referencedAttribute` (one-to-many).
    public var referencedAttribute: String? { attributes[attribute: "referencedAttribute"] }
}

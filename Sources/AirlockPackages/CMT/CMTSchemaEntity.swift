/// One `<entity>` of `data_schema.xml`.
///
/// Known attributes are typed (nil = absent); any other attribute is kept in `otherAttributes`, in order, and
/// written after the known ones.
public struct CMTSchemaEntity: Sendable, Equatable {
    /// Logical name, e.g. `account`.
    public var name: String
    /// `displayname`.
    public var displayName: String?
    /// `etc`: the object type code, written by older CMT builds only.
    public var objectTypeCode: String?
    /// `primaryidfield`.
    public var primaryIDField: String?
    /// `primarynamefield`, used by CMT's fallback duplicate match.
    public var primaryNameField: String?
    /// `disableplugins`.
    public var disablePlugins: Bool?
    /// `skipupdate`: matched records are left untouched.
    public var skipUpdate: Bool?
    /// `forcecreate`: no duplicate matching, always create.
    public var forceCreate: Bool?
    /// Attributes not listed above, in document order.
    public var otherAttributes: [CMTAttribute]
    /// `<fields>/<field>` in document order.
    public var fields: [CMTSchemaField]
    /// `<relationships>/<relationship>`; nil when the element is absent.
    public var relationships: [CMTSchemaRelationship]?
    /// The `<filter>` text (FetchXML, unescaped); nil when absent.
    public var filter: String?

    public init(
        name: String, displayName: String? = nil, objectTypeCode: String? = nil, primaryIDField: String? = nil,
        primaryNameField: String? = nil, disablePlugins: Bool? = nil, skipUpdate: Bool? = nil, forceCreate: Bool? = nil,
        otherAttributes: [CMTAttribute] = [], fields: [CMTSchemaField] = [], relationships: [CMTSchemaRelationship]? = nil,
        filter: String? = nil
    ) {
        self.name = name
        self.displayName = displayName
        self.objectTypeCode = objectTypeCode
        self.primaryIDField = primaryIDField
        self.primaryNameField = primaryNameField
        self.disablePlugins = disablePlugins
        self.skipUpdate = skipUpdate
        self.forceCreate = forceCreate
        self.otherAttributes = otherAttributes
        self.fields = fields
        self.relationships = relationships
        self.filter = filter
    }

    /// The field with logical name `name`, or nil.
    public func field(named name: String) -> CMTSchemaField? {
        fields.first { $0.name == name }
    }

    /// The field names in schema order.
    public var fieldNames: [String] { fields.map(\.name) }
}

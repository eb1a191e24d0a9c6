/// One `<field>` of a schema entity (or of a many-to-many relationship's intersect fields).
///
/// Known attributes are typed (nil = absent); others are kept in `otherAttributes` and written after them.
public struct CMTSchemaField: Sendable, Equatable {
    /// `updateCompare`: part of the uniqueness key CMT matches existing records on. CMT omits it when false.
    public var updateCompare: Bool?
    /// `displayname` (absent on intersect fields).
    public var displayName: String?
    /// Logical name.
    public var name: String
    /// `type`.
    public var type: CMTFieldType
    /// `lookupType`: target entity or entities, joined with `|` (customer and regarding fields).
    public var lookupType: String?
    /// `primaryKey`.
    public var primaryKey: Bool?
    /// `customfield`.
    public var customField: Bool?
    /// `dateMode` override on datetime fields, kept as written.
    public var dateMode: String?
    /// Attributes not listed above, in document order.
    public var otherAttributes: [CMTAttribute]

    public init(
        name: String, type: CMTFieldType, displayName: String? = nil, updateCompare: Bool? = nil, lookupType: String? = nil,
        primaryKey: Bool? = nil, customField: Bool? = nil, dateMode: String? = nil, otherAttributes: [CMTAttribute] = []
    ) {
        self.updateCompare = updateCompare
        self.displayName = displayName
        self.name = name
        self.type = type
        self.lookupType = lookupType
        self.primaryKey = primaryKey
        self.customField = customField
        self.dateMode = dateMode
        self.otherAttributes = otherAttributes
    }

    /// The entities `lookupType` names (empty when it is absent).
    public var lookupTargets: [String] {
        (lookupType ?? "").split(separator: "|").map(String.init)
    }
}

/// What the streaming counter found about one entity of `data.xml`.
public struct CMTEntityCount: Sendable, Equatable {
    /// Logical name.
    public var name: String
    /// `displayname` of the (first) section.
    public var displayName: String?
    /// Records in all sections of the entity.
    public var records: Int
    /// Records whose id an earlier record of the entity already had.
    public var duplicateIDs: Int
    /// The first id seen twice, as written.
    public var firstDuplicateID: String?
    /// Records whose id is not a GUID (`CMTValueCodec.guidValue`, the form `validate` demands: cmt.record.id).
    public var nonGUIDIDs: Int
    /// The first id that is not a GUID, as written.
    public var firstNonGUIDID: String?
    /// Fields that the schema does not declare, in order of appearance.
    public var undeclaredFields: [String]
    /// Whether `data_schema.xml` declares the entity.
    public var isDeclared: Bool
    /// Number of `<entity>` sections with this name (normally 1).
    public var sections: Int

    public init(
        name: String, displayName: String? = nil, records: Int = 0, duplicateIDs: Int = 0, firstDuplicateID: String? = nil,
        nonGUIDIDs: Int = 0, firstNonGUIDID: String? = nil, undeclaredFields: [String] = [], isDeclared: Bool = true, sections: Int = 1
    ) {
        self.name = name
        self.displayName = displayName
        self.records = records
        self.duplicateIDs = duplicateIDs
        self.firstDuplicateID = firstDuplicateID
        self.nonGUIDIDs = nonGUIDIDs
        self.firstNonGUIDID = firstNonGUIDID
        self.undeclaredFields = undeclaredFields
        self.isDeclared = isDeclared
        self.sections = sections
    }
}

/// One `<field>` of a record as a value type: for building records by hand and for looking at one record.
///
/// Bulk data lives in `CMTRecordTable`; this is the convenient, per-record view of the same information.
public struct CMTFieldValue: Sendable, Equatable {
    /// Logical field name.
    public var name: String
    /// The canonical value text (see `CMTValueCodec`); empty for a party list container.
    public var value: String
    /// The other attributes of the `<field>`, e.g. `lookupentity`, `lookupentityname`, `filename`.
    public var attributes: [CMTAttribute]
    /// The `<activitypointerrecords>` nested in a party list field (empty otherwise).
    public var partyMembers: [CMTRecord]

    public init(name: String, value: String, attributes: [CMTAttribute] = [], partyMembers: [CMTRecord] = []) {
        self.name = name
        self.value = value
        self.attributes = attributes
        self.partyMembers = partyMembers
    }

    /// A lookup value: the referenced record's id, its entity and (optionally) its display name.
    public static func lookup(_ name: String, id: String, entity: String, entityName: String? = nil) -> CMTFieldValue {
        var attributes = [CMTAttribute(CMTRecordTable.lookupEntityAttribute, entity)]
        if let entityName { attributes.append(CMTAttribute(CMTRecordTable.lookupEntityNameAttribute, entityName)) }
        return CMTFieldValue(name: name, value: id, attributes: attributes)
    }

    /// `lookupentity`: the logical name of the referenced record's entity.
    public var lookupEntity: String? { attributes[attribute: CMTRecordTable.lookupEntityAttribute] }
    /// `lookupentityname`: the display name of the referenced record.
    public var lookupEntityName: String? { attributes[attribute: CMTRecordTable.lookupEntityNameAttribute] }
}

/// One `<record>` (or party list `<activitypointerrecords>`) as a value type: its id, other attributes and fields.
public struct CMTRecord: Sendable, Equatable {
    /// The `id` attribute: the record's primary key GUID (canonical lower case once read).
    public var id: String
    /// Other attributes of the element (e.g. `newId`), in order.
    public var otherAttributes: [CMTAttribute]
    /// Fields in the order they are written.
    public var fields: [CMTFieldValue]

    public init(id: String, otherAttributes: [CMTAttribute] = [], fields: [CMTFieldValue] = []) {
        self.id = id
        self.otherAttributes = otherAttributes
        self.fields = fields
    }

    /// The field called `name`, or nil.
    public func field(_ name: String) -> CMTFieldValue? {
        fields.first { $0.name == name }
    }
}

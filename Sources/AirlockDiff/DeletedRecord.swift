/// One line of `deleted.csv`: a record of the old export whose key the new export no longer has.
public struct DeletedRecord: Sendable, Equatable {
    public var entity: String
    /// The F&O company (`DATAAREAID`), when the key has one.
    public var company: String?
    /// The CMT record id.
    public var recordID: String?
    /// The CMT record's primary name, for a reviewer.
    public var name: String?
    /// The key fields (other than the company) and their values.
    public var keyFields: [String]
    public var keyValues: [String]

    public init(
        entity: String, company: String? = nil, recordID: String? = nil, name: String? = nil, keyFields: [String], keyValues: [String]
    ) {
        self.entity = entity
        self.company = company
        self.recordID = recordID
        self.name = name
        self.keyFields = keyFields
        self.keyValues = keyValues
    }

    /// The order of `deleted.csv`: entity, company, then key values, then record id, each compared bytewise.
    static func precedes(_ lhs: DeletedRecord, _ rhs: DeletedRecord) -> Bool {
        func bytes(_ text: String?) -> [UInt8] { Array((text ?? "").utf8) }
        if lhs.entity != rhs.entity { return bytes(lhs.entity).lexicographicallyPrecedes(bytes(rhs.entity)) }
        if lhs.company != rhs.company { return bytes(lhs.company).lexicographicallyPrecedes(bytes(rhs.company)) }
        for (left, right) in zip(lhs.keyValues, rhs.keyValues) where left != right {
            return bytes(left).lexicographicallyPrecedes(bytes(right))
        }
        if lhs.keyValues.count != rhs.keyValues.count { return lhs.keyValues.count < rhs.keyValues.count }
        return bytes(lhs.recordID).lexicographicallyPrecedes(bytes(rhs.recordID))
    }
}

/// A serialized data-contract object Airlock carries without interpreting it (an `EntityFieldConversion`
/// or `EntityTransform`): its child elements as name/value pairs in document order, nil values kept.
public struct FOGenericRecord: Sendable, Equatable {
    /// The element name of the object (`EntityFieldConversion`, `EntityTransform`).
    public var elementName: String
    /// Child elements in order; a nil value was written `i:nil="true"`.
    public var members: [Member]

    public struct Member: Sendable, Equatable {
        public var name: String
        public var value: String?
        public init(name: String, value: String?) {
            self.name = name
            self.value = value
        }
    }

    public init(elementName: String, members: [Member]) {
        self.elementName = elementName
        self.members = members
    }
}

/// One XML attribute kept verbatim (name and decoded value), so attributes Airlock does not model survive a round trip.
public struct CMTAttribute: Sendable, Hashable {
    /// The qualified name as written, e.g. `recordcount` or `xmlns:xsi`.
    public var name: String
    /// The XML-decoded value.
    public var value: String

    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }
}

extension Array where Element == CMTAttribute {
    /// The value of the first attribute called `name`, or nil.
    public subscript(attribute name: String) -> String? {
        first { $0.name == name }?.value
    }
}

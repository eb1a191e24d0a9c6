/// One value of a Dataverse choice, state or status attribute.
public struct SalesOptionValue: Sendable, Hashable, Codable {
    /// The integer value CMT writes.
    public var value: Int
    /// The label shown in Sales.
    public var label: String
    /// For a `statuscode` value: the `statecode` it belongs to.
    public var state: Int?

    public init(value: Int, label: String, state: Int? = nil) {
        self.value = value
        self.label = label
        self.state = state
    }
}

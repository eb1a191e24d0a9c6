import AirlockReconcile

/// Why a rule rejects a record: the reason code, the field at fault, and a message naming the value.
public struct RuleRefusal: Sendable, Hashable {
    public var reason: RejectReason
    public var field: String
    public var message: String

    public init(_ reason: RejectReason, field: String, message: String) {
        self.reason = reason
        self.field = field
        self.message = message
    }
}

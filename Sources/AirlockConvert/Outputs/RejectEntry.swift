import AirlockReconcile

/// One rejected source record: its row in the source table, the reason code, the field at fault and a message,
/// and the record's other problems, so that a user fixes the data once.
struct RejectEntry: Sendable {
    /// One problem of a record.
    struct Problem: Sendable {
        var reason: RejectReason
        var field: String
        var message: String
        /// The value at fault, when the problem is a field's (the key a lookup did not find).
        var value: String? = nil
    }

    var sourceRow: Int
    var reason: RejectReason
    var field: String
    var message: String
    /// The value at fault, when the problem is a field's.
    var value: String? = nil
    /// The record's other problems, the most fundamental first (after the one above).
    var also: [Problem] = []

    /// Every problem of the record, the first one first.
    var problems: [Problem] { [Problem(reason: reason, field: field, message: message, value: value)] + also }

    /// The message with the other problems after it: `… | also invalid-value PRICE: …`.
    var fullMessage: String {
        ([message] + also.map { "also \($0.reason.rawValue) \($0.field): \($0.message)" }).joined(separator: " | ")
    }
}

import AirlockReconcile

/// One rejected source record: its row in the source table, the reason code, the field at fault and a message,
/// and the record's other problems, so that a user fixes the data once.
struct RejectEntry: Sendable {
    /// One problem of a record.
    struct Problem: Sendable {
        var reason: RejectReason
        var field: String
        var message: String
    }

    var sourceRow: Int
    var reason: RejectReason
    var field: String
    var message: String
    /// The record's other problems, the most fundamental first (after the one above).
    var also: [Problem] = []

    /// The message with the other problems after it: `… | also invalid-value PRICE: …`.
    var fullMessage: String {
        ([message] + also.map { "also \($0.reason.rawValue) \($0.field): \($0.message)" }).joined(separator: " | ")
    }
}

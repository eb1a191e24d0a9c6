import AirlockReconcile

/// One rejected source record: its row in the source table, the reason code, the field at fault and a message.
struct RejectEntry: Sendable {
    var sourceRow: Int
    var reason: RejectReason
    var field: String
    var message: String
}

import AirlockModel

/// One record an input of `retry` names as failed: F&O records by `verify`'s key text or by the values of key
/// columns (the importer's error files), Sales records by id.
struct RetryRequest: Sendable {
    enum Side: String, Sendable {
        case fo
        case sales
    }

    var side: Side
    /// The entity as the input names it (an F&O label, technical or public name; a Sales logical name), if it does.
    var entity: String?
    /// F&O: the key as `verify` writes it (`USMF/ORD-100000/2`).
    var keyText: String?
    /// F&O: the values of the input's columns by UPPERCASE name (an error file's row); the key columns are read.
    var keyValues: [String: String] = [:]
    /// Sales: the record id, lower-cased.
    var id: String?
    /// Where the input names it.
    var location: SourceLocation
}

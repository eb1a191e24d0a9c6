import AirlockReconcile

/// One link of a finished run, by the records' places: what `keymap.csv` and `to-sales-keys.zip` are written from,
/// a row at a time, so that a million links are not held as text.
struct MatchLink: Sendable {
    var entity: LinkedEntity
    var salesIndex: Int
    var foIndex: Int
    var score: Double
    /// Whether a reviewer accepted it (else it is `sure` by score).
    var accepted: Bool
}

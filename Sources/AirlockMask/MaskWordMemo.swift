/// The words and host names a masking run has drawn: names, streets and e-mail addresses repeat their words and
/// domains far more than their values, so each one's keyed digests are taken once a run. It grows with the distinct
/// words and hosts of the masked columns (fewer than their distinct values) and lives as long as the run's
/// `MaskReplacer`.
final class MaskWordMemo {
    struct Key: Hashable {
        let purpose: String
        let text: String
        let length: Int
    }

    var words: [Key: String] = [:]
    /// Host names as `MaskReplacer.domain` maps them.
    var domains: [String: String] = [:]
    /// Per count of digits, the keyed order of the numbers of that length (`MaskReplacer.keyedNumber`).
    var numberOrders: [Int: [Int]] = [:]
}

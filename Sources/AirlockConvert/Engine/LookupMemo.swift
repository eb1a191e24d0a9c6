/// What a `SourceFieldReader` has resolved in its flow: the business key of each referenced record it has read,
/// and the result per dictionary code of a lookup column with few distinct GUIDs. Used by one flow's thread.
final class LookupMemo {
    /// Per dictionary code of the lookup column: the `lookupentity` it was read with, and the result.
    var byCode: [(pointed: String?, value: SourceValue)?] = Array(repeating: nil, count: 256)
    /// Per lookup target: the trimmed business key of each of its rows read so far (nil: not read yet).
    private var keys: [[String?]] = []

    /// The key of row `row` of target `target`, if read before.
    func key(target: Int, row: Int) -> String? {
        target < keys.count && row < keys[target].count ? keys[target][row] : nil
    }

    /// Remembers the key of row `row` of target `target`, a table of `rows` rows.
    func setKey(_ key: String, target: Int, row: Int, rows: Int) {
        while keys.count <= target { keys.append([]) }
        if keys[target].isEmpty { keys[target] = Array(repeating: nil, count: rows) }
        guard row < keys[target].count else { return }
        keys[target][row] = key
    }
}

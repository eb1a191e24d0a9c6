/// The columns of `matches.csv`, the file a reviewer edits: only `decision` (accept, reject or empty) and `fo_key`
/// (another F&O record of the same entity) are to be changed; the others explain the pair.
public enum MatchListColumns {
    public static let all = [
        "entity", "class", "score", "decision", "sales_id", "sales_name", "fo_entity", "fo_key", "fo_name", "agrees", "disagrees", "notes",
    ]
    static let entity = 0
    static let decision = 3
    static let salesID = 4
    static let foKey = 7
}

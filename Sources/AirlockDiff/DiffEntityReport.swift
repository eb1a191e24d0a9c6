/// What `diff` found for one entity: the counts, how records were matched and what was compared.
///
/// Identities (`identitiesHold`): `new == created + changed + unchanged + duplicates.new`, and
/// `old == changed + unchanged + deleted + duplicates.old` once the ambiguous keys' part of each is counted by their
/// old records instead (`ambiguous`); without repeated keys, `new == created + changed + unchanged` and
/// `old == changed + unchanged + deleted`.
public struct DiffEntityReport: Sendable, Equatable, Codable {
    /// The entity: the F&O manifest's entity name, or the CMT entity's logical name.
    public var entity: String
    /// The key fields records are matched by (`id` for CMT).
    public var key: [String]
    public var keySource: DiffKeySource
    /// Records of the entity in the old export and in the new one.
    public var old: Int
    public var new: Int
    public var created: Int
    public var changed: Int
    public var unchanged: Int
    public var deleted: Int
    /// Per compared field, how many changed records differ in it (fields with none left out).
    public var changedFields: [String: Int]
    /// Fields one export has and the other lacks: not compared (new values of a field only the new export has are
    /// still carried in the delta).
    public var fieldsOnlyInOld: [String]
    public var fieldsOnlyInNew: [String]
    /// CMT many-to-many associations (source, relationship, target) new in the new export, carried in the delta,
    /// and gone from it (listed here only: CMT never removes an association).
    public var associationsCreated: Int
    public var associationsRemoved: Int
    /// The delta's file of the entity (F&O), when it holds records.
    public var deltaFile: String?
    /// Exact copies within one export: counted once, left out of every count but this one.
    public var duplicates: DiffDuplicates
    /// Keys an export holds different records under; their records are counted in `created`, `changed`,
    /// `unchanged` and `deleted` too.
    public var ambiguous: DiffAmbiguity

    public init(entity: String, key: [String], keySource: DiffKeySource) {
        self.entity = entity
        self.key = key
        self.keySource = keySource
        old = 0
        new = 0
        created = 0
        changed = 0
        unchanged = 0
        deleted = 0
        changedFields = [:]
        fieldsOnlyInOld = []
        fieldsOnlyInNew = []
        associationsCreated = 0
        associationsRemoved = 0
        duplicates = DiffDuplicates()
        ambiguous = DiffAmbiguity()
    }

    /// Whether the identities hold: every new record is created, changed, unchanged or an exact copy; every old
    /// record is an exact copy, a distinct record of an ambiguous key, or the one record of a key the new export
    /// has (changed or unchanged) or lacks (deleted).
    public var identitiesHold: Bool {
        let oneToOne =
            (changed - ambiguous.changed) + (unchanged - ambiguous.unchanged) + (deleted - ambiguous.deleted)
        return new == created + changed + unchanged + duplicates.new && old == oneToOne + ambiguous.old + duplicates.old
            && ambiguous.identityHolds && ambiguous.created <= created && ambiguous.changed <= changed
            && ambiguous.unchanged <= unchanged && ambiguous.deleted <= deleted
    }
}

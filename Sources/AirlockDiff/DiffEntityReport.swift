/// What `diff` found for one entity: the counts, how records were matched and what was compared.
///
/// Identities: `new == created + changed + unchanged` and `old == changed + unchanged + deleted`.
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
    }

    /// Whether both identities hold.
    public var identitiesHold: Bool {
        new == created + changed + unchanged && old == changed + unchanged + deleted
    }
}

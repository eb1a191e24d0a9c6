/// One link of `keymap.csv`: the Sales record, the Sales attribute that takes the F&O key, and the F&O record.
public struct KeymapEntry: Sendable, Equatable {
    public var entity: LinkedEntity
    /// The Sales entity (logical name) and the record's GUID (lower case).
    public var salesEntity: String
    public var salesID: String
    public var salesName: String
    /// The Sales attribute that holds the F&O key (`LinkedEntity.salesKeyAttribute`).
    public var keyAttribute: String
    /// What that attribute holds in the Sales export now ("" when empty): the value the link replaces.
    public var salesKeyBefore: String
    /// The F&O entity (label) and key.
    public var foEntity: String
    public var foKey: String
    public var foName: String
    public var score: Double
    /// `sure` (linked by score) or `review` (accepted by a reviewer).
    public var decidedBy: String
    /// The line of the keymap file it was read from (0 when built in memory).
    public var line = 0

    public init(
        entity: LinkedEntity, salesEntity: String, salesID: String, salesName: String, keyAttribute: String, salesKeyBefore: String,
        foEntity: String, foKey: String, foName: String, score: Double, decidedBy: String, line: Int = 0
    ) {
        self.entity = entity
        self.salesEntity = salesEntity
        self.salesID = salesID
        self.salesName = salesName
        self.keyAttribute = keyAttribute
        self.salesKeyBefore = salesKeyBefore
        self.foEntity = foEntity
        self.foKey = foKey
        self.foName = foName
        self.score = score
        self.decidedBy = decidedBy
        self.line = line
    }
}

/// One key an export repeats, as `diff.json` names it (`duplicates.examples`, `ambiguous.examples`).
public struct DiffKeyExample: Sendable, Equatable, Codable {
    /// The export that repeats the key.
    public var export: DiffExportSide
    /// The key's values, in the order of the entity's `key` (CMT: the record id).
    public var key: [String]
    /// F&O: the lines of the records, at most six: of an exact copy, the line of the record copied, then of its
    /// copies; of an ambiguous key, the line of each distinct record's first occurrence.
    public var lines: [Int]?
    /// CMT: the same as record numbers (a record's position among its entity's records in `data.xml`, from 1).
    public var records: [Int]?
    /// Of an ambiguous key: what the diff did with it.
    public var outcome: DiffKeyOutcome?

    public init(export: DiffExportSide, key: [String], lines: [Int]? = nil, records: [Int]? = nil, outcome: DiffKeyOutcome? = nil) {
        self.export = export
        self.key = key
        self.lines = lines
        self.records = records
        self.outcome = outcome
    }
}

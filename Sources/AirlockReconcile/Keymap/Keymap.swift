import AirlockIO
import AirlockModel

/// The accepted links of a match run (`keymap.csv`): what `convert --keymap` reads so that a linked Sales record
/// carries the F&O key and updates its F&O record instead of creating a second one.
public struct Keymap: Sendable, Equatable {
    public static let columns = [
        "entity", "sales_entity", "sales_id", "sales_name", "key_attribute", "sales_key_before", "fo_entity", "fo_key", "fo_name", "score",
        "decided_by",
    ]

    public var entries: [KeymapEntry]

    public init(entries: [KeymapEntry]) { self.entries = entries }

    /// Reads `path`, checking its header and that no Sales record and no F&O record is named twice.
    /// - Throws: `AirlockError(.usage)` with file, line and column.
    public static func read(_ path: String) throws -> Keymap {
        let table = try ReviewedTable(path: path, columns: columns, what: "keymap")
        var entries: [KeymapEntry] = []
        var sales: [String: Int] = [:]
        var fo: [String: Int] = [:]
        for (line, values) in table.rows {
            func at(_ column: Int) -> SourceLocation { SourceLocation(file: path, line: line, column: column + 1, field: columns[column]) }
            func field(_ column: Int) -> String { ReviewedTable.field(values, column) }
            guard let entity = LinkedEntity(rawValue: field(0).lowercased()) else {
                throw AirlockError(.usage, "entity \"\(field(0))\" is not accounts, contacts or products", at: at(0))
            }
            guard field(1) == entity.salesEntity else {
                throw AirlockError(
                    .usage, "sales_entity \"\(field(1))\" is not \(entity.salesEntity), the Sales entity of \(entity.rawValue)", at: at(1))
            }
            guard field(4) == entity.salesKeyAttribute else {
                throw AirlockError(
                    .usage, "key_attribute \"\(field(4))\" is not \(entity.salesKeyAttribute), the key of \(entity.salesEntity)", at: at(4))
            }
            let salesID = field(2).lowercased()
            let foKey = field(7)
            guard !salesID.isEmpty else { throw AirlockError(.usage, "sales_id is empty", at: at(2)) }
            guard !foKey.isEmpty else { throw AirlockError(.usage, "fo_key is empty", at: at(7)) }
            if let earlier = sales[entity.rawValue + "\u{0}" + salesID] {
                throw AirlockError(
                    .usage, "Sales \(entity.salesEntity) \(salesID) is linked twice: lines \(earlier) and \(line)", at: at(2))
            }
            if let earlier = fo[entity.rawValue + "\u{0}" + foKey] {
                throw AirlockError(.usage, "F&O \(foKey) is linked twice: lines \(earlier) and \(line)", at: at(7))
            }
            sales[entity.rawValue + "\u{0}" + salesID] = line
            fo[entity.rawValue + "\u{0}" + foKey] = line
            entries.append(
                KeymapEntry(
                    entity: entity, salesEntity: field(1), salesID: salesID, salesName: field(3), keyAttribute: field(4),
                    salesKeyBefore: field(5), foEntity: field(6), foKey: foKey, foName: field(8), score: Double(field(9)) ?? 0,
                    decidedBy: field(10), line: line))
        }
        return Keymap(entries: entries)
    }

    /// Writes the keymap to `path`.
    public func write(to path: String) throws {
        let writer = try CSVFileWriter(path: path, header: Self.columns)
        for entry in entries { try writer.writeRecord(Self.fields(of: entry)) }
        try writer.close()
    }

    /// `entry`'s line of the file, by `columns`.
    public static func fields(of entry: KeymapEntry) -> [String] {
        [
            entry.entity.rawValue, entry.salesEntity, entry.salesID, entry.salesName, entry.keyAttribute, entry.salesKeyBefore,
            entry.foEntity, entry.foKey, entry.foName, ScoreText.score(entry.score), entry.decidedBy,
        ]
    }
}

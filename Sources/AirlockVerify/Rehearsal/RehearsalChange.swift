import AirlockIO
import AirlockModel

/// A record a rehearsal lost or changed, as `after-import.csv` lists it.
public struct RehearsalChange: Sendable, Equatable {
    /// What happened to it.
    public enum Kind: String, Sendable {
        /// Its import failed: a new record is not in the export, an update did not land.
        case lost
        /// Someone changed a field after the import.
        case drifted
    }

    /// `F&O` or `Sales`.
    public var side: String
    public var entity: String
    /// The F&O record's key (its parts joined with `/`) or the Sales record's id.
    public var key: String
    public var kind: Kind
    /// The field changed (`drifted` only), and its value before and after.
    public var field: String = ""
    public var from: String = ""
    public var to: String = ""

    /// Writes `changes` as CSV (UTF-8 with BOM): side, entity, key, change, field, from, to.
    static func writeKey(_ changes: [RehearsalChange], to path: String) throws {
        let writer = try CSVFileWriter(
            path: path, encoding: .utf8BOM, dialect: .standard, header: ["side", "entity", "key", "change", "field", "from", "to"])
        for change in changes {
            try writer.writeRecord([change.side, change.entity, change.key, change.kind.rawValue, change.field, change.from, change.to])
        }
        try writer.close()
    }
}

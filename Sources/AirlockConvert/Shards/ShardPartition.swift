import AirlockIO
import AirlockModel

/// `partition.json`: what `airlock partition` cut the exports into, so that each shard (`convert --partition DIR
/// --shard i/N`) reads its part and the reference data alone instead of both exports whole.
///
/// The folder holds `reference/` (every table that is no tree table, whole, and the Sales schema) and `part-i/` per
/// shard (its trees' records of each tree table, each keyed by its row in the export). A shard refuses a partition
/// cut from other exports (their size and last MiB), with another key register, for another number of shards, or read with
/// other options than its own.
struct ShardPartition: Codable, Sendable {
    /// The layout of this file; a shard refuses another.
    static let formatVersion = 4

    /// An F&O entity file the conversion reads, in manifest order.
    struct FOTable: Codable, Sendable {
        /// The catalog label.
        var label: String
        /// Whether it is cut by trees (in `part-i/`) or reference data (whole, in `reference/`).
        var tree: Bool
        var records: Int
        /// The files' base name in its folder.
        var file: String
    }

    /// A section of the Sales export's `data.xml`, in document order.
    struct SalesSection: Codable, Sendable {
        var entity: String
        var tree: Bool
        var records: Int
        var file: String
    }

    /// One shard's part.
    struct Part: Codable, Sendable {
        var index: Int
        var ownedRecords: Int
        /// Bytes of its files (the reference data every shard reads beside them is `referenceBytes`).
        var bytes: Int
    }

    var format: Int
    var count: Int
    /// The exports and key register the partition was cut from, and the options it read them with: a shard must be
    /// given the same.
    var cut: ShardCutInputs
    /// The F&O export's companies in first-seen order over every entity file (what `--company` is checked against).
    var companies: [String]
    /// The Sales export's root attributes.
    var salesTimestamp: String?
    var salesAttributes: [[String]]
    /// The Sales schema, as written in the export (in `reference/`).
    var salesSchemaFile: String
    var foTables: [FOTable]
    var salesSections: [SalesSection]
    var treeRecords: Int
    var largestTree: Int
    /// Bytes of `reference/`.
    var referenceBytes: Int
    var parts: [Part]
}

import AirlockIO
import AirlockModel
import AirlockReport

/// `shard.json`: what a shard (`convert --shard i/N`) hands `airlock merge`: which shard of which run it is, and
/// its records as spool files, each row with the key that puts it back in the single run's order.
///
/// A key is `part << 44 | export row`: `part` the flow's place in the template set's run order times 64, plus one
/// and the rule's place for the records a rule generated; the export row where the record (or the record it came
/// from) stands in the whole export.
struct ShardManifest: Codable, Sendable {
    /// The layout of this file; merge refuses another.
    static let formatVersion = 2

    /// Records of one part of `to-sales.zip`: a flow's own, or those a rule generated after it.
    struct SalesPart: Codable, Sendable {
        var part: Int
        var entity: String
        /// The natural key the package marks (`updateCompare`).
        var keyFields: [String]
        /// The spool file, in the shard's spool folder, and its columns.
        var file: String
        var columns: [String]
        var records: Int
        /// The other entities the records' lookups name, sorted (`SalesImportOrder`).
        var references: [String]
    }

    /// One entity file of `to-fo.zip`: its label and columns as every shard lays them out, and this shard's rows.
    struct FOFile: Codable, Sendable {
        var label: String
        var columns: [String]
        var file: String?
        var records: Int
    }

    /// A flow's rejected records (`rejects/<flow>.csv`).
    struct Rejects: Codable, Sendable {
        var flow: String
        var file: String
        var records: Int
    }

    /// What the shard kept of the exports.
    struct Summary: Codable, Sendable {
        var treeRecords: Int
        var ownedRecords: Int
        var largestTree: Int
    }

    var format: Int
    var shard: ShardSelection
    /// The exports, as the shard read them (every shard of one run reads the same).
    var inputs: [String: FileDigest]
    /// The run's options as `report.json` records them.
    var options: ConversionReport.Options
    var company: String
    /// The SHA-256 of each schema catalog extension file the shard's catalog was loaded with, in order.
    var catalogDigests: [String]
    /// The template set the shard ran (`prospect-to-cash`, `dual-write`).
    var templateSet: String
    /// The Sales export's `timestamp`, which `to-sales.zip` carries.
    var salesTimestamp: String?
    var salesParts: [SalesPart]
    var foFiles: [FOFile]
    var rejects: [Rejects]
    /// `rejects/unresolved-lookups.csv`'s lines, when the shard has any.
    var unresolvedLookups: String?
    /// Per Sales entity, the spool of the ids of the export's records the shard holds; nil from a shard that wrote
    /// none (merge then reads the Sales export for them).
    var salesIDs: [String: String]?
    /// Per F&O entity a package line may refer to (lower-cased AOT name), the spool of the key columns of the export's
    /// records the shard holds; nil from a shard that wrote none (merge then reads the F&O export for them).
    var foKeys: [String: String]?
    var summary: Summary

    /// The ordering key of a record: see the type's description.
    static func key(part: Int, exportRow: Int) -> UInt64 { UInt64(part) << 44 | UInt64(exportRow) }
}

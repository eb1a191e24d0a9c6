import AirlockModel
import AirlockValidate

/// One package of a merge, written in a process of its own (`airlock merge --step sales|fo`) before the merge
/// (`airlock merge`) takes it as written: the two packages are independent, so the merge's work is two steps and a
/// short one, not one.
public enum ShardMergePackage: String, Sendable, CaseIterable {
    case sales
    case fo

    /// The package's file name in the run folder.
    public var fileName: String {
        switch self {
        case .sales: RunLayout.salesPackage
        case .fo: RunLayout.foPackage
        }
    }

    /// The folder of the run folder the steps write their packages into until the merge takes them (hidden: the merge's
    /// output folder may hold it).
    public static let folder = ".merge"

    /// The file a step writes beside its package.
    static let pieceFile = "piece.json"

    /// What a step wrote beside its package: the shards it merged (the SHA-256 of each one's `report.json`, in shard
    /// order), the package's SHA-256 and its validation (both nil: no package, the shards hold no record of it).
    struct Piece: Codable {
        var shards: [String]
        var package: String?
        var validation: ValidationReport?
    }
}

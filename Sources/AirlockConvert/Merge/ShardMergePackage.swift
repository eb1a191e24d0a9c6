import AirlockIO
import AirlockModel
import AirlockPackages
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

    /// What the step leaves in its folder for the merge: `fo`, the package and `piece.json`; `sales`, the package's
    /// members plain (`data_schema.xml` and `data.xml`, to be deflated in sections by `merge --step deflate` and
    /// joined by the merge) and `piece.json`.
    var stepOutputs: [String] {
        switch self {
        case .sales: [CMTPackage.schemaMember, CMTPackage.dataMember, Self.pieceFile]
        case .fo: [fileName, Self.pieceFile]
        }
    }

    /// What a step wrote beside its package: the shards it merged (the SHA-256 of each one's `report.json`, in shard
    /// order), the package's SHA-256 and its validation (both nil: no package, the shards hold no record of it); for
    /// `sales`, what its plain `data.xml` holds instead of the package's SHA-256.
    struct Piece: Codable {
        var shards: [String]
        var package: String?
        var validation: ValidationReport?
        var data: PlainData?
    }

    /// `data.xml` as `merge --step sales` wrote it plain: which file it is (`identity`, its size among it), and the
    /// size of the sections it is deflated in (`SectionedDeflater`), so that the runs `merge --step deflate` deflates
    /// from that very file join into the member the single run writes.
    struct PlainData: Codable, Equatable {
        var identity: FileIdentity
        var sectionSize: Int
    }
}

import AirlockIO
import AirlockModel
import AirlockPackages
import AirlockValidate
import Foundation

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

    /// The folder of `merge --step fo`'s folder that it writes the package's members into, plain.
    static let foMembersFolder = "package"

    /// What the step leaves in its folder for the merge: the package's members plain, to be deflated in sections by
    /// `merge --step deflate` and joined by the merge (`sales`: `data_schema.xml`, `data.xml` and
    /// `[Content_Types].xml`; `fo`: the folder `package` holding every entity file, `Manifest.xml` and
    /// `PackageHeader.xml`), the batches cut from them, each a folder of its members plain in `batches/`, and
    /// `piece.json`.
    var stepOutputs: [String] {
        switch self {
        case .sales:
            [CMTPackage.schemaMember, CMTPackage.dataMember, CMTPackage.contentTypesMember, RunLayout.batchesFolder, Self.pieceFile]
        case .fo: [Self.foMembersFolder, RunLayout.batchesFolder, Self.pieceFile]
        }
    }

    /// The folder of `stepFolder` (the package's folder of `.merge/`) holding the package's plain members.
    func plainFolder(in stepFolder: String) -> String {
        switch self {
        case .sales: stepFolder
        case .fo: stepFolder + "/" + Self.foMembersFolder
        }
    }

    /// Where the step's plain member `name` is, in `stepFolder` (the package's folder of `.merge/`).
    func memberPath(_ name: String, in stepFolder: String) -> String { plainFolder(in: stepFolder) + "/" + name }

    /// The `piece.json` the package's step wrote into `mergeFolder` (the run's `.merge/`), and its path.
    /// - Throws: `AirlockError(.usage)` when the step wrote none, or one of another build.
    func readPiece(in mergeFolder: String) throws -> (piece: Piece, path: String) {
        let path = mergeFolder + "/" + rawValue + "/" + Self.pieceFile
        guard let data = FileManager.default.contents(atPath: path) else {
            throw AirlockError(
                .usage, "no \(Self.pieceFile) of merge --step \(rawValue): run that step first", at: SourceLocation(file: path))
        }
        guard let piece = try? JSONDecoder().decode(Piece.self, from: data) else {
            throw AirlockError(
                .usage, "is not the \(Self.pieceFile) of merge --step \(rawValue) of this build: run that step again",
                at: SourceLocation(file: path))
        }
        return (piece, path)
    }

    /// The folder of `stepFolder` holding the plain members of the batch `batch` cut from the package.
    static func batchFolder(_ batch: PackageBatch, in stepFolder: String) -> String {
        batch.path(in: stepFolder + "/" + RunLayout.batchesFolder, form: .plainMembers)
    }

    /// What a step wrote beside its package's members: the shards it merged (the SHA-256 of each one's `report.json`,
    /// in shard order), the package's validation and the members deflated in sections (both nil: no package, the
    /// shards hold no record of it): `data.xml` of `sales`, every entity file of `fo`, in the package's order.
    struct Piece: Codable {
        var shards: [String]
        var validation: ValidationReport?
        var members: [PlainMember]?
        /// The limits the step cut the package's batches by (`--batch-records`), nil when it cut none.
        var batchLimits: PackageBatchLimits?
        /// The batches, in order, when the step cut them.
        var batches: [BatchPiece]?
    }

    /// A batch a step cut from its package: the batch (its size 0 until the merge zips it), its validation against
    /// the target and the batches before it, and its members deflated in sections (`data.xml`; every entity file).
    struct BatchPiece: Codable {
        var batch: PackageBatch
        var validation: ValidationReport
        var members: [PlainMember]
    }

    /// A member as its step wrote it plain: its name in the package, which file it is (`identity`, its size among it),
    /// and the size of the sections it is deflated in (`SectionedDeflater`), so that the runs `merge --step deflate`
    /// deflates from that very file join into the member the single run writes.
    struct PlainMember: Codable, Equatable {
        var name: String
        var identity: FileIdentity
        var sectionSize: Int

        /// How many sections the member is deflated in: an empty member is one empty section.
        var sectionCount: Int { max(1, Int((identity.size + Int64(sectionSize) - 1) / Int64(sectionSize))) }
    }
}

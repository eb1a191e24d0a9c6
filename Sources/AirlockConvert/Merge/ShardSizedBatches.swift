import AirlockIO
import AirlockModel
import AirlockPackages
import AirlockValidate

/// The batches `merge --step batches` cut from one package under a size limit (`--batch-mb`), as zips, for the merge
/// to take: a size limit is kept by an estimate from the package's zip, which exists only once the deflate steps
/// have run, so these batches are cut after them, from the package joined there, by the single run's own code.
///
/// Written as `batches.json` beside the zips in `.merge/<package>-batches/`.
struct ShardSizedBatches: Codable {
    /// The SHA-256 of each shard's `report.json`, in shard order: the shards the package was merged from.
    var shards: [String]
    /// The SHA-256 of the package step's `piece.json`: the package the batches were cut from.
    var piece: String
    /// The limits the batches were cut by.
    var limits: PackageBatchLimits
    /// The batches, in order, with their zips' sizes.
    var batches: [PackageBatch]
    /// Each batch's validation against the target and the batches before it.
    var validations: [ValidationReport]

    /// The file beside the zips.
    static let file = "batches.json"

    /// The folder of `.merge/` holding the batches cut from `package`.
    static func folder(of package: ShardMergePackage, in mergeFolder: String) -> String {
        mergeFolder + "/" + package.rawValue + "-" + RunLayout.batchesFolder
    }
}

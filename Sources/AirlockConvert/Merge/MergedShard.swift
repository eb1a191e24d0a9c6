import AirlockIO
import AirlockModel
import AirlockReport
import Foundation

/// One shard folder as `airlock merge` reads it: its `shard.json` and `report.json`.
struct MergedShard {
    let folder: String
    let manifest: ShardManifest
    let report: ConversionReport

    /// Reads the shard folder `folder`.
    /// - Throws: `AirlockError(.usage)` naming the folder when it is not a finished shard's.
    static func read(_ folder: String) throws -> MergedShard {
        let manifestPath = folder + "/" + RunLayout.shardManifest
        guard FileManager.default.fileExists(atPath: manifestPath) else {
            throw AirlockError(
                .usage, "not a shard folder (no \(RunLayout.shardManifest)): merge takes the folders of convert --shard i/N",
                at: SourceLocation(file: folder))
        }
        /// The one field every format of `shard.json` has, read first so that another format is named as such.
        struct Format: Decodable { var format: Int }
        let manifest: ShardManifest
        let report: ConversionReport
        do {
            let data = try Data(contentsOf: URL(fileURLWithPath: manifestPath))
            let format = try JSONDecoder().decode(Format.self, from: data).format
            guard format == ShardManifest.formatVersion else {
                throw AirlockError(
                    .usage,
                    "the shard was written by an Airlock whose shard format is \(format), not \(ShardManifest.formatVersion): convert it again",
                    at: SourceLocation(file: folder))
            }
            manifest = try JSONDecoder().decode(ShardManifest.self, from: data)
            report = try JSONDecoder().decode(
                ConversionReport.self, from: Data(contentsOf: URL(fileURLWithPath: folder + "/" + RunLayout.conversionReport)))
        } catch let error as AirlockError {
            throw error
        } catch {
            throw AirlockError(
                .io, "cannot read the shard's \(RunLayout.shardManifest) or \(RunLayout.conversionReport)",
                at: SourceLocation(file: folder), cause: SystemErrorText.of(error))
        }
        return MergedShard(folder: folder, manifest: manifest, report: report)
    }

    /// The path of a file the manifest names.
    func path(_ name: String) -> String { folder + "/" + name }
}

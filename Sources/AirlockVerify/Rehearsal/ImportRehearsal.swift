import AirlockIO
import AirlockModel
import AirlockPackages
import AirlockReport
import Foundation

/// Pretends a run's import, for training and rehearsal without the apps (`airlock sample --after-import RUN`): the
/// two exports the run read, as the systems would export them again after `to-fo.zip` and `to-sales.zip` were
/// imported, with some records lost on the way and some changed by someone since, so that `verify` and `retry`
/// have something to find.
///
/// - F&O: each entity of `to-fo.zip` is upserted into the export's file of that entity by its key (the catalog's,
///   with the company): a record the export holds takes the package's values in the columns the export has, a new
///   one is appended; an entity the export lacks (run with `--allow-missing-target`) is added as a file. The
///   export keeps its columns (a re-export with the same data project) and each file its encoding.
/// - Sales: each section of `to-sales.zip` is upserted into the export by record id: the fields the export's schema
///   has replace the record's, new ids are appended, and an entity the schema lacks is added with its schema.
/// - A side the run sent nothing to (no package) is written as the run read it: exported again unchanged.
/// - `lose` records sent are left out as if their import had failed (a new record is not there, an update did not
///   land), and `drift` records imported get a text field changed after the import (`… (edited)`); which records is
///   drawn from `seed`, and `after-import.csv` lists them, the answer key of the rehearsal.
///
/// Equal inputs give byte-identical files.
public enum ImportRehearsal {
    /// What to rehearse.
    public struct Options: Sendable, Hashable {
        /// The output folder of `airlock convert`.
        public var runDirectory: String
        /// Where to write `fo-export.zip`, `sales-export.zip` and `after-import.csv` (created if missing).
        public var outputDirectory: String
        /// Records sent whose import fails.
        public var lose: Int
        /// Records imported that someone changes after the import.
        public var drift: Int
        /// Which records are lost and changed: the same seed picks the same records.
        public var seed: UInt64

        public init(runDirectory: String, outputDirectory: String, lose: Int = 0, drift: Int = 0, seed: UInt64 = 1) {
            self.runDirectory = runDirectory
            self.outputDirectory = outputDirectory
            self.lose = lose
            self.drift = drift
            self.seed = seed
        }
    }

    /// What a rehearsal wrote.
    public struct Result: Sendable {
        /// The files written: the F&O export, the Sales export (a side the run sent nothing to as the run read it, when
        /// that export is a file), the key.
        public var paths: [String]
        /// Records sent, per side (`F&O`, `Sales`).
        public var sent: [String: Int]
        /// The records lost and changed, as `after-import.csv` lists them.
        public var changes: [RehearsalChange]
    }

    /// The answer key's file name.
    public static let answerKey = "after-import.csv"
    /// The exports' file names, as `airlock sample` names a pair.
    public static let foExport = "fo-export.zip"
    public static let salesExport = "sales-export.zip"

    /// Writes the exports after the run's import.
    /// - Throws: `AirlockError(.usage)` for a run folder `verify` would refuse, exports the run names that are not
    ///   there, or more records to lose and change than the run sent.
    public static func run(_ options: Options, catalog: SchemaCatalog) throws -> Result {
        let run = try RunFolder.open(options.runDirectory)
        let report = run.report
        let foSent = run.hasPackage(RunLayout.foPackage) ? run.file(RunLayout.foPackage) : nil
        let salesSent = run.hasPackage(RunLayout.salesPackage) ? run.file(RunLayout.salesPackage) : nil
        for (path, flag) in [(report.options.foPath, "foPath"), (report.options.salesPath, "salesPath")]
        where !FileManager.default.fileExists(atPath: path) {
            throw AirlockError(
                .usage,
                "the run's export \(path) (options.\(flag) of \(RunLayout.conversionReport)) is not there: run from the folder convert ran in",
                at: SourceLocation(file: run.file(RunLayout.conversionReport)))
        }
        // Inputs are never overwritten: an output folder that holds the exports or the run is refused.
        try StagingDirectory.checkTarget(
            options.outputDirectory, inputs: [report.options.foPath, report.options.salesPath, options.runDirectory], force: true)
        let codePage = report.options.foEncoding
        var fo = try foSent.map { try RehearsalFOSide(export: report.options.foPath, sent: $0, codePage: codePage, catalog: catalog) }
        var sales = try salesSent.map { try RehearsalSalesSide(export: report.options.salesPath, sent: $0) }
        let candidates = (fo?.candidates ?? []) + (sales?.candidates ?? [])
        let driftable = (fo?.driftable ?? []).union(sales?.driftable ?? [])
        guard options.lose + options.drift <= candidates.count else {
            throw AirlockError(
                .usage,
                "--lose \(options.lose) and --drift \(options.drift) ask for \(options.lose + options.drift) records; the run sent \(candidates.count)"
            )
        }
        let picked = RehearsalPick.pick(candidates, driftable: driftable, lose: options.lose, drift: options.drift, seed: options.seed)
        guard picked.drifted.count == options.drift else {
            throw AirlockError(
                .usage,
                "--drift \(options.drift) asks for more records than the run sent with a text field to change besides those lost (\(picked.drifted.count))"
            )
        }
        var changes: [RehearsalChange] = []
        var paths: [String] = []
        let staging = try StagingDirectory(target: options.outputDirectory, outputNames: [foExport, salesExport, answerKey])
        do {
            if fo != nil {
                changes += try fo?.write(lost: picked.lost, drifted: picked.drifted, to: staging.path(foExport)) ?? []
                paths.append(options.outputDirectory + "/" + foExport)
            }
            if sales != nil {
                changes += try sales?.write(lost: picked.lost, drifted: picked.drifted, to: staging.path(salesExport)) ?? []
                paths.append(options.outputDirectory + "/" + salesExport)
            }
            // A side the run sent nothing to is exported again as it was: the next wave reads both exports.
            for (sent, export, name) in [(foSent, report.options.foPath, foExport), (salesSent, report.options.salesPath, salesExport)]
            where sent == nil && isFile(export) {
                try FileManager.default.copyItem(atPath: export, toPath: staging.path(name))
                paths.append(options.outputDirectory + "/" + name)
            }
            try RehearsalChange.writeKey(changes, to: staging.path(answerKey))
            paths.append(options.outputDirectory + "/" + answerKey)
            try staging.commit()
        } catch {
            staging.discard()
            throw error
        }
        fo = nil
        sales = nil
        var sent: [String: Int] = [:]
        for candidate in candidates { sent[candidate.side, default: 0] += 1 }
        return Result(paths: paths, sent: sent, changes: changes)
    }

    /// Whether `path` is a file (not a folder package).
    private static func isFile(_ path: String) -> Bool {
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && !isFolder.boolValue
    }
}

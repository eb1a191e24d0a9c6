import AirlockIO
import AirlockModel
import AirlockPackages
import AirlockReport
import Foundation

/// Pretends a run's import, for training and rehearsal without the apps (`airlock sample --after-import RUN`): the
/// two exports the run read, as the systems would export them again after `to-fo.zip` and `to-sales.zip` were
/// imported, with some records lost on the way and some changed by someone since, so that `verify` and `retry`
/// have something to find. A retry's output folder is rehearsed alike (`RehearsedImport`): its packages imported
/// into the exports after the import before it (those the verify it was made from read, or those named), which
/// rehearses the runbook's second verify.
///
/// - F&O: each entity of `to-fo.zip` is upserted into the export's file of that entity by its key (the catalog's,
///   with the company): a record the export holds takes the package's values in the columns the export has, a new
///   one is appended; an entity the export lacks (run with `--allow-missing-target`) is added as a file. The
///   export keeps its columns (a re-export with the same data project) and each file its encoding.
/// - Sales: each section of `to-sales.zip` is upserted into the export by record id: the fields the export's schema
///   has replace the record's, new ids are appended, and an entity the schema lacks is added with its schema.
/// - A side the run sent nothing to (no package) is written as the run read it: exported again unchanged (for a
///   retry, as the import before it left it, when that export is known).
/// - `lose` records sent are left out as if their import had failed (a new record is not there, an update did not
///   land), and `drift` records imported get a text field changed after the import (`… (edited)`); which records is
///   drawn from `seed`, and `after-import.csv` lists them, the answer key of the rehearsal. A record the export holds
///   already with the values sent (a retry's parents, which landed before) is never lost: nothing would show it.
///
/// Equal inputs give byte-identical files.
public enum ImportRehearsal {
    /// What to rehearse.
    public struct Options: Sendable, Hashable {
        /// The folder whose packages are imported: the output folder of `airlock convert`, or of `airlock retry`.
        public var packagesDirectory: String
        /// Where to write `fo-export.zip`, `sales-export.zip` and `after-import.csv` (created if missing).
        public var outputDirectory: String
        /// Records sent whose import fails.
        public var lose: Int
        /// Records imported that someone changes after the import.
        public var drift: Int
        /// Which records are lost and changed: the same seed picks the same records.
        public var seed: UInt64
        /// The F&O export the packages are imported into; nil: the one the conversion read, or for a retry the one the
        /// verify it was made from read.
        public var foExportBefore: String?
        /// The Sales export the packages are imported into; nil: likewise.
        public var salesExportBefore: String?

        public init(
            packagesDirectory: String, outputDirectory: String, lose: Int = 0, drift: Int = 0, seed: UInt64 = 1,
            foExportBefore: String? = nil, salesExportBefore: String? = nil
        ) {
            self.packagesDirectory = packagesDirectory
            self.outputDirectory = outputDirectory
            self.lose = lose
            self.drift = drift
            self.seed = seed
            self.foExportBefore = foExportBefore
            self.salesExportBefore = salesExportBefore
        }
    }

    /// What a rehearsal wrote.
    public struct Result: Sendable {
        /// The files written: the F&O export, the Sales export (a side sent nothing as it was before, when that export
        /// is a file), the key.
        public var paths: [String]
        /// Records sent, per side (`F&O`, `Sales`).
        public var sent: [String: Int]
        /// The records lost and changed, as `after-import.csv` lists them.
        public var changes: [RehearsalChange]
        /// The conversion's output folder, `verify`'s `--run`: the folder rehearsed, or the one a retry folder retried.
        public var runDirectory: String
        /// Whether the folder rehearsed is a retry's.
        public var isRetry: Bool
        /// The exports written that `verify` reads, per side (`F&O`, `Sales`): those the conversion sent a package to.
        public var exportsToVerify: [String: String]
    }

    /// Refuses `--lose` and `--drift` asking for more records than `sender` sent, or `--lose` for more than it sent that
    /// the export does not already hold as sent (`held`).
    private static func checkAsked(_ options: Options, sent: Int, held: Int, sender: String) throws {
        guard options.lose + options.drift <= sent else {
            throw AirlockError(
                .usage,
                "--lose \(options.lose) and --drift \(options.drift) ask for \(options.lose + options.drift) records; \(sender) sent \(sent)"
            )
        }
        guard options.lose <= sent - held else {
            throw AirlockError(
                .usage,
                "--lose \(options.lose) asks for more records than \(sender) sent that the export does not already hold as sent (\(sent - held))"
            )
        }
    }

    /// Writes the exports after the import of the folder's packages.
    /// - Throws: `AirlockError(.usage)` for a folder that is neither a conversion's `verify` would take nor a retry's,
    ///   exports that are not there or not known, an output folder holding an input, or more records to lose and
    ///   change than were sent.
    public static func run(_ options: Options, catalog: SchemaCatalog) throws -> Result {
        let imported = try RehearsedImport.open(
            options.packagesDirectory, foExport: options.foExportBefore, salesExport: options.salesExportBefore)
        // Inputs are never overwritten: an output folder that holds the exports, the run or the retry is refused.
        try StagingDirectory.checkTarget(options.outputDirectory, inputs: imported.inputs, force: true)
        let codePage = imported.run.report.options.foEncoding
        var fo: RehearsalFOSide?
        if let sent = imported.foPackage, let export = imported.foExport {
            fo = try RehearsalFOSide(export: export, sent: sent, codePage: codePage, catalog: catalog)
        }
        var sales: RehearsalSalesSide?
        if let sent = imported.salesPackage, let export = imported.salesExport {
            sales = try RehearsalSalesSide(export: export, sent: sent)
        }
        let candidates = (fo?.candidates ?? []) + (sales?.candidates ?? [])
        let held = (fo?.held ?? []).union(sales?.held ?? [])
        let driftable = (fo?.driftable ?? []).union(sales?.driftable ?? [])
        try checkAsked(options, sent: candidates.count, held: held.count, sender: imported.sender)
        let picked = RehearsalPick.pick(
            candidates, held: held, driftable: driftable, lose: options.lose, drift: options.drift, seed: options.seed)
        guard picked.drifted.count == options.drift else {
            throw AirlockError(
                .usage,
                "--drift \(options.drift) asks for more records than \(imported.sender) sent with a text field to change besides those lost (\(picked.drifted.count))"
            )
        }
        var changes: [RehearsalChange] = []
        var paths: [String] = []
        var exportsToVerify: [String: String] = [:]
        let staging = try StagingDirectory(
            target: options.outputDirectory, outputNames: [RunLayout.foExport, RunLayout.salesExport, RunLayout.afterImportKey])
        do {
            if fo != nil {
                changes += try fo?.write(lost: picked.lost, drifted: picked.drifted, to: staging.path(RunLayout.foExport)) ?? []
                paths.append(options.outputDirectory + "/" + RunLayout.foExport)
            }
            if sales != nil {
                changes += try sales?.write(lost: picked.lost, drifted: picked.drifted, to: staging.path(RunLayout.salesExport)) ?? []
                paths.append(options.outputDirectory + "/" + RunLayout.salesExport)
            }
            // A side sent nothing is exported again as it was: the next wave (or verify) reads both exports.
            for (sent, export, name) in [
                (imported.foPackage, imported.foExport, RunLayout.foExport),
                (imported.salesPackage, imported.salesExport, RunLayout.salesExport),
            ] {
                guard sent == nil, let export, isFile(export) else { continue }
                try FileManager.default.copyItem(atPath: export, toPath: staging.path(name))
                paths.append(options.outputDirectory + "/" + name)
            }
            for (side, package, name) in [
                ("F&O", RunLayout.foPackage, RunLayout.foExport), ("Sales", RunLayout.salesPackage, RunLayout.salesExport),
            ]
            where imported.run.hasPackage(package) && paths.contains(options.outputDirectory + "/" + name) {
                exportsToVerify[side] = options.outputDirectory + "/" + name
            }
            try RehearsalChange.writeKey(changes, to: staging.path(RunLayout.afterImportKey))
            paths.append(options.outputDirectory + "/" + RunLayout.afterImportKey)
            try staging.commit()
        } catch {
            staging.discard()
            throw error
        }
        fo = nil
        sales = nil
        var sent: [String: Int] = [:]
        for candidate in candidates { sent[candidate.side, default: 0] += 1 }
        return Result(
            paths: paths, sent: sent, changes: changes, runDirectory: imported.run.path, isRetry: imported.retryDirectory != nil,
            exportsToVerify: exportsToVerify)
    }

    /// Whether `path` is a file (not a folder package).
    private static func isFile(_ path: String) -> Bool {
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && !isFolder.boolValue
    }
}

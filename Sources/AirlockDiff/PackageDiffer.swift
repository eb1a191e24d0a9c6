import AirlockCatalog
import AirlockIO
import AirlockModel
import AirlockPackages
import Foundation

/// `airlock diff`: compares two exports of the same side taken at different times, record by natural key, and
/// writes `delta.zip` (a package of the same kind holding only the created and changed records), `deleted.csv`
/// (the keys that disappeared, for review: never applied) and `diff.json` (the counts) into the output folder.
///
/// Streaming: the old export becomes a key index (key, digest of the values, a fingerprint per value; no records),
/// the new export streams against it and its created and changed records go to the delta as they come. Outputs are
/// staged inside the output folder and renamed into place only when all are written.
public enum PackageDiffer {
    /// The `Description` of an F&O delta's `PackageHeader.xml`: what marks the package as a delta, not an export.
    public static let deltaDescription =
        "Airlock delta: only the records created or changed between two exports (airlock diff); not a full export"

    /// Runs a diff.
    /// A key repeated within one export is no error: exact copies count once, and a key with different records is
    /// ambiguous, its records carried by the rule in docs/diff.md ("Repeated keys"), each named in a warning.
    /// - Throws: `AirlockError` for bad options or unreadable input (exit 2): an input that is missing or not a
    ///   package, inputs of two kinds, an output folder that is not empty (without `force`) or holds an input;
    ///   `AirlockError(.accountingIdentity)` if an entity's counts do not add up.
    public static func run(_ options: PackageDiffOptions, catalog: SchemaCatalog) throws -> DiffReport {
        try run(options, catalogFor: { _ in catalog })
    }

    /// Runs a diff, asking `catalogFor` for the catalog once the exports' kind is known, so that a caller can load
    /// that side's alone (an F&O diff reads the F&O entities' keys; a Configuration Migration diff takes its keys
    /// from the package's schema, but is still given its side's catalog, so that extension files are checked).
    /// - Throws: as `run(_:catalog:)`, and what `catalogFor` throws.
    public static func run(_ options: PackageDiffOptions, catalogFor: (PackageKind) throws -> SchemaCatalog) throws -> DiffReport {
        let (oldKind, oldSource) = try open(options.oldPath, option: "--old")
        let (newKind, newSource) = try open(options.newPath, option: "--new")
        guard oldKind == newKind else {
            throw AirlockError(
                .usage,
                "--old is a \(oldKind.displayName) and --new a \(newKind.displayName); diff compares two exports of the same kind")
        }
        try StagingDirectory.checkTarget(options.outputDirectory, inputs: [options.oldPath, options.newPath], force: options.force)
        // The inputs' digests (for diff.json and the ledger) are taken on a thread of their own while the catalog
        // loads and the entities are diffed.
        let inputs = BackgroundTask { [old = options.oldPath, new = options.newPath] in
            DiffReport.Inputs(old: try FileDigest.of(old, as: old), new: try FileDigest.of(new, as: new))
        }
        let staging = try StagingDirectory(target: options.outputDirectory, outputNames: RunLayout.diffOutputs)
        do {
            let report = try run(
                options, kind: newKind, old: oldSource, new: newSource, inputs: inputs, catalogFor: catalogFor, staging: staging)
            try staging.commit()
            return report
        } catch {
            staging.discard()
            throw error
        }
    }

    private static func run(
        _ options: PackageDiffOptions, kind: PackageKind, old: PackageSource, new: PackageSource, inputs: BackgroundTask<DiffReport.Inputs>,
        catalogFor: (PackageKind) throws -> SchemaCatalog, staging: StagingDirectory
    ) throws -> DiffReport {
        let work = ".work"
        try staging.makeFolder(work)
        let deltaPath = staging.path(RunLayout.deltaPackage)
        var outcome: DiffOutcome
        switch kind {
        case .fo:
            outcome = try FODiffer.run(
                old: FOPackageReader(source: old), new: FOPackageReader(source: new), catalog: catalogFor(.fo), keys: options.keys,
                deltaPath: deltaPath, workFolder: staging.path(work))
        case .cmt:
            _ = try catalogFor(.cmt)
            outcome = try CMTDiffer.run(
                old: CMTPackageReader(source: old), new: CMTPackageReader(source: new), deltaPath: deltaPath,
                workFolder: staging.path(work))
        }
        staging.remove(work)
        for entity in outcome.entities where !entity.identitiesHold {
            throw AirlockError(
                .accountingIdentity,
                "\(entity.entity): the counts do not add up (old \(entity.old), new \(entity.new), created \(entity.created), changed \(entity.changed), unchanged \(entity.unchanged), deleted \(entity.deleted), exact copies \(entity.duplicates.old) old and \(entity.duplicates.new) new, ambiguous keys \(entity.ambiguous.keys) with \(entity.ambiguous.old) old and \(entity.ambiguous.new) new records)"
            )
        }
        try DeleteListWriter.write(outcome.deleted, to: staging.path(RunLayout.deletedList))
        var report = DiffReport(kind: kind, inputs: try inputs.result(), entities: outcome.entities, warnings: outcome.warnings)
        for name in [RunLayout.deltaPackage, RunLayout.deletedList] {
            report.outputs[name] = try FileDigest.of(staging.path(name), as: name)
        }
        try staging.write(Data((try report.jsonText() + "\n").utf8), to: RunLayout.diffReport)
        return report
    }

    /// The kind of package at `path` and the source to read it from.
    private static func open(_ path: String, option: String) throws -> (PackageKind, PackageSource) {
        guard FileManager.default.fileExists(atPath: path) else {
            throw AirlockError(.usage, "\(option) \(path): no such file or folder")
        }
        let located = try PackageDetector.locate(try openPackageSource(path: path))
        return (located.kind, located.source)
    }
}

import Foundation

extension ConvertPipeline {
    /// How a run uses its key register, and the path `report.json` records as read.
    struct KeyRegisterAccess {
        var use: KeyRegisterUse
        /// The register's path when it holds a line (`ConversionOptions.keyRegister`), else nil.
        var recorded: String?
    }

    /// The migration folder whose register (and ledger) a run uses: `--out`'s parent; for a shard's folder inside a run
    /// folder (`RUN/shards/shard-0`) and for a partition's (`RUN/partition`, also the reference flows' step's
    /// `--partition`, which reads the register the shards read), the run folder's parent. Nil without `--out`.
    static func registerMigrationFolder(_ options: ConvertOptions) -> String? {
        let folderGiven = options.referenceFlows ? options.conversion.partition : options.conversion.outputDirectory
        guard let out = folderGiven else { return nil }
        let folder = URL(fileURLWithPath: out).standardizedFileURL
        if options.conversion.shard != nil, folder.deletingLastPathComponent().lastPathComponent == RunLayout.shardsFolder {
            return folder.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
        }
        if options.conversion.shard == nil, folder.lastPathComponent == RunLayout.partitionFolder {
            return folder.deletingLastPathComponent().deletingLastPathComponent().path
        }
        return MigrationLedger.folder(containing: out)
    }

    /// How the run uses its key register (docs/ledger.md, "The key register"): the register beside the ledger the run's
    /// entry goes to, read (a plan, a dry run, a shard), or opened and locked by the conversion until it has appended to
    /// it (a run that writes its packages), each time checked against what the ledger recorded of it. Off with
    /// `--no-ledger`; none for a run without `--out`.
    /// - Throws: the register's refusals (a line that does not read, a broken chain, a register the ledger says was
    ///   changed), naming the file and line.
    static func keyRegisterAccess(_ options: ConvertOptions) throws -> KeyRegisterAccess {
        guard options.ledger.enabled else { return KeyRegisterAccess(use: .off) }
        guard let folder = registerMigrationFolder(options),
            let (path, ledger) = MigrationKeyRegister.path(options.ledger, migrationFolder: folder)
        else { return KeyRegisterAccess(use: .none) }
        let recorded = ((try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0) > 0 ? path : nil
        let writes = !options.plan && !options.conversion.dryRun && options.conversion.shard == nil
        guard writes, let out = options.conversion.outputDirectory else {
            let register = try MigrationKeyRegister.read(options.ledger, migrationFolder: folder) ?? KeyRegister(path: path)
            return KeyRegisterAccess(use: .read(register), recorded: recorded)
        }
        let registerFolder = URL(fileURLWithPath: path).deletingLastPathComponent().standardizedFileURL.path
        return KeyRegisterAccess(
            use: .append(
                path: path, run: LedgerRecorder.relative(out, to: registerFolder),
                check: { register in try KeyRegisterLedgerCheck.check(register, ledger: ledger) }),
            recorded: recorded)
    }
}

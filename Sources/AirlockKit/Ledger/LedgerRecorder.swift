import Foundation

/// Enters a run in the migration ledger: what it read and wrote, its counts and exit code, appended to the ledger its
/// options name. The verbs (`convert`, `verify`, `retry`, `diff`) call it through `LedgeredRun`, the one wrapper they
/// share; a library client's own tool can call it directly.
public enum LedgerRecorder {
    /// Appends the entry of a run to the ledger of `migrationFolder` (or `options.path`).
    ///
    /// Paths of `inputs`, `outputs` and `outputDirectory` are as the run knows them (relative to the working folder
    /// or absolute); the entry holds them relative to the ledger's folder when inside it, else absolute. Nothing is
    /// written when the ledger is off, or when no `--ledger` was given and the migration folder does not exist (a
    /// run that failed before making its output folder's parent).
    /// - Parameters:
    ///   - command: the verb (`convert`).
    ///   - startedAt: when the run started; it finishes now.
    ///   - counts: the run's totals by name (empty for a run that failed before counting).
    ///   - exitCode: the status the run exits with; `outcome` says it in words.
    /// - Returns: a warning for standard error when the ledger could not be written (the run's result stands), or nil.
    @discardableResult
    public static func record(
        command: String, options: LedgerOptions, migrationFolder: String, startedAt: Date, inputs: [LedgerFile], outputs: [LedgerFile],
        outputDirectory: String?, counts: [String: Int], exitCode: Int32, outcome: String, keyRegister: LedgerKeyRegister? = nil
    ) -> String? {
        guard let path = options.file(in: migrationFolder) else { return nil }
        if options.path == nil {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: migrationFolder, isDirectory: &isFolder), isFolder.boolValue else { return nil }
        }
        let ledgerFolder = URL(fileURLWithPath: path).standardizedFileURL.deletingLastPathComponent().path
        func shown(_ file: LedgerFile) -> LedgerFile {
            var file = file
            file.path = relative(file.path, to: ledgerFolder)
            return file
        }
        let info = ProcessInfo.processInfo
        let entry = LedgerEntry(
            command: command, arguments: options.arguments, workingDirectory: FileManager.default.currentDirectoryPath,
            user: info.userName, host: info.hostName, startedAt: MigrationLedger.timestamp(startedAt),
            finishedAt: MigrationLedger.timestamp(Date()), outputDirectory: outputDirectory.map { relative($0, to: ledgerFolder) },
            inputs: inputs.map(shown), outputs: outputs.map(shown), counts: counts, exitCode: exitCode,
            outcome: outcome.split(whereSeparator: \.isNewline).joined(separator: " "),
            keyRegister: keyRegister.map {
                LedgerKeyRegister(path: relative($0.path, to: ledgerFolder), lines: $0.lines, sha256: $0.sha256)
            })
        do {
            try MigrationLedger.append(entry, to: path)
            return nil
        } catch {
            return "warning: the run was not entered in the migration ledger: \(error)"
        }
    }

    /// The exit code a thrown error gives on the command line: 2 for an `AirlockError`, else 1.
    public static func exitCode(for error: Error) -> Int32 {
        error is AirlockError ? ExitStatus.usageOrEnvironmentError.rawValue : ExitStatus.dataErrors.rawValue
    }

    /// A report's digests as the ledger's files, under their names, each path joined to `folder` when given (the
    /// report names outputs relative to its folder), in name order.
    public static func files(_ digests: [String: FileDigest], in folder: String? = nil) -> [LedgerFile] {
        digests.sorted { $0.key < $1.key }.map { name, digest in
            var file = LedgerFile(role: name, digest: digest)
            if let folder { file.path = folder + "/" + digest.path }
            return file
        }
    }

    /// The files named `names` in `folder` that exist, digested now.
    public static func files(named names: [String], in folder: String) -> [LedgerFile] {
        names.compactMap { name in
            let path = folder + "/" + name
            guard FileManager.default.fileExists(atPath: path) else { return nil }
            return LedgerFile.digesting(path, role: name)
        }
    }

    /// `path` relative to `folder` when inside it, else absolute.
    static func relative(_ path: String, to folder: String) -> String {
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        if absolute.hasPrefix(prefix) { return String(absolute.dropFirst(prefix.count)) }
        return absolute == folder ? "." : absolute
    }
}

import AirlockCatalog
import AirlockIO
import AirlockMapping
import AirlockModel
import AirlockPackages
import AirlockReconcile
import AirlockReport
import Foundation

/// `airlock verify`: reads a conversion's output folder and the exports of the targets taken after the import, and
/// says record by record what landed: present with the values sent, present with different values (naming the
/// fields), or missing (docs/verify.md).
///
/// Of the packages' records only a key index is held (the key `convert` matched them on), with a digest of each
/// record's values (their values go to a work file, read back for the records that did not land); the exports are
/// streamed past it, so memory grows with the number of records sent, not with the exports or the values. Outputs are staged in a hidden folder inside the output
/// folder (`StagingDirectory`, as `convert` and `diff` do) and renamed into place when all are written.
public enum Verifier {
    /// The columns of `missing.csv`; `drifted.csv` adds `driftedColumns`.
    public static let missingColumns = ["flow", "side", "entity", "key", "id"]
    public static let driftedColumns = missingColumns + ["field", "sent", "found"]

    /// Runs a verification.
    /// - Parameters:
    ///   - register: the migration's key register: every key it says F&O holds is looked for in the F&O export.
    ///   - progress: told what is happening, a line at a time (for a terminal).
    /// - Throws: `AirlockError` (exit 2) for bad options or input, naming the file, entity, record or field.
    public static func run(
        _ options: VerificationOptions, catalog: SchemaCatalog, register: KeyRegister? = nil,
        progress: @escaping @Sendable (String) -> Void = { _ in }
    ) throws -> VerificationResult {
        guard options.foPath != nil || options.salesPath != nil else {
            throw AirlockError(
                .usage, "give the export taken after the import: --fo (F&O data package), --sales (Configuration Migration package) or both"
            )
        }
        let given = try givenLocale(options)
        let run = try RunFolder.open(options.runDirectory)
        let locale = given ?? run.report.options.foLocale.flatMap(FOLocale.init(name:))
        let foSource = try options.foPath.map { try exportSource($0, kind: .fo, option: "--fo", run: run) }
        let salesSource = try options.salesPath.map { try exportSource($0, kind: .cmt, option: "--sales", run: run) }
        let output = options.resolvedOutputDirectory
        try StagingDirectory.checkTarget(
            output, inputs: [run.file(RunLayout.conversionReport), options.foPath, options.salesPath].compactMap { $0 },
            force: options.force)
        // The digests of the exports are taken on what the reading leaves idle of the cores.
        let exportPaths = ["fo": options.foPath, "sales": options.salesPath].compactMapValues { $0 }
        let digests = BackgroundTask(lowPriority: true) { try exportPaths.mapValues { try FileDigest.of($0) } }
        let folder = try StagingDirectory(target: output, outputNames: RunLayout.verificationOutputs)
        do {
            // The two sides share nothing: F&O (to-fo.zip, then the F&O export) on a thread of its own, Sales
            // (to-sales.zip, then the Sales export) on this one; each writes its own drifted rows. The F&O side runs
            // at background priority, on what the Sales side leaves idle: the Sales export's parser is the longest
            // chain, and it finishes later when the F&O side takes the cores from it early (as convert reads the
            // smaller export).
            progress(
                "reading \(RunLayout.foPackage)\(options.foPath.map { " and " + $0 } ?? "") beside \(RunLayout.salesPackage)\(options.salesPath.map { " and " + $0 } ?? "")"
            )
            let foPart = folder.path(".drifted-fo.part")
            let salesPart = folder.path(".drifted-sales.part")
            let foSpool = folder.path(".sent-fo.spool")
            let salesSpool = folder.path(".sent-sales.spool")
            let foWork = BackgroundTask(lowPriority: true) { [run] in
                try VerificationSide.fo(
                    run: run, catalog: catalog, export: foSource, locale: locale, driftPart: foPart, spoolPath: foSpool)
            }
            let salesSide = Result {
                try VerificationSide.sales(run: run, export: salesSource, driftPart: salesPart, spoolPath: salesSpool)
            }
            // An error of the F&O side is reported first, as a sequential run (F&O, then Sales) would.
            let foSide = try foWork.result()
            let sent = SentPackages(company: run.report.company, fo: foSide.entities, sales: try salesSide.get().entities)
            var warnings = foSide.warnings + (try salesSide.get().warnings)
            progress("writing \(output)")
            var inputs = run.digests
            for (name, digest) in try digests.result() { inputs[name] = digest }
            var report = VerificationTally.report(
                run: run, sent: sent, options: options, sides: (fo: foSource != nil, sales: salesSource != nil), inputs: inputs,
                warnings: &warnings)
            if let register, !register.isEmpty {
                try addRegisteredKeys(register, export: foSource, company: run.report.company, catalog: catalog, to: &report, in: folder)
            }
            try writeLists(sent, driftedParts: [foPart, salesPart], to: &report, in: folder)
            report.warnings = warnings
            try folder.write(report.jsonData(), to: RunLayout.verificationReport)
            let page = ReportPage.html(verification: report, examples: ReportPage.verificationExamples(in: folder.staging))
            try folder.write(Data(page.utf8), to: RunLayout.verificationPage)
            try folder.commit()
            return VerificationResult(report: report, outputDirectory: URL(fileURLWithPath: folder.target).standardizedFileURL.path)
        } catch {
            folder.discard()
            _ = try? digests.result()
            throw error
        }
    }

    /// The locale `--fo-locale` names, nil when it names none.
    /// - Throws: `AirlockError(.usage)` for a locale Airlock does not know.
    private static func givenLocale(_ options: VerificationOptions) throws -> FOLocale? {
        guard let name = options.foLocale else { return nil }
        guard let known = FOLocale(name: name) else {
            let all = FOLocale.allCases.map(\.rawValue).joined(separator: ", ")
            throw AirlockError(.usage, "--fo-locale names an unknown locale '\(name)'; the locales are \(all)")
        }
        return known
    }

    /// Adds to `report` the keys of the key register looked for in the F&O export, its verdict again with them, and
    /// the list of those missing (`missing-keys.csv`) when there is one.
    private static func addRegisteredKeys(
        _ register: KeyRegister, export: PackageSource?, company: String, catalog: SchemaCatalog, to report: inout VerificationReport,
        in folder: StagingDirectory
    ) throws {
        let (keys, missing) = try registeredKeys(register, export: export, company: company, catalog: catalog)
        report.registeredKeys = keys
        report.verdict = VerificationReport.verdict(report.totals, notProven: report.notProven)
        if let missing {
            try writeMissingKeys(missing, to: folder.path(RunLayout.missingKeysList))
            report.outputs[RunLayout.missingKeysList] = try FileDigest.of(
                folder.path(RunLayout.missingKeysList), as: RunLayout.missingKeysList)
        }
    }

    /// Writes `missing.csv` and `drifted.csv` (from both sides' parts, which go), adding their digests to `report`.
    private static func writeLists(
        _ sent: SentPackages, driftedParts parts: [String], to report: inout VerificationReport, in folder: StagingDirectory
    ) throws {
        try writeMissing(sent, to: folder.path(RunLayout.missingList))
        try writeDrifted(parts: parts, to: folder.path(RunLayout.driftedList))
        for part in parts { try? FileManager.default.removeItem(atPath: part) }
        report.outputs[RunLayout.missingList] = try FileDigest.of(folder.path(RunLayout.missingList), as: RunLayout.missingList)
        report.outputs[RunLayout.driftedList] = try FileDigest.of(folder.path(RunLayout.driftedList), as: RunLayout.driftedList)
    }

    /// The package at `path`, which must be of `kind` and not a package the conversion wrote.
    private static func exportSource(_ path: String, kind: PackageKind, option: String, run: RunFolder) throws -> PackageSource {
        let located = try PackageDetector.locate(openPackageSource(path: path))
        guard located.kind == kind else {
            let what =
                kind == .fo
                ? "give the F&O data package exported after importing \(RunLayout.foPackage)"
                : "give the Configuration Migration package exported after importing \(RunLayout.salesPackage)"
            throw AirlockError(.usage, "\(option) names \(located.kind.displayName); \(what)", at: SourceLocation(file: path))
        }
        let given = URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
        for name in [RunLayout.foPackage, RunLayout.salesPackage] {
            let package = URL(fileURLWithPath: run.file(name)).standardizedFileURL.resolvingSymlinksInPath().path
            if given == package {
                throw AirlockError(
                    .usage, "\(option) names the package the conversion sent, not an export of the target taken after importing it",
                    at: SourceLocation(file: path))
            }
        }
        return located.source
    }

    /// The columns of `missing-keys.csv`.
    public static let missingKeysColumns = ["entity", "id", "key", "fo_entity", "fo_field", "run", "found"]

    /// The register's keys looked for in the F&O export (when given), and the keys not found or not checked, for
    /// `missing-keys.csv` (nil when none was looked for).
    private static func registeredKeys(_ register: KeyRegister, export: PackageSource?, company: String, catalog: SchemaCatalog) throws
        -> (VerificationReport.RegisteredKeys, [(entry: KeyRegisterEntry, found: String)]?)
    {
        guard let export else {
            var entities: [String: VerificationReport.RegisteredKeys.Counts] = [:]
            for entity in register.entities {
                let identities = register.identities(of: entity).count
                let inFO = register.recordsInFO.filter { $0.entity == entity }.count
                entities[entity] = .init(registered: inFO, found: 0, notFound: 0, notChecked: inFO, notSent: identities - inFO)
            }
            return (.init(register: register.path, checked: false, entities: entities, entitiesNotInExport: []), nil)
        }
        let outcome = try RegisteredKeyCheck.run(register, export: export, company: company, catalog: catalog)
        let entities = outcome.counts.mapValues {
            VerificationReport.RegisteredKeys.Counts(
                registered: $0.registered, found: $0.found, notFound: $0.notFound, notChecked: $0.notChecked, notSent: $0.notSent)
        }
        var absent: [String] = []
        for entry in outcome.notChecked where !absent.contains(entry.fo ?? "") { absent.append(entry.fo ?? "") }
        let missing = (outcome.notFound.map { ($0, "no") } + outcome.notChecked.map { ($0, "not checked") }).sorted {
            $0.0.line < $1.0.line
        }
        return (.init(register: register.path, checked: true, entities: entities, entitiesNotInExport: absent), missing)
    }

    /// `missing-keys.csv`: each registered key the F&O export does not hold (`found` `no`) or whose entity it lacks
    /// (`not checked`), in register order.
    private static func writeMissingKeys(_ keys: [(entry: KeyRegisterEntry, found: String)], to path: String) throws {
        let csv = try CSVFileWriter(path: path, header: missingKeysColumns)
        for (entry, found) in keys {
            try csv.writeRecord([entry.entity, entry.id, entry.key, entry.fo ?? "", entry.foField ?? "", entry.run, found])
        }
        try csv.close()
    }

    /// `missing.csv`: every sent record of a verified entity that the export does not hold, in package order.
    private static func writeMissing(_ sent: SentPackages, to path: String) throws {
        let csv = try CSVFileWriter(path: path, header: missingColumns)
        for entity in sent.fo + sent.sales where entity.verified {
            for row in 0..<entity.rowCount where entity.outcomes[row] == .notFound {
                try csv.writeRecord([
                    entity.flow(of: row), entity.side.rawValue, entity.name, sent.keyText(entity, row: row),
                    SentPackages.recordID(entity, row: row),
                ])
            }
        }
        try csv.close()
    }

    /// `drifted.csv`: the header, then the rows each side wrote as its export was read, F&O first.
    private static func writeDrifted(parts: [String], to path: String) throws {
        let csv = try CSVFileWriter(path: path, header: driftedColumns)
        for part in parts {
            guard let handle = FileHandle(forReadingAtPath: part) else {
                throw AirlockError(.io, "cannot read the drifted records written", at: SourceLocation(file: part))
            }
            defer { try? handle.close() }
            while true {
                let chunk = handle.readData(ofLength: 1 << 20)
                if chunk.isEmpty { break }
                try chunk.withUnsafeBytes { try csv.appendEncoded($0) }
            }
        }
        try csv.close()
    }
}

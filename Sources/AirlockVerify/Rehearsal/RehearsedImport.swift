import AirlockIO
import AirlockModel
import AirlockReport
import Foundation

/// What a rehearsal (`ImportRehearsal`) imports, and into what exports: the packages of a conversion's output folder
/// into the exports the conversion read (its `report.json`), or the packages of a retry's output folder (it holds
/// `retry.json`) into the exports after the import before the retry, which the verify the retry was made from read
/// (`--from-verify`: the `verify.json` beside the list, when it is the report of the verify that wrote the list).
/// Exports the user names take the place of either; a retry made from the importers' error files alone knows no
/// verify, so it must be told them.
struct RehearsedImport {
    /// The names one side goes by.
    private struct Side {
        /// The option that names its export (`--fo`).
        var option: String
        /// Its export's field in `report.json`'s and `verify.json`'s options (`foPath`).
        var field: String
        /// Its package (`to-fo.zip`).
        var package: String
        /// Its export's key in `verify.json`'s inputs (`fo`).
        var input: String
        /// Its name in messages (`F&O`).
        var label: String

        static let fo = Side(option: "--fo", field: "foPath", package: RunLayout.foPackage, input: "fo", label: "F&O")
        static let sales = Side(option: "--sales", field: "salesPath", package: RunLayout.salesPackage, input: "sales", label: "Sales")

        /// The export of this side that `options` name.
        func export(of options: VerificationReport.Options) -> String? { input == Self.fo.input ? options.foPath : options.salesPath }
    }

    /// The conversion whose packages, or a retry of them, are imported.
    let run: RunFolder
    /// The retry's output folder, when the folder rehearsed is one.
    let retryDirectory: String?
    /// The packages imported; nil for a side sent nothing.
    let foPackage: String?
    let salesPackage: String?
    /// The exports they are imported into; nil for a side a retry sends nothing to whose export is not known.
    let foExport: String?
    let salesExport: String?
    /// The files and folders read, which the output folder must not hold.
    let inputs: [String]

    /// What sent the packages, in messages: `the run` or `the retry`.
    var sender: String { retryDirectory == nil ? "the run" : "the retry" }

    /// Opens `folder`: a retry's output folder when it holds `retry.json`, else a conversion's.
    /// - Parameters:
    ///   - foExport: the F&O export to import into, instead of the one the folder's reports name.
    ///   - salesExport: the Sales export, likewise.
    /// - Throws: `AirlockError(.usage)` in one line naming the file: a folder of neither verb, a package changed since
    ///   it was written, an export not there or changed since verify read it, a retry whose exports are not known.
    static func open(_ folder: String, foExport: String?, salesExport: String?) throws -> RehearsedImport {
        var isFolder: ObjCBool = false
        let manager = FileManager.default
        guard manager.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue,
            manager.fileExists(atPath: folder + "/" + RunLayout.retryReport)
                || manager.fileExists(atPath: folder + "/" + RunLayout.conversionReport)
        else {
            throw AirlockError(
                .usage,
                "--after-import must name the output folder of airlock convert (it holds \(RunLayout.conversionReport)) or of airlock retry (\(RunLayout.retryReport))",
                at: SourceLocation(file: folder))
        }
        if manager.fileExists(atPath: folder + "/" + RunLayout.retryReport) {
            return try retry(folder, given: [foExport, salesExport])
        }
        let run = try RunFolder.open(folder)
        let reportPath = run.file(RunLayout.conversionReport)
        var exports: [String] = []
        for (side, given, read) in [
            (Side.fo, foExport, run.report.options.foPath), (Side.sales, salesExport, run.report.options.salesPath),
        ] {
            exports.append(
                try given.map { try existing($0, namedBy: side.option, in: nil, hint: "") }
                    ?? existing(
                        read, namedBy: "options.\(side.field) of \(RunLayout.conversionReport)", in: reportPath,
                        hint: ": run from the folder convert ran in"))
        }
        return RehearsedImport(
            run: run, retryDirectory: nil, foPackage: run.hasPackage(RunLayout.foPackage) ? run.file(RunLayout.foPackage) : nil,
            salesPackage: run.hasPackage(RunLayout.salesPackage) ? run.file(RunLayout.salesPackage) : nil, foExport: exports[0],
            salesExport: exports[1], inputs: [folder] + exports)
    }

    /// A retry's output folder; `given`: the F&O and Sales exports the user named.
    private static func retry(_ folder: String, given: [String?]) throws -> RehearsedImport {
        let reportPath = folder + "/" + RunLayout.retryReport
        let retry: RetryReport
        do {
            retry = try JSONDecoder().decode(RetryReport.self, from: Data(contentsOf: URL(fileURLWithPath: reportPath)))
        } catch {
            throw AirlockError(.usage, "cannot read the retry's report", at: SourceLocation(file: reportPath), cause: "\(error)")
        }
        guard FileManager.default.fileExists(atPath: retry.options.runDirectory + "/" + RunLayout.conversionReport) else {
            throw AirlockError(
                .usage,
                "the run folder \(retry.options.runDirectory) (options.runDirectory of \(RunLayout.retryReport)) holds no \(RunLayout.conversionReport): run from the folder retry ran in",
                at: SourceLocation(file: reportPath))
        }
        let run = try RunFolder.open(retry.options.runDirectory)
        var packages: [String?] = []
        for name in [RunLayout.foPackage, RunLayout.salesPackage] {
            guard let expected = retry.outputs[name] else {
                packages.append(nil)
                continue
            }
            _ = try WrittenPackage.check(
                name, in: folder, listedIn: RunLayout.retryReport, as: expected, folderKind: "retry", writer: "the retry")
            packages.append(folder + "/" + name)
        }
        let verifies = given.contains(nil) ? try Self.verifies(of: retry) : (reports: [], unknown: nil)
        var exports: [String?] = []
        for (index, side) in [Side.fo, Side.sales].enumerated() {
            if let path = given[index] {
                exports.append(try existing(path, namedBy: side.option, in: nil, hint: ""))
                continue
            }
            let read = verifies.reports.compactMap { verify in side.export(of: verify.report.options).map { (verify, $0) } }
            let paths = Set(read.map { $0.1 }).sorted()
            guard let first = read.first, paths.count == 1 else {
                if packages[index] == nil {
                    exports.append(nil)
                    continue
                }
                let why =
                    paths.count > 1
                    ? "the verifies it was made from read different ones (\(paths.joined(separator: ", ")))"
                    : verifies.unknown ?? "its verify read no \(side.label) export"
                throw AirlockError(
                    .usage,
                    "the retry sends \(side.package), but which \(side.label) export it goes into is not known: \(why); name the export after the import before the retry with \(side.option) FILE",
                    at: SourceLocation(file: reportPath))
            }
            let (verify, path) = first
            _ = try existing(
                path, namedBy: "options.\(side.field) of \(verify.path)", in: verify.path, hint: ": run from the folder verify ran in")
            if let expected = verify.report.inputs[side.input] {
                let digest = try FileDigest.of(path)
                guard digest.sha256 == expected.sha256, digest.bytes == expected.bytes else {
                    throw AirlockError(
                        .usage,
                        "\(path) is not the export verify read (SHA-256 \(digest.sha256), \(RunLayout.verificationReport) says \(expected.sha256)): it changed since; name the export after the import before the retry with \(side.option) FILE",
                        at: SourceLocation(file: verify.path))
                }
            }
            exports.append(path)
        }
        return RehearsedImport(
            run: run, retryDirectory: folder, foPackage: packages[0], salesPackage: packages[1], foExport: exports[0],
            salesExport: exports[1], inputs: [folder, run.path] + exports.compactMap { $0 } + verifies.reports.map { $0.path })
    }

    /// The reports of the verifies `retry` was made from: the `verify.json` beside each list it read, when it is the
    /// report of the verify that wrote the list (a later verify into the same folder replaces it). `unknown`: why a
    /// list's verify is not known, or that there was none.
    private static func verifies(of retry: RetryReport) throws -> (reports: [(path: String, report: VerificationReport)], unknown: String?)
    {
        guard !retry.options.verifyLists.isEmpty else {
            return ([], "the retry was made from the importers' error files, not from verify's list (--from-verify)")
        }
        var reports: [(path: String, report: VerificationReport)] = []
        var unknown: String?
        for list in retry.options.verifyLists {
            let folder = (list as NSString).deletingLastPathComponent
            let path = folder.isEmpty ? RunLayout.verificationReport : folder + "/" + RunLayout.verificationReport
            guard FileManager.default.fileExists(atPath: path) else {
                unknown = "\(path), the report of the verify that wrote \(list), is not there"
                continue
            }
            let data: Data
            do {
                data = try Data(contentsOf: URL(fileURLWithPath: path))
            } catch {
                throw AirlockError(.io, "cannot read the verify's report", at: SourceLocation(file: path), cause: SystemErrorText.of(error))
            }
            guard case .verification(let report) = try ReportDocument.decode(data, file: path) else {
                throw AirlockError(.usage, "not a verify's report, beside the list \(list) the retry read", at: SourceLocation(file: path))
            }
            guard let written = report.outputs[(list as NSString).lastPathComponent], let read = retry.inputs[list],
                written.sha256 == read.sha256
            else {
                unknown = "\(path) is the report of a later verify than the one that wrote \(list)"
                continue
            }
            reports.append((path, report))
        }
        return (reports, unknown)
    }

    /// `path`, when it is there: an export named by `origin` (`--fo`, `options.foPath of report.json`) in `file`.
    private static func existing(_ path: String, namedBy origin: String, in file: String?, hint: String) throws -> String {
        guard FileManager.default.fileExists(atPath: path) else {
            throw AirlockError(.usage, "the export \(path) (\(origin)) is not there\(hint)", at: SourceLocation(file: file ?? path))
        }
        return path
    }
}

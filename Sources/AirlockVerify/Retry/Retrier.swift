import AirlockIO
import AirlockModel
import AirlockPackages
import AirlockReconcile
import AirlockReport
import Foundation

/// `airlock retry`: from a conversion's output folder and what the importers (or `verify`) say failed, new
/// packages holding only those records and the records they need, taken from the conversion's own packages, so
/// a retry sends the same bytes the first import was sent. Equal inputs give byte-identical outputs.
public enum Retrier {
    /// The columns of `not-found.csv`.
    public static let notFoundColumns = ["input", "line", "side", "entity", "key", "id"]

    /// Builds the retry packages into `options.resolvedOutputDirectory`.
    /// - Throws: `AirlockError(.usage)` naming the file for a run folder or input that cannot be used, an F&O
    ///   error file whose entity cannot be told, a request for a side the conversion sent nothing to; read and
    ///   write errors.
    /// - Parameter register: the migration's key register: a Sales record sent again must carry the key it gives.
    public static func run(_ options: RetrialOptions, catalog: SchemaCatalog, register: KeyRegister? = nil) throws -> RetrialResult {
        let run = try RunFolder.open(options.runDirectory)
        let output = options.resolvedOutputDirectory
        let inputFiles = options.verifyLists + options.foErrorFiles.map { RetryInputFile.path(of: $0) } + options.salesLogs
        guard !inputFiles.isEmpty else {
            throw AirlockError(.usage, "give what failed: --from-verify, --fo-errors or --sales-log")
        }
        try StagingDirectory.checkTarget(
            output,
            inputs: [run.file(RunLayout.conversionReport), run.file(RunLayout.foPackage), run.file(RunLayout.salesPackage)]
                + inputFiles, force: options.force)

        var requests: [RetryRequest] = []
        var requestsByInput: [String: Int] = [:]
        for path in options.verifyLists {
            let read = try RetryInputReader.verifyList(path)
            requestsByInput[path, default: 0] += read.count
            requests += read
        }
        for spec in options.foErrorFiles {
            let read = try RetryInputReader.foErrorFile(spec)
            requestsByInput[RetryInputFile.path(of: spec), default: 0] += read.count
            requests += read
        }
        for path in options.salesLogs {
            let read = try RetryInputReader.salesLog(path, failurePattern: options.failurePattern ?? RetrialOptions.defaultFailurePattern)
            requestsByInput[path, default: 0] += read.count
            requests += read
        }

        var warnings: [String] = []
        var notFound: [RetryRequest] = []
        var entities: [RetryReport.Entity] = []
        let fo = requests.filter { $0.side == .fo }
        let sales = requests.filter { $0.side == .sales }
        var foPackage: RetryFOSelection?
        var salesPackage: RetrySalesSelection?
        if !fo.isEmpty {
            guard run.hasPackage(RunLayout.foPackage) else {
                throw AirlockError(
                    .usage, "\(fo.count) F&O records are named as failed, but the conversion wrote no \(RunLayout.foPackage)",
                    at: fo[0].location)
            }
            var selection = try RetryFOSelection(run: run, catalog: catalog)
            notFound += try selection.select(fo)
            if options.withParents { selection.addParents() }
            entities += selection.entityReports
            foPackage = selection
        }
        if !sales.isEmpty {
            guard run.hasPackage(RunLayout.salesPackage) else {
                throw AirlockError(
                    .usage, "\(sales.count) Sales records are named as failed, but the conversion wrote no \(RunLayout.salesPackage)",
                    at: sales[0].location)
            }
            var selection = try RetrySalesSelection(run: run)
            let unmatched = selection.select(sales)
            // A log names ids of every kind (users, the import job): only a list's ids are expected to be sent ones.
            let fromLogs = unmatched.filter { request in options.salesLogs.contains(request.location.file ?? "") }
            if !fromLogs.isEmpty {
                warnings.append(
                    "\(fromLogs.count) record ids on failure lines of the import log are not records of \(RunLayout.salesPackage) (users, teams or the job itself): left out"
                )
            }
            notFound += unmatched.filter { request in !options.salesLogs.contains(request.location.file ?? "") }
            if options.withParents { selection.addParents() }
            if let register { try selection.check(against: register) }
            entities += selection.entityReports(notFound: notFound)
            salesPackage = selection
        }
        if requests.isEmpty { warnings.append("the inputs name no failed record: nothing to retry") }

        let staging = try StagingDirectory(
            target: output, outputNames: RunLayout.retryOutputs)
        do {
            var outputs: [String: FileDigest] = [:]
            if let foPackage, foPackage.written > 0 {
                try foPackage.write(to: staging.path(RunLayout.foPackage))
                outputs[RunLayout.foPackage] = try FileDigest.of(staging.path(RunLayout.foPackage), as: RunLayout.foPackage)
            }
            if let salesPackage, salesPackage.written > 0 {
                try salesPackage.write(to: staging.path(RunLayout.salesPackage))
                outputs[RunLayout.salesPackage] = try FileDigest.of(
                    staging.path(RunLayout.salesPackage), as: RunLayout.salesPackage)
            }
            try writeNotFound(notFound, to: staging.path(RunLayout.notFoundList))
            outputs[RunLayout.notFoundList] = try FileDigest.of(staging.path(RunLayout.notFoundList), as: RunLayout.notFoundList)
            var inputs = run.digests
            for path in inputFiles { inputs[path] = try FileDigest.of(path) }
            let report = RetryReport(
                version: AirlockVersion.current, options: options, inputs: inputs, outputs: outputs, entities: entities,
                requestsByInput: requestsByInput, warnings: warnings)
            try staging.write(try report.jsonData(), to: RunLayout.retryReport)
            try staging.commit()
            return RetrialResult(report: report, outputDirectory: output)
        } catch {
            staging.discard()
            throw error
        }
    }

    /// Writes the requests no package record answers, in input order (UTF-8 with BOM, CRLF).
    private static func writeNotFound(_ requests: [RetryRequest], to path: String) throws {
        let file = try CSVFileWriter(path: path, header: notFoundColumns)
        for request in requests {
            let key = request.keyText ?? request.keyValues.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
            try file.writeRecord([
                request.location.file ?? "", request.location.line.map(String.init) ?? "", request.side.rawValue, request.entity ?? "", key,
                request.id ?? "",
            ])
        }
        try file.close()
    }
}

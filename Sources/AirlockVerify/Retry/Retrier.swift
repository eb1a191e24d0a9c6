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

        let (requests, requestsByInput) = try readRequests(options)
        var selected = Selected()
        let fo = requests.filter { $0.side == .fo }
        let sales = requests.filter { $0.side == .sales }
        if !fo.isEmpty { try selectFO(fo, run: run, catalog: catalog, options: options, into: &selected) }
        if !sales.isEmpty { try selectSales(sales, run: run, options: options, register: register, into: &selected) }
        if requests.isEmpty { selected.warnings.append("the inputs name no failed record: nothing to retry") }

        let staging = try StagingDirectory(
            target: output, outputNames: RunLayout.retryOutputs)
        do {
            let outputs = try writePackages(of: selected, to: staging)
            var inputs = run.digests
            for path in inputFiles { inputs[path] = try FileDigest.of(path) }
            let report = RetryReport(
                version: AirlockVersion.current, options: options, inputs: inputs, outputs: outputs, entities: selected.entities,
                requestsByInput: requestsByInput, warnings: selected.warnings)
            try staging.write(try report.jsonData(), to: RunLayout.retryReport)
            try staging.commit()
            return RetrialResult(report: report, outputDirectory: output)
        } catch {
            staging.discard()
            throw error
        }
    }

    /// The failed records every input names (verify's lists, F&O error files, Sales import logs, in that order), and
    /// how many each input names.
    private static func readRequests(_ options: RetrialOptions) throws -> (requests: [RetryRequest], byInput: [String: Int]) {
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
        return (requests, requestsByInput)
    }

    /// What the requests select from the conversion's packages: each side's selection, the requests no record
    /// answers, the entities' reports and the warnings.
    private struct Selected {
        var fo: RetryFOSelection?
        var sales: RetrySalesSelection?
        var notFound: [RetryRequest] = []
        var entities: [RetryReport.Entity] = []
        var warnings: [String] = []
    }

    /// Selects the F&O records named as failed (with their parents when asked) from the conversion's F&O package.
    /// - Throws: `AirlockError(.usage)` when the conversion wrote none.
    private static func selectFO(
        _ fo: [RetryRequest], run: RunFolder, catalog: SchemaCatalog, options: RetrialOptions, into selected: inout Selected
    ) throws {
        guard run.hasPackage(RunLayout.foPackage) else {
            throw AirlockError(
                .usage, "\(fo.count) F&O records are named as failed, but the conversion wrote no \(RunLayout.foPackage)",
                at: fo[0].location)
        }
        var selection = try RetryFOSelection(run: run, catalog: catalog)
        selected.notFound += try selection.select(fo)
        if options.withParents { selection.addParents() }
        selected.entities += selection.entityReports
        selected.fo = selection
    }

    /// Selects the Sales records named as failed (with their parents when asked) from the conversion's Sales package,
    /// each holding the key the register gives it; an id of an import log that is no record of the package is left
    /// out with a warning.
    /// - Throws: `AirlockError(.usage)` when the conversion wrote none; the register's refusal.
    private static func selectSales(
        _ sales: [RetryRequest], run: RunFolder, options: RetrialOptions, register: KeyRegister?, into selected: inout Selected
    ) throws {
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
            selected.warnings.append(
                "\(fromLogs.count) record ids on failure lines of the import log are not records of \(RunLayout.salesPackage) (users, teams or the job itself): left out"
            )
        }
        selected.notFound += unmatched.filter { request in !options.salesLogs.contains(request.location.file ?? "") }
        if options.withParents { selection.addParents() }
        if let register { try selection.check(against: register) }
        selected.entities += selection.entityReports(notFound: selected.notFound)
        selected.sales = selection
    }

    /// Writes into `staging` the packages of the sides with records to send again and `not-found.csv`; returns their
    /// digests.
    private static func writePackages(of selected: Selected, to staging: StagingDirectory) throws -> [String: FileDigest] {
        var outputs: [String: FileDigest] = [:]
        if let foPackage = selected.fo, foPackage.written > 0 {
            try foPackage.write(to: staging.path(RunLayout.foPackage))
            outputs[RunLayout.foPackage] = try FileDigest.of(staging.path(RunLayout.foPackage), as: RunLayout.foPackage)
        }
        if let salesPackage = selected.sales, salesPackage.written > 0 {
            try salesPackage.write(to: staging.path(RunLayout.salesPackage))
            outputs[RunLayout.salesPackage] = try FileDigest.of(
                staging.path(RunLayout.salesPackage), as: RunLayout.salesPackage)
        }
        try writeNotFound(selected.notFound, to: staging.path(RunLayout.notFoundList))
        outputs[RunLayout.notFoundList] = try FileDigest.of(staging.path(RunLayout.notFoundList), as: RunLayout.notFoundList)
        return outputs
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

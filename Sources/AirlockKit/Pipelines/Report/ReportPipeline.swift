import Foundation

/// `airlock report` as a library call: the HTML page of a saved report, with the first rows of each reject file
/// when a `rejects/` folder sits next to a conversion's report; for a migration ledger, its timeline and page, and
/// status 1 when its chain is broken.
public enum ReportPipeline {
    /// Reads the saved report and writes its page atomically.
    /// - Throws: `AirlockError` (`.usage`) when the file cannot be read or is no such report, `.io` when the page
    ///   cannot be written.
    public static func run(_ options: ReportOptions) throws -> ReportResult {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: options.reportPath))
        } catch {
            throw AirlockError(
                .usage, "cannot read the report", at: SourceLocation(file: options.reportPath), cause: SystemErrorText.of(error))
        }
        let folder = URL(fileURLWithPath: options.reportPath).deletingLastPathComponent().path
        let document = try ReportDocument.decode(data, file: options.reportPath)
        let page: String
        var defaultName = RunLayout.conversionPage
        var timeline = ""
        var problem: String?
        switch document {
        case .conversion(let conversion):
            let examples = ReportPage.rejectExamples(in: folder + "/" + RunLayout.rejectsFolder)
            page = ReportPage.html(conversion: conversion, rejectExamples: examples)
        case .validation(let validation):
            page = ReportPage.html(validation: validation)
        case .verification(let verification):
            page = ReportPage.html(verification: verification, examples: ReportPage.verificationExamples(in: folder))
            defaultName = RunLayout.verificationPage
        case .ledger(let ledger):
            page = ReportPage.html(ledger: ledger)
            defaultName = ReportPage.ledgerPageName(for: options.reportPath)
            timeline = ledger.text() + "\n"
            problem = ledger.problem
        case .keyRegister(var register):
            // Held to its ledger too, when the ledger it is named after sits beside it.
            if let read = register.register, options.reportPath.hasSuffix("-keys.jsonl") {
                let ledger = String(options.reportPath.dropLast("-keys.jsonl".count)) + ".jsonl"
                do {
                    try KeyRegisterLedgerCheck.check(read, ledger: ledger)
                } catch {
                    register = register.refused("\(error)")
                }
            }
            page = register.html()
            defaultName = ReportPage.ledgerPageName(for: options.reportPath)
            timeline = register.text() + "\n"
            problem = register.problem
        }
        let destination = options.htmlPath ?? folder + "/" + defaultName
        try ReportPage.write(page, to: destination)
        let byteCount = page.utf8.count
        return ReportResult(
            document: document, htmlPath: destination, byteCount: byteCount,
            text: timeline + "Wrote \(destination) (\(byteCount) bytes).\n",
            problem: problem, status: problem == nil ? .success : .dataErrors)
    }
}

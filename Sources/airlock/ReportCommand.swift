import AirlockKit
import ArgumentParser
import Foundation

struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Make the HTML page of a saved report: report.json of convert, or the --json output of validate.",
        discussion: """
            The page is one self-contained file (no scripts, fonts or styles fetched), readable offline and printable. \
            When a rejects/ folder sits next to report.json, the first rows of each reject file are shown as examples. \
            Exit status: 0 written; 2 the file is not such a report or the page cannot be written.
            """)

    @Argument(help: "The saved report (report.json, or a file holding the output of airlock validate --json).")
    var report: String

    @Option(name: .customLong("html"), help: "Where to write the page (default: report.html next to the report).")
    var html: String?

    func run() throws {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: report))
        } catch {
            throw AirlockError(.usage, "cannot read the report", at: SourceLocation(file: report), cause: error.localizedDescription)
        }
        let folder = URL(fileURLWithPath: report).deletingLastPathComponent().path
        let page: String
        switch try ReportDocument.decode(data, file: report) {
        case .conversion(let conversion):
            let examples = ReportPage.rejectExamples(in: folder + "/" + Converter.rejectsFolder)
            page = ReportPage.html(conversion: conversion, rejectExamples: examples)
        case .validation(let validation):
            page = ReportPage.html(validation: validation)
        }
        let destination = html ?? folder + "/" + ReportPage.fileName
        try ReportPage.write(page, to: destination)
        print("Wrote \(destination) (\(page.utf8.count) bytes).")
    }
}

import AirlockKit
import Foundation

/// Shared helpers of the report page tests: runs to render, and checks of the HTML.
enum ReportPageSupport {
    /// A dry run of the checked-in samples: every flow, no rejects.
    static func samplesReport() throws -> ConversionReport {
        try ConvertFixture.convert(fo: ConvertFixture.sampleFO, sales: ConvertFixture.sampleSales, out: nil, dryRun: true).report
    }

    /// A conversion of a generated pair with defects into a scratch folder: (output folder, report). The
    /// output folder holds report.json and rejects/.
    static func defectsRun(accounts: Int = 40) throws -> (out: String, report: ConversionReport) {
        let pair = try ConvertFixture.generatedPair(accounts: accounts, seed: 1, defects: true)
        let out = pair.folder + "/out"
        let result = try ConvertFixture.convert(fo: pair.fo, sales: pair.sales, out: out)
        return (out, result.report)
    }

    /// Parses the page as XML (the page is written so that it also is well-formed XML: every element closed,
    /// attributes quoted, only XML's own entities) and counts the elements by name.
    /// - Throws: `AirlockError(.malformedXML)` where it is not.
    static func elementCounts(_ html: String) throws -> [String: Int] {
        let location = SourceLocation(file: "report.html")
        let reader = try XMLStreamReader(
            MemoryByteStream(Array(html.utf8)), location: location, limits: XMLLimits(maxDepth: 64, refuseDocumentType: false))
        var counts: [String: Int] = [:]
        var depth = 0
        while let kind = try reader.next() {
            switch kind {
            case .startElement:
                counts[reader.name, default: 0] += 1
                depth += 1  // an empty element (`<rect/>`) is reported with its end too
            case .endElement:
                depth -= 1
            case .text:
                break
            }
        }
        if depth != 0 { throw AirlockError(.malformedXML, "unbalanced elements (depth \(depth) at the end)", at: location) }
        return counts
    }

    /// Occurrences of `needle` in `text`.
    static func occurrences(of needle: String, in text: String) -> Int {
        text.components(separatedBy: needle).count - 1
    }

    /// `1234567` as `1,234,567` (as the page writes counts).
    static func grouped(_ value: Int) -> String {
        let digits = String(value)
        var out = ""
        for (index, character) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { out.append(",") }
            out.append(character)
        }
        return out
    }

    /// The HTML of the numeric cells a flow's row shows, in table order: read, created, updated, unchanged,
    /// filtered, rejected, written.
    static func flowCells(_ flow: ConversionReport.Flow) -> String {
        [flow.read, flow.created, flow.updated, flow.unchanged, flow.filtered, flow.rejected, flow.written]
            .map { "<td class=\"num\" data-v=\"\($0)\">\(grouped($0))</td>" }.joined()
    }
}

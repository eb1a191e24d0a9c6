import AirlockCatalog
import AirlockIO
import AirlockPackages
import AirlockValidate

/// A valid F&O package of two entities, sales order headers and their lines, as members: the package the validator,
/// date and decimal tests break one way at a time; and its validation.
enum FOOrderPackage {
    static let headerColumns = [
        "SALESORDERNUMBER", "CURRENCYCODE", "DATAAREAID", "ORDERTOTALAMOUNT", "REQUESTEDSHIPPINGDATE", "SALESORDERPROCESSINGSTATUS",
        "ARETOTALSUPDATED",
    ]
    static let lineColumns = ["SALESORDERNUMBER", "LINECREATIONSEQUENCENUMBER", "DATAAREAID", "ORDEREDSALESQUANTITY", "PRODUCTNUMBER"]

    /// A valid two-entity package as members; `edit` may change lines, rows and raw member bytes.
    static func members(
        headers: [[String]] = [
            ["SO-1", "USD", "USMF", "12.50", "3/11/2026 12:00:00 AM", "Confirmed", "Yes"],
            ["SO-2", "EUR", "USMF", "7", "2026-03-12", "Invoiced", "No"],
        ],
        lines: [[String]] = [["SO-1", "1", "USMF", "3", "P-1000"], ["SO-2", "1", "USMF", "1.5", "P-1001"]],
        editLines: (inout [FOManifestEntity]) -> Void = { _ in }
    ) -> [(name: String, bytes: [UInt8])] {
        var manifestLines = [
            FOManifestLineBuilder.line(label: "CDS sales order headers", technicalName: nil, columns: headerColumns, sourceFormat: "CSV"),
            FOManifestLineBuilder.line(label: "CDS sales order lines", technicalName: nil, columns: lineColumns, sourceFormat: "CSV"),
        ]
        FOExecutionOrder.assign(&manifestLines)
        editLines(&manifestLines)
        func csv(_ columns: [String], _ rows: [[String]]) -> [UInt8] {
            Array(("\u{FEFF}" + ([columns] + rows).map { $0.joined(separator: ",") }.joined(separator: "\r\n") + "\r\n").utf8)
        }
        return TestSchemas.foMetadata(manifestLines, asExported: true) + [
            ("CDS sales order headers.csv", csv(headerColumns, headers)),
            ("CDS sales order lines.csv", csv(lineColumns, lines)),
        ]
    }

    /// The findings of `validate` on the package `members`, with the bundled catalog.
    static func validate(_ members: [(name: String, bytes: [UInt8])]) throws -> [ValidationFinding] {
        let collector = FindingCollector()
        try FOPackageValidator(catalog: SchemaCatalogLoader.bundled()).validate(
            MemoryPackageSource(path: "p.zip", members: members), into: collector)
        return collector.findings
    }
}

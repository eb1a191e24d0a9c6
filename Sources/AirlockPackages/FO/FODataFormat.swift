/// How an F&O entity file is laid out, decided from the manifest's `SourceFormat` and the file itself.
public enum FODataFormat: Sendable, Equatable {
    /// Delimited text; `unicode` when the source format is a `-Unicode` one (UTF-16 LE expected).
    case delimited(delimiter: UInt8, unicode: Bool)
    /// `<Document>` with one element per record and one child element per field.
    case xmlElement
    /// `<Document>` with one element per record and one attribute per field.
    case xmlAttribute
    /// An Excel workbook (`EXCEL` source format).
    case excel

    /// The name used in reports and JSON: `CSV`, `CSV-Unicode`, `XML-Element`, `XML-Attribute`, `EXCEL`.
    public var name: String {
        switch self {
        case .delimited(_, let unicode): unicode ? "CSV-Unicode" : "CSV"
        case .xmlElement: "XML-Element"
        case .xmlAttribute: "XML-Attribute"
        case .excel: "EXCEL"
        }
    }

    /// The format a manifest line declares, before the file is opened.
    ///
    /// `SourceFormat` names a record in the target environment, so custom names occur; the file
    /// extension decides when the name says nothing (`.xml`, `.xlsx`, otherwise delimited text).
    public static func declared(sourceFormat: String?, fileName: String) -> FODataFormat {
        let format = (sourceFormat ?? "").uppercased()
        let lowerName = fileName.lowercased()
        if format.hasPrefix("XML") || (format.isEmpty && lowerName.hasSuffix(".xml")) {
            return format.contains("ELEMENT") ? .xmlElement : .xmlAttribute
        }
        if format.hasPrefix("EXCEL") || format.hasPrefix("XLSX") || lowerName.hasSuffix(".xlsx") { return .excel }
        return .delimited(delimiter: UInt8(ascii: ","), unicode: format.contains("UNICODE"))
    }
}

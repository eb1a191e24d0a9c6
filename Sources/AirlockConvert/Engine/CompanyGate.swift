import AirlockMapping
import AirlockModel
import AirlockReconcile

/// Whether a flow's source record is the conversion company's, and the company a mapped record carries.
///
/// An F&O record of another company (its `DATAAREAID`) is left out, and so is a Sales record whose company field
/// (the template's `source.company`) names another; a Sales record whose company cannot be told is refused rather
/// than sent to the wrong legal entity. A record let through carries the conversion company in the layout's company
/// column.
struct CompanyGate {
    /// What the gate says of one record.
    enum Verdict {
        /// The conversion company's record, or one that names no company.
        case conversionCompany
        /// Another company's: left out (`other-company`).
        case otherCompany
        /// A record whose company cannot be told (its lookup points nowhere): refused with this problem.
        case unknownCompany(RejectEntry.Problem)
    }

    /// F&O: the source's company column; nil for Sales or an export without it.
    private let companyColumn: Int?
    /// Sales: the reader of the template's company field; nil for F&O or a template that names none.
    private let salesCompany: SourceFieldReader?
    /// The conversion company, lower-cased as a record's company is compared.
    private let company: String
    /// The layout's company column, and the conversion company's bytes it gets.
    private let companyPosition: Int?
    private let companyBytes: [UInt8]
    /// Whether an F&O row is of another company, by the dictionary code of its company value (a handful of
    /// companies per export): the text is compared once per code, not once per row.
    private var otherCompanyByCode = [Bool?](repeating: nil, count: 256)

    /// The gate of `template`'s records in `view`, mapped into `layout`.
    init(template: MappingTemplate, view: SourceView, layout: FlowLayout, context: ConversionContext) {
        companyColumn = view.side == .fo ? view.table.columnIndex(named: FlowLayout.companyField) : nil
        salesCompany =
            view.side == .sales ? template.source.company.map { view.prepare($0, lookup: [], catalog: context.catalog) } : nil
        company = context.company.lowercased()
        companyPosition = layout.companyColumn.flatMap { layout.position($0) }
        companyBytes = Array(context.company.utf8)
    }

    /// What the gate says of source row `row` of `view`.
    mutating func verdict(row: Int, in view: SourceView) -> Verdict {
        if let companyColumn, isOtherCompany(row: row, column: companyColumn, in: view) { return .otherCompany }
        guard let salesCompany else { return .conversionCompany }
        switch salesCompany.read(row: row, in: view) {
        case .value(let text):
            if let text, !text.trimmingASCIIWhitespace().isEmpty, text.trimmingASCIIWhitespace().lowercased() != company {
                return .otherCompany
            }
            return .conversionCompany
        case .orphan(let message):
            return .unknownCompany(RejectEntry.Problem(reason: .orphanReference, field: salesCompany.name, message: message))
        }
    }

    /// Writes the conversion company to the layout's company column of `values`, if it has one.
    func writeCompany(into values: inout RowValues) {
        if let companyPosition { companyBytes.withUnsafeBytes { values.setBytes(companyPosition, $0) } }
    }

    /// Whether row `row`'s company in `column` is another than the conversion's.
    private mutating func isOtherCompany(row: Int, column: Int, in view: SourceView) -> Bool {
        let code = view.table.dictionaryCode(row: row, column: column)
        if let code, let known = otherCompanyByCode[code] { return known }
        guard let rowCompany = view.table.value(row: row, column: column) else { return false }
        let other = rowCompany.trimmingASCIIWhitespace().lowercased() != company
        if let code { otherCompanyByCode[code] = other }
        return other
    }
}

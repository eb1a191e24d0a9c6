import AirlockMapping
import AirlockModel

/// A flow's accepted columns that copy a source field byte for byte, shown as the source column's rows instead of
/// held again (`TableColumn.init(rows:of:name:)`): most of what the accepted records hold is such copies (names,
/// addresses, amounts, numbers), and the source table is held to the end of the run in any case (the exports; the
/// reject files).
///
/// A column is shown so only when its field map reads one source field with no lookup, and every accepted row holds
/// exactly that field's value in its source record (a default, a value map, a trim or a fill of any row leaves the
/// column as it is): what reads the column finds the same bytes either way.
enum SourceCopies {
    /// `accepted` with each column that copies a field of `source` shown as that column's rows.
    /// - Parameters:
    ///   - sourceRows: per accepted row, the row of `source` it came from.
    static func sharing(_ accepted: Table, source: Table, sourceRows: [Int], template: MappingTemplate) -> Table {
        guard accepted.rowCount > 0, accepted.rowCount == sourceRows.count, source.rowCount <= Int(UInt32.max) else { return accepted }
        var rows: [UInt32]?
        var shared = false
        var columns = accepted.columns
        for (index, column) in columns.enumerated() where !column.isDictionaryEncoded && !column.isRowsOfAnotherColumn {
            guard let copied = copiedColumn(column.name, template: template, source: source) else { continue }
            let shown = rows ?? sourceRows.map { UInt32(truncatingIfNeeded: $0) }
            rows = shown
            guard column.hasValues(ofRows: shown, in: source.columns[copied]) else { continue }
            columns[index] = TableColumn(rows: shown, of: source.columns[copied], name: column.name)
            shared = true
        }
        return shared ? Table(name: accepted.name, columns: columns) : accepted
    }

    /// The column of `source` that the field map writing `target` reads, when it reads one field without a lookup.
    static func copiedColumn(_ target: String, template: MappingTemplate, source: Table) -> Int? {
        guard let field = template.fields.first(where: { $0.target == target }), field.lookup.isEmpty,
            let name = field.source, !name.contains(".")
        else { return nil }
        return SourceView.column(of: name, in: source)
    }
}

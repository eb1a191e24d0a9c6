import AirlockModel

/// Rewrites an F&O table's decimals from a decimal-comma project (`--fo-locale de-DE`) to `.` as it is read, so
/// that every flow, rule and comparison sees one form (`FODecimalGrammar`); a value that is no decimal in the
/// project's form is kept as written, for the field checks to refuse.
enum FODecimalNormalizer {
    /// `table` (entity `label`) with its decimal fields (catalog type real) written with `.`; the table itself
    /// when `locale` writes decimals with `.` or no field is a decimal.
    static func normalized(_ table: Table, label: String, catalog: SchemaCatalog, locale: FOLocale?) throws -> Table {
        guard let locale, locale.decimalSeparator != UInt8(ascii: "."), let entity = catalog.foEntity(named: label) else { return table }
        let decimals = table.columns.indices.filter { entity.field(named: table.columns[$0].name)?.type == .real }
        guard !decimals.isEmpty else { return table }
        var columns = table.columns
        for index in decimals {
            var column = TableColumn(name: columns[index].name)
            column.reserve(rows: table.rowCount)
            for row in 0..<table.rowCount {
                try table.withValue(row: row, column: index) { bytes in
                    if let bytes, let invariant = FODecimalGrammar.invariant(bytes, separator: locale.decimalSeparator) {
                        try invariant.withUnsafeBytes { try column.append($0) }
                    } else {
                        try column.append(bytes)
                    }
                }
            }
            columns[index] = column
        }
        return Table(name: table.name, columns: columns)
    }
}

import AirlockModel

/// Rewrites an F&O table's decimals from a decimal-comma file to `.` as it is read, so that every flow, rule and
/// comparison sees one form (`FODecimalGrammar`). The file's separator is given (`--fo-locale`) or learnt from
/// its values as `validate` learns it (`FODecimalSeparatorDetector`, fed record by record: the numeric columns,
/// then the date columns); a value that is no decimal in the file's form is kept as written, for the field
/// checks to refuse.
enum FODecimalNormalizer {
    /// `table` (entity `label`) with its decimal fields (catalog type real) written with `.`; the table itself
    /// when the file writes decimals with `.` or no field is a decimal.
    /// - Parameter separator: the separator learnt from the whole file when `table` holds only part of it (a shard's);
    ///   nil: learnt from `table`.
    static func normalized(_ table: Table, label: String, catalog: SchemaCatalog, locale: FOLocale?, separator learnt: UInt8? = nil) throws
        -> Table
    {
        guard let entity = catalog.foEntity(named: label) else { return table }
        let types = table.columns.map { entity.field(named: $0.name)?.type }
        let decimals = types.indices.filter { types[$0] == .real }
        guard !decimals.isEmpty else { return table }
        let separator = locale?.decimalSeparator ?? learnt ?? learntSeparator(table, types: types)
        guard separator != UInt8(ascii: ".") else { return table }
        var columns = table.columns
        for index in decimals {
            var column = TableColumn(name: columns[index].name)
            column.reserve(rows: table.rowCount)
            for row in 0..<table.rowCount {
                try table.withValue(row: row, column: index) { bytes in
                    if let bytes, let invariant = FODecimalGrammar.invariant(bytes, separator: separator) {
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

    /// The separator the table's values show, read in `validate`'s order (`FODecimalSeparatorLearner`).
    private static func learntSeparator(_ table: Table, types: [FOFieldType?]) -> UInt8 {
        var learner = FODecimalSeparatorLearner(types: types)
        for row in 0..<table.rowCount where !learner.isDecided {
            learner.read { column, body in table.withValue(row: row, column: column, body) }
        }
        return learner.decide()
    }
}

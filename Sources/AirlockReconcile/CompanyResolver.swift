import AirlockModel

/// Chooses the company (F&O `dataAreaId`) a conversion works in, from the F&O export and `--company`.
///
/// Company codes compare case-insensitively after trimming (SQL Server collation); the export's own spelling
/// is returned. Companies are listed in the order they first appear.
public enum CompanyResolver {
    /// The F&O staging column that holds the company.
    public static let defaultColumn = "DATAAREAID"

    /// The distinct companies in `tables`' company column (found case-insensitively by name), in first-seen order.
    public static func companies(in tables: [Table], column: String = defaultColumn) -> [String] {
        var seen: Set<String> = []
        var ordered: [String] = []
        let wanted = column.lowercased()
        for table in tables {
            guard let index = table.columns.firstIndex(where: { $0.name.lowercased() == wanted }) else { continue }
            var last: [UInt8] = []
            for row in 0..<table.rowCount {
                table.withValue(row: row, column: index) { bytes in
                    guard let bytes, !bytes.elementsEqual(last) else { return }
                    last = Array(bytes)
                    let code = String(decoding: ValueComparison.trim(bytes), as: UTF8.self)
                    guard !code.isEmpty, seen.insert(code.uppercased()).inserted else { return }
                    ordered.append(code)
                }
            }
        }
        return ordered
    }

    /// The company to use: `requested` when given (it must be in the export, unless the export names no
    /// company at all), else the export's only company.
    /// - Throws: `AirlockError(.usage)` when `requested` is not in the export, when the export holds several
    ///   companies and none was requested (the message lists them), or when it holds none and none was requested.
    public static func resolve(requested: String?, tables: [Table], column: String = defaultColumn) throws -> String {
        try resolve(requested: requested, found: companies(in: tables, column: column), column: column)
    }

    /// The company to use among `found` (the export's, in first-seen order), as `resolve(requested:tables:column:)`
    /// chooses it.
    public static func resolve(requested: String?, found: [String], column: String = defaultColumn) throws -> String {
        if let requested {
            let wanted = requested.trimmingASCIIWhitespace()
            guard !found.isEmpty else { return wanted }
            if let match = found.first(where: { $0.uppercased() == wanted.uppercased() }) { return match }
            throw AirlockError(.usage, "company \(wanted) is not in the export, which holds \(describe(found))")
        }
        switch found.count {
        case 1:
            return found[0]
        case 0:
            throw AirlockError(.usage, "the export names no company (no \(column) values): choose one with --company")
        default:
            throw AirlockError(
                .usage, "the export holds \(found.count) companies (\(found.joined(separator: ", "))): choose one with --company")
        }
    }

    static func describe(_ found: [String]) -> String {
        found.count == 1 ? "only \(found[0])" : "\(found.count) companies (\(found.joined(separator: ", ")))"
    }
}

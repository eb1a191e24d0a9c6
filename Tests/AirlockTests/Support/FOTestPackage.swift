import AirlockIO
import AirlockModel
import AirlockPackages

/// A small F&O package written the way `FOPackageWriter` writes one, of tables whose values break naive writers.
enum FOTestPackage {
    /// Customers with the values that break naive writers: commas, quotes, newlines, non-ASCII, empties.
    static func customers() throws -> Table {
        var table = Table(name: "Customers V3", columnNames: ["CUSTOMERACCOUNT", "ORGANIZATIONNAME", "ADDRESSCITY", "SALESMEMO"])
        try table.appendRow(["C-0001", "Müller & Söhne, GmbH", "Zürich", "said \"hello\"\r\nsecond line"])
        try table.appendRow(["C-0002", "東京商事", "", "plain"])
        try table.appendRow(["C-0003", "  padded  ", "Saint-Étienne", ""])
        return table
    }

    /// An F&O package of `tables`, one CSV file each in `encoding`, written to `path`.
    static func write(_ tables: [Table], encoding: TextEncoding, to path: String) throws {
        let format = encoding.isUTF16 ? "CSV-Unicode" : "CSV"
        var lines = tables.map {
            FOManifestLineBuilder.line(label: $0.name, technicalName: nil, columns: $0.columnNames, sourceFormat: format)
        }
        FOExecutionOrder.assign(&lines)
        let manifest = FOManifest(
            definitionGroupName: "Airlock", description: "test", entities: lines, projectCategory: 0, hasRulesData: true)
        let files = zip(lines, tables).map { FOEntityFile(entity: $0, table: $1, encoding: encoding) }
        try FOPackageWriter.write(header: FOPackageHeader(description: "Airlock"), manifest: manifest, files: files, to: path)
    }
}

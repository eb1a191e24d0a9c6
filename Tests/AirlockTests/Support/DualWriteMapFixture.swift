import Foundation

/// One map of Microsoft's dual-write mapping reference, read from its copy in `Fixtures/dual-write/` (README.md
/// there): the title, the source filters and the field rows. Tests hold the `dual-write` templates and the catalog
/// to these rows, so that a map cannot drift from the documentation silently.
struct DualWriteMapFixture {
    /// How a row moves a value, as the reference's legend (`includes/dual-write-symbols.md`) gives the symbols.
    enum MapType: String, CaseIterable {
        /// Both ways.
        case bidirectional = "="
        /// One way, finance and operations to Dataverse.
        case toDataverse = ">"
        /// One way, Dataverse to finance and operations (no fixture uses it; the legend lists it by implication).
        case toFinanceAndOperations = "<"
        /// One way to Dataverse, the value transformed (a value map, or a default when the F&O field is `none`).
        case transformedToDataverse = ">>"
        /// One way to finance and operations, the value transformed (a default when the Dataverse field is `none`).
        case transformedToFinanceAndOperations = "<<"
        /// Both ways through a value map.
        case transformedBothWays = "><"
    }

    /// One row of a map's table.
    struct Row {
        /// The finance and operations field (upper case), nil for `none`.
        var financeAndOperationsField: String?
        var mapType: MapType
        /// The value map written after the symbol in `mapping-tables.md` (`no` → `False`), in its order.
        var valueMap: [(from: String, to: String)]
        /// The customer engagement (Dataverse) field as written (`msdyn_customergroupid.msdyn_groupid`), nil for `none`.
        var dataverseField: String?
        /// The default value column, nil when empty.
        var defaultValue: String?

        /// The Dataverse column the row writes: the field before the first `.` of a lookup.
        var dataverseColumn: String? {
            dataverseField.map { String($0.split(separator: ".", maxSplits: 1)[0]) }
        }

        /// For a lookup (`x.y`), the path after the column (`[msdyn_groupid]`, `[msdyn_hierarchy, msdyn_name]`);
        /// empty for a plain column.
        var lookupPath: [String] {
            guard let field = dataverseField else { return [] }
            return field.split(separator: ".").dropFirst().map(String.init)
        }
    }

    /// The fixture file's name.
    var file: String
    /// The title line without its markup (`Customers V3 to accounts`, `CDS Parties (msdyn_parties)`).
    var title: String
    /// The finance and operations entity the title names (`Customers V3`).
    var financeAndOperationsEntity: String
    /// The Dataverse table the title names, as written (`accounts`, `msdyn_parties`: set names, plural).
    var dataverseTableSet: String
    /// The `Source filter:` line's expression (backticks removed), if any.
    var sourceFilter: String?
    /// The `Reversed source filter:` line's expression, if any.
    var reversedSourceFilter: String?
    var rows: [Row]

    /// The fixture folder.
    static let folder = "dual-write"

    /// The map files of the fixture folder (every `.md` but README.md), sorted.
    static func files() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: Fixture.path(folder))
            .filter { $0.hasSuffix(".md") && $0 != "README.md" }.sorted()
    }

    /// Reads `Fixtures/dual-write/<file>`.
    static func load(_ file: String) throws -> DualWriteMapFixture {
        let text = try String(contentsOfFile: Fixture.path("\(folder)/\(file)"), encoding: .utf8)
        return try parse(text, file: file)
    }

    /// Every map of the fixture folder.
    static func all() throws -> [DualWriteMapFixture] {
        try files().map(load)
    }

    /// Parses one map's markdown.
    static func parse(_ text: String, file: String) throws -> DualWriteMapFixture {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
            String($0).trimmingCharacters(in: .whitespaces)
        }
        guard let titleLine = lines.first(where: { $0.hasPrefix("## ") || $0.hasPrefix("### ") }) else {
            throw FixtureError(file: file, message: "no `##` title")
        }
        let (title, entity, tableSet) = try parseTitle(titleLine, file: file)
        var map = DualWriteMapFixture(
            file: file, title: title, financeAndOperationsEntity: entity, dataverseTableSet: tableSet, rows: [])
        map.sourceFilter = value(after: "Source filter:", in: lines)
        map.reversedSourceFilter = value(after: "Reversed source filter:", in: lines)
        guard let header = lines.firstIndex(where: { $0.contains("| Map type |") }) else {
            throw FixtureError(file: file, message: "no table header")
        }
        for (offset, line) in lines[(header + 2)...].enumerated() {
            if line.isEmpty { break }
            map.rows.append(try parseRow(line, file: file, line: header + 3 + offset))
        }
        return map
    }

    private static func parseTitle(_ line: String, file: String) throws -> (String, String, String) {
        var title = line.drop(while: { $0 == "#" }).trimmingCharacters(in: .whitespaces)
        if let tagEnd = title.range(of: "</a>") { title = String(title[tagEnd.upperBound...]) }
        if line.hasPrefix("## "), let to = title.range(of: " to ", options: .backwards) {
            return (title, String(title[..<to.lowerBound]), String(title[to.upperBound...]))
        }
        if title.hasSuffix(")"), let open = title.range(of: " (", options: .backwards) {
            let set = title[open.upperBound..<title.index(before: title.endIndex)]
            return (title, String(title[..<open.lowerBound]), String(set))
        }
        throw FixtureError(file: file, message: "title '\(title)' names no entity and table")
    }

    private static func value(after prefix: String, in lines: [String]) -> String? {
        guard let line = lines.first(where: { $0.hasPrefix(prefix) }) else { return nil }
        return line.dropFirst(prefix.count).trimmingCharacters(in: CharacterSet(charactersIn: " `"))
    }

    private static func parseRow(_ line: String, file: String, line number: Int) throws -> Row {
        var cells = line.split(separator: "|", omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        if cells.count == 5 && cells[4].isEmpty { cells.removeLast() }
        guard cells.count == 4 else { throw FixtureError(file: file, message: "line \(number): \(cells.count) cells") }
        let parts = cells[1].components(separatedBy: "<br>")
        guard let mapType = MapType(rawValue: parts[0]) else {
            throw FixtureError(file: file, message: "line \(number): unknown map type '\(parts[0])'")
        }
        let valueMap = parts.dropFirst().compactMap { pair -> (from: String, to: String)? in
            let sides = pair.components(separatedBy: " : ").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: " `")) }
            return sides.count == 2 ? (sides[0], sides[1]) : nil
        }
        return Row(
            financeAndOperationsField: cells[0] == "none" ? nil : cells[0], mapType: mapType, valueMap: valueMap,
            dataverseField: cells[2] == "none" ? nil : cells[2], defaultValue: cells[3].isEmpty ? nil : cells[3])
    }

    /// A fixture that does not read as a map.
    struct FixtureError: Error, CustomStringConvertible {
        var file: String
        var message: String
        var description: String { "\(file): \(message)" }
    }
}

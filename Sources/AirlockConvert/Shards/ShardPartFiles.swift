import AirlockIO
import AirlockModel
import AirlockPackages
import Foundation

/// How a partition (`airlock partition`) holds a table on disk, each row keyed by its row in the whole export, and for a
/// Sales section a JSON file with what is not a table: read back with no parsing of the exports' XML or CSV. A table is
/// an image of its columns (`TableImageFile`, `.table`), read back in a few large reads, not a value at a time; the
/// join cuts a tree table into the parts a column at a time, each part's column the rows it owns (`TableColumnImage
/// .selecting`), without decoding a value.
enum ShardPartFiles {
    /// The extension of a table's file.
    static let tableExtension = "table"

    /// A Sales section's parts that are not tables.
    fileprivate struct SectionFacts: Codable {
        struct Problem: Codable {
            var row: Int
            var field: String
            var partyMember: Int?
            var value: String
            var type: String
            var message: String
            var line: Int?
        }
        struct Association: Codable {
            var attributes: [[String]]
            var targetIDs: [String]
        }
        var name: String
        var displayName: String?
        var otherAttributes: [[String]]
        var manyToMany: [Association]
        var undeclaredFields: [String]
        var valueProblems: [Problem]
        var fieldAttributeTables: Int
        var partyAttributeTables: Int
    }

    /// Writes a whole F&O table as `folder/base.table`, row `i` keyed by `i`, its row in the export (`splitTable` cuts
    /// it into the parts).
    static func writeTable(_ table: Table, folder: String, base: String) throws {
        try store(table, path: folder + "/" + base)
    }

    /// An F&O table `writeTable` wrote, with each row's export row.
    static func readTable(folder: String, base: String) throws -> (table: Table, exportRows: [Int]) {
        let read = try load(folder + "/" + base)
        return (read.table, read.keys.map { Int($0) })
    }

    /// Writes a whole Sales section as `folder/base.json` and `folder/base.*.table`, record `i` keyed by `i`, its row
    /// in the export (`splitSection` cuts it into the parts).
    static func writeSection(_ section: CMTEntityData, folder: String, base: String) throws {
        let facts = SectionFacts(
            name: section.name, displayName: section.displayName, otherAttributes: section.otherAttributes.map { [$0.name, $0.value] },
            manyToMany: section.manyToMany.map {
                SectionFacts.Association(attributes: $0.attributes.map { [$0.name, $0.value] }, targetIDs: $0.targetIDs)
            },
            undeclaredFields: section.undeclaredFields,
            valueProblems: section.valueProblems.map {
                .init(
                    row: $0.row, field: $0.field, partyMember: $0.partyMember, value: $0.value, type: $0.type.rawValue,
                    message: $0.message, line: $0.line)
            }, fieldAttributeTables: section.records.fieldAttributes.count,
            partyAttributeTables: section.partyMembers.fieldAttributes.count)
        try writeFacts(facts, to: folder + "/" + base + ".json")
        let tables =
            [("records", section.records.values)] + section.records.fieldAttributes.enumerated().map { ("attributes-\($0)", $1) }
            + [("party", section.partyMembers.values)]
            + section.partyMembers.fieldAttributes.enumerated().map { ("party-attributes-\($0)", $1) }
        for (part, table) in tables { try store(table, path: "\(folder)/\(base).\(part)") }
    }

    /// A Sales section `writeSection` wrote, with each record's export row.
    static func readSection(folder: String, base: String) throws -> (section: CMTEntityData, exportRows: [Int]) {
        let facts = try readFacts(folder + "/" + base + ".json")
        func table(_ part: String) throws -> (table: Table, keys: [UInt64]) {
            try load("\(folder)/\(base).\(part)")
        }
        var section = CMTEntityData(name: facts.name, displayName: facts.displayName, fieldNames: [])
        section.otherAttributes = facts.otherAttributes.map { CMTAttribute($0.first ?? "", $0.last ?? "") }
        section.manyToMany = facts.manyToMany.map {
            CMTManyToManyAssociation(attributes: $0.attributes.map { CMTAttribute($0.first ?? "", $0.last ?? "") }, targetIDs: $0.targetIDs)
        }
        section.undeclaredFields = facts.undeclaredFields
        section.valueProblems = facts.valueProblems.map {
            CMTValueProblemRecord(
                row: $0.row, field: $0.field, partyMember: $0.partyMember, value: $0.value, type: CMTFieldType(rawValue: $0.type),
                message: $0.message, line: $0.line)
        }
        let records = try table("records")
        section.records.values = records.table
        section.records.shareIDStorage()
        section.records.fieldAttributes = try (0..<facts.fieldAttributeTables).map { try table("attributes-\($0)").table }
        section.partyMembers.values = try table("party").table
        section.partyMembers.fieldAttributes = try (0..<facts.partyAttributeTables).map { try table("party-attributes-\($0)").table }
        return (section, records.keys.map { Int($0) })
    }

    /// Cuts the F&O table `base` that `writeTable` wrote whole in `folder` into `parts` (one folder per shard) by
    /// `owners` (each row's shard), each row keyed by its row in the export: what `writeTable` of the shard's rows
    /// would have written.
    static func splitTable(folder: String, base: String, owners: [UInt16], into parts: [String]) throws {
        try cut(path(folder, base), rows: rowsByOwner(owners, parts: parts.count), into: parts.map { path($0, base) }, exportKeys: true)
    }

    /// Cuts the Sales section `base` that `writeSection` wrote whole in `folder` into `parts` by `owners` (each record's
    /// shard), as `writeSection` would have written each shard's selection (`ShardOwnership.selecting`): its records
    /// and their field attributes, its party members renumbered to the kept records, its value problems with them.
    static func splitSection(folder: String, base: String, owners: [UInt16], into parts: [String]) throws {
        let facts = try readFacts(folder + "/" + base + ".json")
        // Each record's row among its shard's records.
        let rows = rowsByOwner(owners, parts: parts.count)
        var newRow = [Int](repeating: 0, count: owners.count)
        for shardRows in rows { for (index, row) in shardRows.enumerated() { newRow[row] = index } }
        func paths(_ part: String) -> (whole: String, parts: [String]) {
            (path(folder, "\(base).\(part)"), parts.map { path($0, "\(base).\(part)") })
        }
        let records = paths("records")
        try cut(records.whole, rows: rows, into: records.parts, exportKeys: true)
        for number in 0..<facts.fieldAttributeTables {
            let attributes = paths("attributes-\(number)")
            try cut(attributes.whole, rows: rows, into: attributes.parts, exportKeys: false)
        }
        let party = paths("party")
        let members = try cutParty(party.whole, owners: owners, newRow: newRow, into: party.parts)
        for number in 0..<facts.partyAttributeTables {
            let attributes = paths("party-attributes-\(number)")
            try cut(attributes.whole, rows: members.rows, into: attributes.parts, exportKeys: false)
        }
        for (shard, part) in parts.enumerated() {
            var mine = facts
            mine.valueProblems = facts.valueProblems.compactMap { problem in
                guard problem.row >= 0, problem.row < owners.count, Int(owners[problem.row]) == shard else { return nil }
                var moved = problem
                moved.row = newRow[problem.row]
                moved.partyMember = problem.partyMember.flatMap { $0 >= 0 && $0 < members.newRow.count ? members.newRow[$0] : nil }
                return moved
            }
            try writeFacts(mine, to: part + "/" + base + ".json")
        }
    }

    /// The path of table `base`'s file in `folder`.
    private static func path(_ folder: String, _ base: String) -> String { folder + "/" + base + "." + tableExtension }

    /// Each part's rows, in order, by `owners` (each row's part).
    private static func rowsByOwner(_ owners: [UInt16], parts: Int) -> [[Int]] {
        var rows = [[Int]](repeating: [], count: parts)
        for (row, owner) in owners.enumerated() where Int(owner) < parts { rows[Int(owner)].append(row) }
        return rows
    }

    /// Cuts the image `whole` into the images `parts`, part `i` holding rows `rows[i]`, a column at a time: keyed by
    /// their keys in `whole` (`exportKeys`), else by their place in the part.
    private static func cut(_ whole: String, rows: [[Int]], into parts: [String], exportKeys: Bool) throws {
        let reader = try TableImageReader(path: whole)
        // Each part's rows ascend and no row is in two parts: as many rows, all within the table, are each row once.
        guard rows.reduce(0, { $0 + $1.count }) == reader.rowCount, rows.allSatisfy({ ($0.last ?? -1) < reader.rowCount }) else {
            throw AirlockError(.io, "the table does not hold a row for each of the partition's owners", at: SourceLocation(file: whole))
        }
        let writers = try zip(parts, rows).map { path, rows in
            try TableImageWriter(
                path: path, name: reader.name, columnCount: reader.columnCount,
                keys: exportKeys ? rows.map { reader.keys[$0] } : (0..<rows.count).map { UInt64($0) })
        }
        while let column = try reader.nextColumn() {
            if let problem = column.problem {
                throw AirlockError(
                    .io, "not a whole Airlock table file: column \(column.name) is damaged: \(problem)", at: SourceLocation(file: whole))
            }
            for (writer, rows) in zip(writers, rows) { try writer.append(column.selecting(rows: rows)) }
        }
        for writer in writers { try writer.close() }
    }

    /// Cuts the party members of `whole` into `parts`: each goes with its record (`owners`), its record's row
    /// renumbered (`newRow`). Returns each part's members and each member's row in its part.
    private static func cutParty(_ whole: String, owners: [UInt16], newRow: [Int], into parts: [String]) throws
        -> (rows: [[Int]], newRow: [Int])
    {
        let (table, _) = try TableImageFile.read(path: whole)
        let recordColumn = table.columnIndex(named: CMTEntityData.partyRecordColumn) ?? 0
        var memberOwners: [UInt16] = []
        memberOwners.reserveCapacity(table.rowCount)
        var records: [Int] = []
        for member in 0..<table.rowCount {
            guard let text = table.value(row: member, column: recordColumn), let record = Int(text), record >= 0, record < owners.count
            else {
                throw AirlockError(.io, "a party member names no record of its section", at: SourceLocation(file: whole))
            }
            memberOwners.append(owners[record])
            records.append(record)
        }
        let rows = rowsByOwner(memberOwners, parts: parts.count)
        var memberRow = [Int](repeating: 0, count: table.rowCount)
        for (part, members) in rows.enumerated() {
            var columns = try table.selecting(rows: members).columns
            if recordColumn < columns.count {
                var renumbered = TableColumn(name: columns[recordColumn].name)
                for member in members { try renumbered.append(String(newRow[records[member]])) }
                columns[recordColumn] = renumbered
            }
            let selected = Table(name: table.name, columns: columns)
            for (index, member) in members.enumerated() { memberRow[member] = index }
            try TableImageFile.write(selected, keys: (0..<members.count).map { UInt64($0) }, to: parts[part])
        }
        return (rows, memberRow)
    }

    private static func readFacts(_ path: String) throws -> SectionFacts {
        do {
            return try JSONDecoder().decode(SectionFacts.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
        } catch {
            throw AirlockError(.io, "not a partition's section file", at: SourceLocation(file: path), cause: SystemErrorText.of(error))
        }
    }

    private static func writeFacts(_ facts: SectionFacts, to path: String) throws {
        try write(try ReportJSON.data(facts), to: path)
    }

    /// Writes `data` at `path`, a partition's file.
    /// - Throws: `AirlockError(.io)` naming the file.
    static func write(_ data: Data, to path: String) throws {
        do {
            try data.write(to: URL(fileURLWithPath: path))
        } catch {
            throw AirlockError(.io, "cannot write the file", at: SourceLocation(file: path), cause: SystemErrorText.of(error))
        }
    }

    /// Writes `table` at `path` (with the table's extension), row `i` keyed by `i`.
    private static func store(_ table: Table, path: String) throws {
        try TableImageFile.write(table, keys: (0..<table.rowCount).map { UInt64($0) }, to: path + "." + tableExtension)
    }

    /// The table `store` wrote at `path`, with its rows' keys.
    private static func load(_ path: String) throws -> (table: Table, keys: [UInt64]) {
        try TableImageFile.read(path: path + "." + tableExtension)
    }
}

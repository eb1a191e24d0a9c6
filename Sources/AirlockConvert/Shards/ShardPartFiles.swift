import AirlockIO
import AirlockModel
import AirlockPackages
import Foundation

/// How a partition (`airlock partition`) holds a table on disk: spool files (`TableSpoolWriter`, each row keyed by
/// its row in the whole export), and for a Sales section a JSON file with what is not a table. Read back value for
/// value, with no parsing of the exports' XML or CSV.
enum ShardPartFiles {
    /// A Sales section's parts that are not tables.
    private struct SectionFacts: Codable {
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

    /// Writes an F&O table as `folder/base.spool`, row `i` keyed by `exportRows[i]`; returns the file's name.
    static func writeTable(_ table: Table, exportRows: [Int]?, folder: String, base: String) throws -> [String] {
        let name = base + ".spool"
        try spool(table, keys: exportRows, path: folder + "/" + name)
        return [name]
    }

    /// An F&O table `writeTable` wrote, with each row's export row.
    static func readTable(folder: String, base: String) throws -> (table: Table, exportRows: [Int]) {
        let read = try TableSpoolReader.read(path: folder + "/" + base + ".spool")
        return (read.table, read.keys.map { Int($0) })
    }

    /// Writes a Sales section as `folder/base.json` and `folder/base.*.spool`, record `i` keyed by `exportRows[i]`;
    /// returns the files' names.
    static func writeSection(_ section: CMTEntityData, exportRows: [Int]?, folder: String, base: String) throws -> [String] {
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
        var names = [base + ".json"]
        do {
            try ReportJSON.data(facts).write(to: URL(fileURLWithPath: folder + "/" + names[0]))
        } catch {
            throw AirlockError(
                .io, "cannot write the file", at: SourceLocation(file: folder + "/" + names[0]), cause: SystemErrorText.of(error))
        }
        let tables =
            [("records", section.records.values)] + section.records.fieldAttributes.enumerated().map { ("attributes-\($0)", $1) }
            + [("party", section.partyMembers.values)]
            + section.partyMembers.fieldAttributes.enumerated().map { ("party-attributes-\($0)", $1) }
        for (part, table) in tables {
            let name = "\(base).\(part).spool"
            try spool(table, keys: part == "records" ? exportRows : nil, path: folder + "/" + name)
            names.append(name)
        }
        return names
    }

    /// A Sales section `writeSection` wrote, with each record's export row.
    static func readSection(folder: String, base: String) throws -> (section: CMTEntityData, exportRows: [Int]) {
        let path = folder + "/" + base + ".json"
        let facts: SectionFacts
        do {
            facts = try JSONDecoder().decode(SectionFacts.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
        } catch {
            throw AirlockError(.io, "not a partition's section file", at: SourceLocation(file: path), cause: SystemErrorText.of(error))
        }
        func table(_ part: String) throws -> (table: Table, keys: [UInt64]) {
            try TableSpoolReader.read(path: "\(folder)/\(base).\(part).spool")
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
        section.records.fieldAttributes = try (0..<facts.fieldAttributeTables).map { try table("attributes-\($0)").table }
        section.partyMembers.values = try table("party").table
        section.partyMembers.fieldAttributes = try (0..<facts.partyAttributeTables).map { try table("party-attributes-\($0)").table }
        return (section, records.keys.map { Int($0) })
    }

    private static func spool(_ table: Table, keys: [Int]?, path: String) throws {
        let writer = try TableSpoolWriter(path: path, name: table.name, columns: table.columnNames)
        for row in 0..<table.rowCount { try writer.append(row: row, of: table, key: UInt64(keys?[row] ?? row)) }
        try writer.close()
    }
}

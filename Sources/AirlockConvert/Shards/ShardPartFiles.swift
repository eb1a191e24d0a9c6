import AirlockIO
import AirlockModel
import AirlockPackages
import Foundation

/// How a partition (`airlock partition`) holds a table on disk, each row keyed by its row in the whole export, and for a
/// Sales section a JSON file with what is not a table: read back with no parsing of the exports' XML or CSV.
enum ShardPartFiles {
    /// How a table is kept (`Form.fileExtension` names its files).
    enum Form {
        /// A table cut into the parts, and each part: a spool file (`TableSpoolWriter`), cut row by row without
        /// decoding a value.
        case spool
        /// A table every shard reads whole (the reference data): an image of its columns (`TableImageFile`), read
        /// back in a few large reads, not a value at a time.
        case image

        var fileExtension: String {
            switch self {
            case .spool: "spool"
            case .image: "table"
            }
        }
    }

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

    /// Writes a whole F&O table as `folder/base.spool` (or `.table`), row `i` keyed by `i`, its row in the export
    /// (`splitTable` cuts a spool into the parts).
    static func writeTable(_ table: Table, folder: String, base: String, form: Form) throws {
        try store(table, path: folder + "/" + base, form: form)
    }

    /// An F&O table `writeTable` wrote, with each row's export row.
    static func readTable(folder: String, base: String, form: Form) throws -> (table: Table, exportRows: [Int]) {
        let read = try load(folder + "/" + base, form: form)
        return (read.table, read.keys.map { Int($0) })
    }

    /// Writes a whole Sales section as `folder/base.json` and `folder/base.*.spool` (or `.table`), record `i` keyed by
    /// `i`, its row in the export (`splitSection` cuts a spool into the parts).
    static func writeSection(_ section: CMTEntityData, folder: String, base: String, form: Form) throws {
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
        for (part, table) in tables { try store(table, path: "\(folder)/\(base).\(part)", form: form) }
    }

    /// A Sales section `writeSection` wrote, with each record's export row.
    static func readSection(folder: String, base: String, form: Form) throws -> (section: CMTEntityData, exportRows: [Int]) {
        let facts = try readFacts(folder + "/" + base + ".json")
        func table(_ part: String) throws -> (table: Table, keys: [UInt64]) {
            try load("\(folder)/\(base).\(part)", form: form)
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
    /// `owners` (each row's shard), row by row without decoding a value, each row keyed by its row in the export: what
    /// `writeTable` of the shard's rows would have written.
    static func splitTable(folder: String, base: String, owners: [UInt16], into parts: [String]) throws {
        try split(folder + "/" + base + ".spool", owners: { owners[$0] }, into: parts.map { $0 + "/" + base + ".spool" }, exportKeys: true)
    }

    /// Cuts the Sales section `base` that `writeSection` wrote whole in `folder` into `parts` by `owners` (each record's
    /// shard), as `writeSection` would have written each shard's selection (`ShardOwnership.selecting`): its records
    /// and their field attributes, its party members renumbered to the kept records, its value problems with them.
    static func splitSection(folder: String, base: String, owners: [UInt16], into parts: [String]) throws {
        let facts = try readFacts(folder + "/" + base + ".json")
        // Each record's row among its shard's records.
        var counts = [Int](repeating: 0, count: parts.count)
        let newRow = owners.map { owner in
            defer { counts[Int(owner)] += 1 }
            return counts[Int(owner)]
        }
        func spools(_ part: String) -> (whole: String, parts: [String]) {
            ("\(folder)/\(base).\(part).spool", parts.map { "\($0)/\(base).\(part).spool" })
        }
        let records = spools("records")
        try split(records.whole, owners: { owners[$0] }, into: records.parts, exportKeys: true)
        for number in 0..<facts.fieldAttributeTables {
            let attributes = spools("attributes-\(number)")
            try split(attributes.whole, owners: { owners[$0] }, into: attributes.parts, exportKeys: false)
        }
        // Party members: each goes with its record, the record's row renumbered.
        var memberOwners: [UInt16] = []
        var newMember: [Int] = []
        var memberCounts = [Int](repeating: 0, count: parts.count)
        let party = spools("party")
        var writers: [TableSpoolWriter] = []
        var recordColumn = 0
        try TableSpoolReader.forEachRow(path: party.whole) { name, columns in
            recordColumn = columns.firstIndex(of: CMTEntityData.partyRecordColumn) ?? 0
            writers = try party.parts.map { try TableSpoolWriter(path: $0, name: name, columns: columns) }
        } _: { _, _, values in
            guard let text = values[recordColumn].map({ String(decoding: $0, as: UTF8.self) }), let record = Int(text),
                record >= 0, record < owners.count
            else {
                throw AirlockError(.io, "a party member names no record of its section", at: SourceLocation(file: party.whole))
            }
            let owner = Int(owners[record])
            memberOwners.append(UInt16(owner))
            newMember.append(memberCounts[owner])
            var encoded: [UInt8] = []
            for (column, value) in values.enumerated() {
                if column == recordColumn {
                    Array(String(newRow[record]).utf8).withUnsafeBytes { TableSpoolWriter.encode($0, into: &encoded) }
                } else {
                    TableSpoolWriter.encode(value, into: &encoded)
                }
            }
            try encoded.withUnsafeBytes { try writers[owner].appendEncoded($0, key: UInt64(memberCounts[owner])) }
            memberCounts[owner] += 1
        }
        for writer in writers { try writer.close() }
        for number in 0..<facts.partyAttributeTables {
            let attributes = spools("party-attributes-\(number)")
            try split(attributes.whole, owners: { memberOwners[$0] }, into: attributes.parts, exportKeys: false)
        }
        for (shard, part) in parts.enumerated() {
            var mine = facts
            mine.valueProblems = facts.valueProblems.compactMap { problem in
                guard problem.row >= 0, problem.row < owners.count, Int(owners[problem.row]) == shard else { return nil }
                var moved = problem
                moved.row = newRow[problem.row]
                moved.partyMember = problem.partyMember.flatMap { $0 >= 0 && $0 < newMember.count ? newMember[$0] : nil }
                return moved
            }
            try writeFacts(mine, to: part + "/" + base + ".json")
        }
    }

    /// Moves each row of spool `whole` to the spool of its owner's part: keyed by its row in `whole` (`exportKeys`),
    /// else by its place in the part.
    private static func split(_ whole: String, owners: (Int) -> UInt16, into parts: [String], exportKeys: Bool) throws {
        var writers: [TableSpoolWriter] = []
        var counts = [UInt64](repeating: 0, count: parts.count)
        var row = 0
        try TableSpoolReader.forEachRow(path: whole) { name, columns in
            writers = try parts.map { try TableSpoolWriter(path: $0, name: name, columns: columns) }
        } _: { _, encoded, _ in
            let owner = Int(owners(row))
            guard owner < writers.count else {
                throw AirlockError(.io, "the spool has more rows than the partition's owners", at: SourceLocation(file: whole))
            }
            try writers[owner].appendEncoded(encoded, key: exportKeys ? UInt64(row) : counts[owner])
            counts[owner] += 1
            row += 1
        }
        for writer in writers { try writer.close() }
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

    /// Writes `table` at `path` with the extension of `form`, row `i` keyed by `i`.
    private static func store(_ table: Table, path: String, form: Form) throws {
        let path = path + "." + form.fileExtension
        switch form {
        case .image:
            try TableImageFile.write(table, keys: (0..<table.rowCount).map { UInt64($0) }, to: path)
        case .spool:
            let writer = try TableSpoolWriter(path: path, name: table.name, columns: table.columnNames)
            for row in 0..<table.rowCount { try writer.append(row: row, of: table, key: UInt64(row)) }
            try writer.close()
        }
    }

    /// The table `store` wrote at `path` in `form`, with its rows' keys.
    private static func load(_ path: String, form: Form) throws -> (table: Table, keys: [UInt64]) {
        let path = path + "." + form.fileExtension
        switch form {
        case .image: return try TableImageFile.read(path: path)
        case .spool: return try TableSpoolReader.read(path: path)
        }
    }
}

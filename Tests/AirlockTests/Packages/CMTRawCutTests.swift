import AirlockKit
import Foundation
import Testing

/// Sales batches are cut from a package Airlock wrote by copying its records' bytes (`CMTWrittenDataScanner`): the
/// batches of real exports written by Airlock hold the package record for record, party members and many-to-many
/// associations among them, each batch as Airlock's writer writes those records; an export Airlock did not write is
/// refused, naming the line, and no batch is left.
struct CMTRawCutTests {
    /// Real exports with party lists (three of them) and many-to-many associations (two).
    static let exports = [
        "abvogel-partylist/abvogel-partylist.cmt.zip", "abvogel-allentities/abvogel-allentities.cmt.zip",
        "edu-k12-sampledata-2022/K12-SampleData.zip", "ia-nonprofit/DefaultData.zip",
    ]

    /// Each section's records and, for the last of its pieces, associations, by entity, over the packages at `paths`.
    static func contents(_ paths: [String]) throws -> [String: (records: [CMTRecord], associations: [CMTManyToManyAssociation])] {
        var contents: [String: (records: [CMTRecord], associations: [CMTManyToManyAssociation])] = [:]
        for path in paths {
            for entity in try CMTPackageReader(path: path).read(valueProblems: .collect).data.entities {
                contents[entity.name, default: ([], [])].records += (0..<entity.recordCount).map { entity.record(at: $0) }
                contents[entity.name, default: ([], [])].associations += entity.manyToMany
            }
        }
        return contents
    }

    @Test(arguments: exports)
    func theBatchesOfARealExportWrittenByAirlockAreItsRecords(_ export: String) throws {
        let folder = try Fixture.scratchDirectory("airlock-raw-cut")
        let package = try CMTPackageReader(path: RealExport.path(export)).read(valueProblems: .collect)
        let written = folder + "/written.zip"
        try CMTPackageWriter.write(package, to: written)
        let whole = try Self.contents([written])
        // About five batches, sections cut among them.
        let records = whole.values.reduce(0) { $0 + $1.records.count }
        let limit = max(1, records / 5)
        let batches = try CMTPackageSplitter.split(written, limits: try PackageBatchLimits(records: limit), into: folder, stem: "b")
        let paths = batches.map { folder + "/" + $0.fileName }
        #expect(batches.count == (records + limit - 1) / limit)
        let union = try Self.contents(paths)
        #expect(Set(union.keys) == Set(whole.keys))
        for (entity, expected) in whole {
            #expect(union[entity]?.records == expected.records, "\(export): \(entity)'s records")
            #expect(union[entity]?.associations == expected.associations, "\(export): \(entity)'s associations")
        }
        // Each batch's data.xml is what the writer writes for the records it holds.
        for path in paths {
            let batch = try CMTPackageReader(path: path).read(valueProblems: .collect)
            let bytes = try openPackageSource(path: path).open(CMTPackage.dataMember).readAll()
            #expect(try CMTDataWriter(schema: batch.schema).bytes(batch.data) == bytes, "\(path)")
        }
    }

    @Test func anExportAirlockDidNotWriteIsRefusedNamingTheLine() throws {
        let folder = try Fixture.scratchDirectory("airlock-raw-cut")
        let export = RealExport.path("abvogel-allentities/abvogel-allentities.cmt.zip")
        let error = try #require(throws: AirlockError.self) {
            try CMTPackageSplitter.split(export, limits: try PackageBatchLimits(records: 2), into: folder, stem: "b")
        }
        #expect(error.code == .unsupported)
        #expect(error.location.entry == CMTPackage.dataMember && error.location.line != nil, "\(error)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    }

    @Test func aDocumentCutShortIsRefused() throws {
        let folder = try Fixture.scratchDirectory("airlock-raw-cut")
        let package = try CMTPackageReader(path: RealExport.path("abvogel-partylist/abvogel-partylist.cmt.zip")).read()
        var data = try CMTDataWriter(schema: package.schema).bytes(package.data)
        data.removeLast(Array("\r\n</entities>".utf8).count)
        let plain = folder + "/plain"
        try FileManager.default.createDirectory(atPath: plain, withIntermediateDirectories: true)
        try CMTPackageWriter.writePlain(schema: package.schema, into: plain) { sink in try data.withUnsafeBytes { try sink.write($0) } }
        let error = try #require(throws: AirlockError.self) {
            try CMTPackageSplitter.split(plain, limits: try PackageBatchLimits(records: 1), into: folder, stem: "b", form: .plainMembers)
        }
        #expect(error.code == .unsupported && error.message.contains("ends before </entities>"), "\(error)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["plain"])
    }

    /// Sections without records, and a record without fields (`<record id="…" />`), which no real export here holds.
    @Test func aSectionWithoutRecordsGoesWholeIntoTheBatchBeingFilled() throws {
        let folder = try Fixture.scratchDirectory("airlock-raw-cut")
        let package = try CMTPackageReader(path: RealExport.path("abvogel-partylist/abvogel-partylist.cmt.zip")).read()
        var data = try CMTDataWriter(schema: package.schema).bytes(package.data)
        let end = Array("\r\n</entities>".utf8)
        data.removeLast(end.count)
        // Both forms of a section without records: as the writer writes it, and with its records tags apart.
        let sections = [
            "<entity name=\"first\">\r\n    <records />\r\n    <m2mrelationships />\r\n  </entity>",
            "<entity name=\"second\">\r\n    <records>\r\n    </records>\r\n    <m2mrelationships />\r\n  </entity>",
        ]
        let record = "<record id=\"aaaaaaaa-0000-4000-8000-000000000009\" />"
        let third =
            "<entity name=\"third\">\r\n    <records>\r\n      \(record)\r\n    </records>\r\n    <m2mrelationships />\r\n  </entity>"
        for section in sections + [third] { data += Array("\r\n  \(section)".utf8) }
        data += end
        let plain = folder + "/plain"
        try FileManager.default.createDirectory(atPath: plain, withIntermediateDirectories: true)
        try CMTPackageWriter.writePlain(schema: package.schema, into: plain) { sink in try data.withUnsafeBytes { try sink.write($0) } }
        let batches = try CMTPackageSplitter.split(
            plain, limits: try PackageBatchLimits(records: 1), into: folder, stem: "b", form: .plainMembers)
        // The sections without records go into the batch of the record before them; the record without fields starts
        // the next one.
        let last = try #require(batches.last)
        #expect(last.sections.map(\.entity) == ["third"] && last.records == 1)
        let filled = try #require(batches.dropLast().last)
        #expect(filled.sections.suffix(2).map(\.entity) == ["first", "second"])
        #expect(filled.sections.suffix(2).allSatisfy { $0.records == 0 })
        let text = { (batch: PackageBatch) in
            try String(contentsOfFile: batch.path(in: folder, form: .plainMembers) + "/" + CMTPackage.dataMember, encoding: .utf8)
        }
        #expect(try sections.allSatisfy { try text(filled).contains($0) })
        #expect(try text(last).contains("\r\n      \(record)\r\n"))
    }
}

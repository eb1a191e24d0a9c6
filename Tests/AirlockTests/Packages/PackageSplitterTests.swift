import AirlockKit
import Foundation
import Testing

/// A package cut into batches: every batch under the limits, in the package's import order, and the union of the
/// batches the package itself, record for record (ids and values), on both sides.
struct PackageSplitterTests {
    /// A converted sample pair's folder, with `to-fo.zip` and `to-sales.zip`.
    static func convertedPair(accounts: Int) throws -> String {
        let folder = try Fixture.scratchDirectory("airlock-batches")
        _ = try SampleGenerator.write(to: folder, accounts: accounts, seed: 11)
        _ = try Converter.run(
            ConversionOptions(
                foPath: folder + "/" + RunLayout.foExport, salesPath: folder + "/" + RunLayout.salesExport,
                outputDirectory: folder + "/out", company: "USMF"),
            catalog: SchemaCatalogLoader.bundled())
        return folder + "/out"
    }

    /// Every record of a CMT package, by entity, in order.
    static func cmtRecords(_ path: String) throws -> [String: [CMTRecord]] {
        var records: [String: [CMTRecord]] = [:]
        for entity in try CMTPackageReader(path: path).read().data.entities {
            records[entity.name, default: []] += (0..<entity.recordCount).map { entity.record(at: $0) }
        }
        return records
    }

    /// Every record of an F&O package, by entity, as its file's header names and values, in order.
    static func foRecords(_ path: String) throws -> [String: [[String: String]]] {
        let reader = try FOPackageReader(source: openPackageSource(path: path))
        var records: [String: [[String: String]]] = [:]
        for entity in reader.manifest.entities {
            let table = try reader.readEntity(entity).table
            for row in 0..<table.rowCount {
                var record: [String: String] = [:]
                for (index, name) in table.columnNames.enumerated() { record[name] = table.value(row: row, column: index) ?? "" }
                records[entity.entityName, default: []].append(record)
            }
        }
        return records
    }

    @Test func aSalesPackageCutByRecordsIsThePackageRecordForRecord() throws {
        let out = try Self.convertedPair(accounts: 120)
        let limits = try PackageBatchLimits(records: 50)
        let batches = try CMTPackageSplitter.split(out + "/to-sales.zip", limits: limits, into: out, stem: "to-sales")
        #expect(batches.count > 2)
        #expect(batches.allSatisfy { $0.records <= 50 && $0.records > 0 })
        #expect(batches.map(\.fileName) == (1...batches.count).map { PackageBatch.fileName(stem: "to-sales", number: $0) })
        // Full batches but the last; a section cut by a batch continues in the next one.
        #expect(batches.dropLast().allSatisfy { $0.records == 50 })
        for (batch, next) in zip(batches, batches.dropFirst()) where batch.sections.last?.continues == true {
            #expect(next.sections.first?.entity == batch.sections.last?.entity)
        }
        var union: [String: [CMTRecord]] = [:]
        for batch in batches {
            for (entity, records) in try Self.cmtRecords(out + "/" + batch.fileName) { union[entity, default: []] += records }
        }
        #expect(union == (try Self.cmtRecords(out + "/to-sales.zip")))
        // Each batch's schema holds the entities it carries, in the package's import order.
        let order = try #require(try CMTPackageReader(path: out + "/to-sales.zip").schema.entityImportOrder)
        var last = -1
        for batch in batches {
            let schema = try CMTPackageReader(path: out + "/" + batch.fileName).schema
            #expect(Set(schema.entities.map(\.name)) == Set(batch.sections.map(\.entity)))
            for section in batch.sections {
                let position = try #require(order.firstIndex(of: section.entity))
                #expect(position >= last, "\(section.entity) comes after an entity it precedes in the import order")
                last = position
            }
        }
    }

    @Test func aSalesPackageCutBySizeStaysUnderTheLimit() throws {
        let out = try Self.convertedPair(accounts: 1_500)
        let size = try FileStatus.of(out + "/to-sales.zip").size
        let limits = try PackageBatchLimits(bytes: PackageBatchLimits.minimumBytes)
        let batches = try CMTPackageSplitter.split(out + "/to-sales.zip", limits: limits, into: out, stem: "to-sales")
        #expect(size > PackageBatchLimits.minimumBytes && batches.count >= 2, "\(size) bytes")
        for batch in batches {
            let written = try FileStatus.of(out + "/" + batch.fileName).size
            #expect(batch.bytes <= PackageBatchLimits.minimumBytes && batch.bytes == written)
        }
        #expect(batches.reduce(0) { $0 + $1.records } == (try Self.cmtRecords(out + "/to-sales.zip")).values.reduce(0) { $0 + $1.count })
    }

    @Test func anFOPackageCutByRecordsIsThePackageRecordForRecordInLoadOrder() throws {
        let out = try Self.convertedPair(accounts: 120)
        let limits = try PackageBatchLimits(records: 40)
        let batches = try FOPackageSplitter.split(out + "/to-fo.zip", limits: limits, into: out, stem: "to-fo")
        #expect(batches.count > 2 && batches.allSatisfy { $0.records <= 40 })
        var union: [String: [[String: String]]] = [:]
        var levels: [Int] = []
        for batch in batches {
            let reader = try FOPackageReader(source: openPackageSource(path: out + "/" + batch.fileName))
            #expect(reader.manifest.entities.map(\.entityName) == batch.sections.map(\.entity))
            levels += reader.manifest.entities.map { $0.levelInExecutionUnit ?? 0 }
            for (entity, records) in try Self.foRecords(out + "/" + batch.fileName) { union[entity, default: []] += records }
        }
        #expect(union == (try Self.foRecords(out + "/to-fo.zip")))
        #expect(levels == levels.sorted(), "a batch holds an entity of a lower level than an earlier one: \(levels)")
    }

    @Test func limitsBelowOneRecordOrAPackagesOwnFilesAreRefused() {
        #expect(throws: AirlockError.self) { try PackageBatchLimits(records: 0) }
        #expect(throws: AirlockError.self) { try PackageBatchLimits(bytes: 1_000) }
        #expect((try? PackageBatchLimits())?.isUnlimited == true)
    }
}

import AirlockKit
import Foundation
import Testing

@testable import AirlockConvert

/// `shard.json` (`ShardManifest`), what a shard hands `airlock merge`: the ordering key of a spooled record, the
/// manifest read back as written, and the spool files it lists (`ShardSpoolWriter`) holding what it says.
@Suite struct ShardManifestTests {
    /// Shard 0 of 2 of a small generated pair (shard 0 writes the reference data too), with its manifest's bytes.
    static func shard() throws -> (folder: String, manifest: Data, report: ConversionReport) {
        let pair = try ConvertFixture.generatedPair(accounts: 4, seed: 2)
        let folder = pair.folder + "/shard-0"
        let result = try Converter.run(
            ConversionOptions(foPath: pair.fo, salesPath: pair.sales, outputDirectory: folder, shard: ShardSelection(index: 0, count: 2)),
            catalog: SchemaCatalogLoader.bundled())
        return (folder, try Data(contentsOf: URL(fileURLWithPath: folder + "/" + RunLayout.shardManifest)), result.report)
    }

    @Test func aKeyPutsThePartAboveTheExportRow() {
        #expect(ShardManifest.formatVersion == 2)
        #expect(ShardManifest.key(part: 0, exportRow: 0) == 0)
        #expect(ShardManifest.key(part: 0, exportRow: 41) == 41)
        #expect(ShardManifest.key(part: 1, exportRow: 0) == 17_592_186_044_416)
        #expect(ShardManifest.key(part: 129, exportRow: 7) == 0x81 << 44 | 7)
        // The last row of a part comes before the first of the next.
        #expect(ShardManifest.key(part: 64, exportRow: (1 << 44) - 1) < ShardManifest.key(part: 65, exportRow: 0))
        #expect(ShardManifest.key(part: 64, exportRow: 3) < ShardManifest.key(part: 64, exportRow: 4))
    }

    @Test func aShardsManifestReadsBackAsWritten() throws {
        let (_, bytes, report) = try Self.shard()
        let manifest = try JSONDecoder().decode(ShardManifest.self, from: bytes)
        #expect(manifest.format == 2)
        #expect(manifest.shard == (try ShardSelection(index: 0, count: 2)))
        #expect(manifest.templateSet == "prospect-to-cash")
        #expect(manifest.company == report.company && !manifest.company.isEmpty)
        #expect(manifest.catalogDigests.isEmpty)
        #expect(manifest.salesTimestamp != nil)
        #expect(manifest.inputs.keys.sorted() == report.inputs.keys.sorted() && manifest.inputs.count == 2)
        #expect(manifest.options == report.options && manifest.options.shard == manifest.shard)
        let shards = try #require(report.shards)
        #expect(shards.count == 2 && shards.index == 0)
        #expect(manifest.summary.treeRecords == shards.treeRecords && manifest.summary.ownedRecords == shards.ownedRecords)
        #expect(manifest.summary.largestTree == shards.largestTree)
        #expect(manifest.summary.ownedRecords > 0 && manifest.summary.ownedRecords < manifest.summary.treeRecords)
        // Decoded and written again, the same bytes: nothing is lost on the way to merge.
        #expect(try ReportJSON.data(manifest) == bytes)
        // Format 2's fields, by name (an absent optional left out; `salesIDs` and `foKeys`, optional, from every shard of this build).
        let object = try #require(try JSONSerialization.jsonObject(with: bytes) as? [String: Any])
        let optional = manifest.unresolvedLookups == nil ? [] : ["unresolvedLookups"]
        #expect(
            object.keys.sorted()
                == ([
                    "catalogDigests", "company", "foFiles", "foKeys", "format", "inputs", "options", "rejects", "salesIDs", "salesParts",
                    "salesTimestamp",
                    "shard",
                    "summary", "templateSet",
                ] + optional).sorted())
    }

    @Test func everySpoolTheManifestListsHoldsItsRecordsInKeyOrder() throws {
        let (folder, bytes, report) = try Self.shard()
        let manifest = try JSONDecoder().decode(ShardManifest.self, from: bytes)
        #expect(!manifest.salesParts.isEmpty && manifest.foFiles.contains { $0.file != nil })
        let runOrder = try TemplateLoader.bundled(.prospectToCash).runOrder().map(\.name)
        for part in manifest.salesParts {
            let spool = try TableSpoolReader.read(path: folder + "/" + part.file)
            #expect(spool.table.rowCount == part.records && part.records > 0, "\(part.file)")
            // What merge plans the package by without reading the spool: its columns and the entities its lookups name.
            #expect(spool.table.columnNames == part.columns, "\(part.file)")
            let written = [Bool](repeating: true, count: spool.table.rowCount)
            #expect(part.references == SalesImportOrder.referencedEntities(spool.table, written: written, entity: part.entity).sorted())
            #expect(spool.keys == spool.keys.sorted() && Set(spool.keys).count == spool.keys.count, "\(part.file)")
            #expect(spool.keys.allSatisfy { $0 >> 44 == UInt64(part.part) }, "\(part.file)")
            // A flow's own records: part = its place in the run order times 64; the created count is the report's.
            if part.part % 64 == 0 {
                let flow = runOrder[part.part / 64]
                let counts = try #require(report.flows[flow]?.counts, "\(flow)")
                #expect(counts.created + counts.updated == part.records, "\(flow)")
                #expect(part.file == "spool/sales-\(part.part).spool")
            }
        }
        for file in manifest.foFiles {
            guard let name = file.file else {
                #expect(file.records == 0, "\(file.label)")
                continue
            }
            let spool = try TableSpoolReader.read(path: folder + "/" + name)
            #expect(spool.table.columnNames == file.columns, "\(file.label)")
            #expect(spool.table.rowCount == file.records && file.records > 0, "\(file.label)")
        }
        // The spools are the shard's outputs, each with its digest in the report.
        for name in manifest.salesParts.map(\.file) + manifest.foFiles.compactMap(\.file) {
            let size = try FileManager.default.attributesOfItem(atPath: folder + "/" + name)[.size] as? Int
            #expect(report.outputs[name]?.bytes == size && size != nil, "\(name)")
        }
    }

    @Test func mergeRefusesAManifestOfAnotherFormat() throws {
        let (folder, bytes, _) = try Self.shard()
        var object = try #require(try JSONSerialization.jsonObject(with: bytes) as? [String: Any])
        // A shard of the previous format: no columns or references in its parts.
        object["format"] = 1
        let parts = try #require(object["salesParts"] as? [[String: Any]])
        object["salesParts"] = parts.map { $0.filter { $0.key != "columns" && $0.key != "references" } }
        try JSONSerialization.data(withJSONObject: object).write(to: URL(fileURLWithPath: folder + "/" + RunLayout.shardManifest))
        let error = try #require(throws: AirlockError.self) {
            try ShardMerger.run(
                ShardMergeOptions(shardFolders: [folder], outputDirectory: folder + "/../merged"), catalog: SchemaCatalogLoader.bundled())
        }
        #expect(error.code == .usage)
        #expect(error.message == "the shard was written by an Airlock whose shard format is 1, not 2: convert it again")
    }
}

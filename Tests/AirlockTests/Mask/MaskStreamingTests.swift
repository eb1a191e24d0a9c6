import AirlockKit
import AirlockMask
import Foundation
import Testing

/// `airlock mask` streams: a Sales export a piece of a section at a time, an F&O entity file record by record. The
/// pieces must not show in the output, and each F&O file keeps its own delimiter and encoding.
@Suite struct MaskStreamingTests {
    static func key() throws -> MaskKey { try MaskKey(bytes: Array("a secret long enough for a test".utf8), source: "test") }

    static func bytes(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

    @Test func aSalesExportMaskedInSmallPiecesIsTheSame() throws {
        let folder = try Fixture.scratchDirectory("airlock-mask-pieces")
        let catalog = try SchemaCatalogLoader.bundled()
        var reports: [MaskReport] = []
        for pieces in [4_096, 7, 1] {
            let options = Masker.Options(
                foPath: nil, salesPath: ConvertFixture.sampleSales, outputDirectory: "\(folder)/\(pieces)", salesPieceRecords: pieces)
            reports.append(try Masker.run(options, key: Self.key(), catalog: catalog))
        }
        // Sections of hundreds of records cut into pieces of 7 and of 1: the same package, the same counts.
        #expect(try Self.bytes("\(folder)/7/sales-export.zip") == Self.bytes("\(folder)/4096/sales-export.zip"))
        #expect(try Self.bytes("\(folder)/1/sales-export.zip") == Self.bytes("\(folder)/4096/sales-export.zip"))
        #expect(reports[1].columns == reports[0].columns && reports[2].columns == reports[0].columns)
        #expect(reports[0].columns.contains { $0.distinct > 7 && $0.distinct < $0.masked })
        #expect(reports[0].records["sales"] == reports[1].records["sales"])
    }

    @Test func anFOFileKeepsItsDelimiterAndItsEncoding() throws {
        let folder = try Fixture.scratchDirectory("airlock-mask-dialect")
        // The sample F&O export written again with semicolons, each file in UTF-16 LE with its mark.
        let reader = try FOPackageReader(source: openPackageSource(path: ConvertFixture.sampleFO))
        let files = try reader.manifest.entities.map { line in
            FOEntityFile(
                entity: line, table: try reader.readEntity(line).table, encoding: .utf16LE,
                dialect: CSVDialect(delimiter: UInt8(ascii: ";")))
        }
        let semicolons = folder + "/semicolons.zip"
        try FOPackageWriter.write(header: reader.header, manifest: reader.manifest, files: files, to: semicolons)
        let options = Masker.Options(foPath: semicolons, salesPath: nil, outputDirectory: folder + "/masked")
        let report = try Masker.run(options, key: Self.key(), catalog: try SchemaCatalogLoader.bundled())
        #expect(report.columns.contains { $0.entity == "Customers V2" && $0.masked > 0 })
        let clear = try openPackageSource(path: semicolons)
        let masked = try openPackageSource(path: folder + "/masked/fo-export.zip")
        #expect(clear.members.map(\.name) == masked.members.map(\.name))
        for line in reader.manifest.entities {
            let member = try #require(line.inputFilePath)
            let before = try clear.open(member).readAll()
            let after = try masked.open(member).readAll()
            // The mark, the header and the delimiter as they were; the same number of lines.
            #expect(Array(after.prefix(2)) == [0xFF, 0xFE], "\(member)")
            func lines(_ bytes: [UInt8]) throws -> [Substring] {
                let text = try TextDecodingStream(MemoryByteStream(bytes), location: SourceLocation(file: member)).readAll()
                return String(decoding: text, as: UTF8.self).split(separator: "\r\n", omittingEmptySubsequences: false)
            }
            let clearLines = try lines(before)
            let maskedLines = try lines(after)
            #expect(clearLines.count == maskedLines.count, "\(member)")
            #expect(clearLines.first == maskedLines.first, "\(member)")
            #expect(maskedLines.first?.contains(";") == true, "\(member)")
        }
        // The masked file reads back with the masked names in it.
        let maskedReader = try FOPackageReader(source: masked)
        let customers = try #require(maskedReader.manifest.entities.first { $0.entityName == "Customers V2" })
        func names(_ table: Table) -> [String?] { (0..<table.rowCount).map { table.value(row: $0, column: "ORGANIZATIONNAME") } }
        let clearNames = names(try reader.readEntity(customers).table)
        let maskedNames = names(try maskedReader.readEntity(customers).table)
        #expect(clearNames.count == maskedNames.count && clearNames.count > 10 && clearNames != maskedNames)
    }
}

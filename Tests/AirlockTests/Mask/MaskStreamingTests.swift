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
            let options = MaskingOptions(
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
        let options = MaskingOptions(foPath: semicolons, salesPath: nil, outputDirectory: folder + "/masked")
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

    @Test func aDateKeptInPartsMovesAsTheSameDateWrittenWhole() throws {
        let folder = try Fixture.scratchDirectory("airlock-mask-date-parts")
        let reader = try FOPackageReader(source: openPackageSource(path: ConvertFixture.sampleFO))
        var manifest = reader.manifest
        manifest.entities = manifest.entities.filter { $0.entityName == "CDS Contacts" }
        let line = try #require(manifest.entities.first)
        var table = Table(
            name: "CDS Contacts", columnNames: ["CONTACTPERSONPARTYNUMBER", "FIRSTNAME", "BIRTHDAY", "BIRTHMONTH", "BIRTHYEAR"])
        let rows: [[String?]] = [
            ["P1", "Anna", "17", "May", "1980"],  // a whole date, the month by its name
            ["P2", "Ben", "29", "2", "0"],  // no year, the month by its number
            ["P3", "Cem", "0", "None", "0"],  // no date
            ["P4", "Dora", "31", "February", "1990"],  // no such day
            ["P5", "Eve", "17", "May", "1980"],  // P1's date again
        ]
        for row in rows { try table.appendRow(row) }
        let path = folder + "/births.zip"
        try FOPackageWriter.write(
            header: reader.header, manifest: manifest, files: [FOEntityFile(entity: line, table: table, encoding: .utf8BOM)], to: path)
        let key = try Self.key()
        let report = try Masker.run(
            MaskingOptions(foPath: path, salesPath: nil, outputDirectory: folder + "/masked"), key: key,
            catalog: try SchemaCatalogLoader.bundled())
        let masked = try FOPackageReader(source: openPackageSource(path: folder + "/masked/fo-export.zip"))
        let result = try masked.readEntity(try #require(masked.manifest.entities.first)).table
        func row(_ index: Int) -> [String] {
            ["BIRTHDAY", "BIRTHMONTH", "BIRTHYEAR"].map { result.value(row: index, column: $0) ?? "" }
        }
        // A whole date moves as the same date written whole does (a Sales contact's birthdate), its month by name.
        let whole = try #require(MaskReplacer(key: key).shiftedDate("1980-05-17"))
        let parts = row(0)
        let month =
            try #require(
                [
                    "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
                    "November", "December",
                ].firstIndex(of: parts[1])) + 1
        #expect(String(format: "%04d-%02d-%02d", Int(parts[2]) ?? 0, month, Int(parts[0]) ?? 0) == whole, "\(parts)")
        #expect(row(4) == parts)
        // Without a year: the day and month moved, the month still a number, the year still none.
        let noYear = row(1)
        #expect(noYear[2] == "0" && Int(noYear[1]) != nil && noYear != ["29", "2", "0"], "\(noYear)")
        // No date: as it was. No such day: nothing left of it.
        #expect(row(2) == ["0", "None", "0"])
        #expect(row(3) == ["", "", ""])
        let day = try #require(report.columns.first { $0.column == "BIRTHDAY" })
        #expect(day.method == "dateParts" && day.masked == 4 && day.distinct == 3, "\(day)")
        #expect(result.value(row: 0, column: "FIRSTNAME") != "Anna")
    }
}

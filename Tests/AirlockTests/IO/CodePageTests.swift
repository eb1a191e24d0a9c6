import AirlockKit
import Foundation
import Testing

/// Excel's default "CSV (Comma delimited)" save writes the system's ANSI code page, not UTF-8: Windows-1252 in
/// Western Europe. Such files were refused with a bare "invalid UTF-8 sequence"; now they are read when
/// `--fo-encoding` (or `--reviewed-encoding`) names the code page, and otherwise refused with a hint naming it.
@Suite struct CodePageTests {
    static func decode(_ bytes: [UInt8], codePage: SingleByteCodePage?, hint: String? = nil) throws -> String {
        let location = SourceLocation(file: "test.csv")
        let stream = try TextDecodingStream(MemoryByteStream(bytes), location: location, codePage: codePage, hint: hint)
        return String(decoding: try stream.readAll(), as: UTF8.self)
    }

    @Test func namesAndTables() throws {
        #expect(SingleByteCodePage(name: "windows-1252") == .windows1252)
        #expect(SingleByteCodePage(name: "CP1250") == .windows1250)
        #expect(SingleByteCodePage(name: "1251") == .windows1251)
        #expect(SingleByteCodePage(name: "ISO-8859-1") == .iso88591)
        #expect(SingleByteCodePage(name: "utf-8") == nil)
        // The characters Western European data holds, byte by byte.
        #expect(try Self.decode([0x80, 0xE9, 0xFC, 0xDF, 0x9A, 0x41], codePage: .windows1252) == "€éüßšA")
        #expect(try Self.decode([0xE8, 0xB9], codePage: .windows1250) == "čą")
        #expect(try Self.decode([0xC4, 0xE0], codePage: .windows1251) == "Да")
        #expect(try Self.decode([0xE9], codePage: .iso88591) == "é")
    }

    @Test func aByteOrderMarkWinsAndAnUndefinedByteIsAnError() throws {
        // A UTF-8 file with its mark stays UTF-8 whatever code page is given.
        #expect(try Self.decode([0xEF, 0xBB, 0xBF] + Array("Zürich".utf8), codePage: .windows1252) == "Zürich")
        // 0x81 is no character in Windows-1252.
        let error = try #require(throws: AirlockError.self) { try Self.decode(Array("a\nb".utf8) + [0x81], codePage: .windows1252) }
        #expect(error.code == .encoding && error.location.line == 2)
        #expect(error.message == "byte 0x81 is no character in windows-1252 (is the file in another code page?)")
    }

    @Test func withoutTheOptionTheErrorNamesIt() throws {
        let error = try #require(throws: AirlockError.self) {
            try Self.decode(try ExcelSavedExport.windows1252("name\nZürich\n"), codePage: nil, hint: "give --fo-encoding windows-1252")
        }
        #expect(error.message == "invalid UTF-8 byte 0xFC (is the file in another encoding?); give --fo-encoding windows-1252")
        #expect(error.location.line == 2)
    }

    @Test func convertReadsAnExcelSaveWhenTheOptionNamesItsCodePage() throws {
        let folder = try Fixture.scratchDirectory("airlock-code-page")
        let fo = try ExcelSavedExport.customers(in: folder)
        let plain = try AirlockRunner.run([
            "convert", "--fo", fo, "--sales", ConvertFixture.sampleSales, "--plan", "--no-ledger",
        ])
        #expect(plain.status == 2)
        #expect(plain.stderr.contains("Customers V2.csv: line "), "\(plain.stderr)")
        #expect(plain.stderr.contains("give --fo-encoding windows-1252 (Western Europe, the Americas)"), "\(plain.stderr)")
        #expect(plain.stderr.split(separator: "\n").count == 1)
        // One verdict on the package that cannot be read without the option: inspect and convert refuse it, and
        // validate, which reports every other finding too, exits as they do.
        for command in [["inspect", fo], ["validate", fo]] {
            let refused = try AirlockRunner.run(command)
            #expect(refused.status == 2, "\(command[0]): \(refused.stdout)\(refused.stderr)")
            #expect((refused.stdout + refused.stderr).contains("give --fo-encoding windows-1252"), "\(command[0])")
        }

        let read = try AirlockRunner.run([
            "convert", "--fo", fo, "--sales", ConvertFixture.sampleSales, "--out", folder + "/run", "--no-ledger", "--fo-encoding",
            "windows-1252",
        ])
        #expect(read.status == 0, "\(read.stderr)")
        let report = try JSONDecoder().decode(
            ConversionReport.self, from: Data(contentsOf: URL(fileURLWithPath: folder + "/run/" + RunLayout.conversionReport)))
        #expect(report.options.foEncoding == .windows1252)
        // Its manifest line still says CSV-Unicode: convert says what validate says, as a warning, since it reads the
        // file as the option says and does not import it.
        #expect(
            report.warnings.contains(
                "Customers V2.csv: SourceFormat CSV-Unicode expects UTF-16 LE text but the file is windows-1252; F&O says 'Selected file is not Unicode': convert reads it as the file is, but F&O would not import this file as it is (validate reports fo.file.encoding)"
            ), "\(report.warnings)")
        let reader = try FOPackageReader(source: openPackageSource(path: fo), fileEncoding: .option(.windows1252))
        let line = try #require(reader.manifest.entities.first { $0.entityName == "Customers V2" })
        let customers = try reader.readEntity(line).table
        let original = try #require(try ConvertFixture.foTables(ConvertFixture.sampleFO)["Customers V2"])
        #expect(customers.rowCount == original.rowCount)
        let cities = Set((0..<customers.rowCount).compactMap { customers.value(row: $0, column: "ADDRESSCITY") })
        #expect(cities.contains("Zürich"), "\(cities)")
        #expect(report.flows["accounts"]?.counts.read == 18)
        // Validate and inspect read it the same way; its manifest line still says CSV-Unicode, which F&O would refuse.
        let validated = try AirlockRunner.run(["validate", fo, "--fo-encoding", "1252"])
        #expect(validated.status == 1, "\(validated.stdout)\(validated.stderr)")
        #expect(
            validated.stdout.contains(
                "Customers V2.csv, value 'windows-1252': SourceFormat CSV-Unicode expects UTF-16 LE text but the file is windows-1252; F&O says 'Selected file is not Unicode'"
            ), "\(validated.stdout)")
        #expect(validated.stdout.contains("1 error,"), "\(validated.stdout)")
        let inspected = try AirlockRunner.run(["inspect", fo, "--fo-encoding", "cp1252"])
        #expect(inspected.status == 0 && inspected.stdout.contains("windows-1252"), "\(inspected.stdout)")
        let unknown = try AirlockRunner.run(["inspect", fo, "--fo-encoding", "shift-jis"])
        #expect(unknown.status != 0)
    }

    @Test func aReviewedFileExcelSavedIsReadWithItsCodePage() throws {
        let folder = try Fixture.scratchDirectory("airlock-code-page-review")
        let written = try SampleUnkeyedPair.write(to: folder, accounts: 200, seed: 5)
        func match(_ reviewed: String?, encoding: SingleByteCodePage? = nil) throws -> MatchReport {
            var options = MatchingOptions(
                foPath: written[0], salesPath: written[1], outputDirectory: folder + "/match", reviewedPath: reviewed)
            options.reviewedEncoding = encoding
            return try Matcher.run(options, catalog: SchemaCatalogLoader.bundled())
        }
        _ = try match(nil)
        var rows = try MatchQuality.rows(folder + "/match/" + RunLayout.matchList)
        let review = try #require(rows.indices.first { rows[$0]["class"] == "review" })
        rows[review]["decision"] = "accept"
        rows[review]["notes"] = "geprüft: gleiche Straße"
        // Saved by Excel in a German locale: `;` and Windows-1252.
        let utf8 = try EditedCSV.write(
            rows, header: MatchListColumns.all, to: folder + "/utf8.csv", encoding: .utf8, dialect: CSVDialect(delimiter: UInt8(ascii: ";"))
        )
        let text = try String(contentsOfFile: utf8, encoding: .utf8)
        let reviewed = folder + "/reviewed.csv"
        try Data(try ExcelSavedExport.windows1252(text)).write(to: URL(fileURLWithPath: reviewed))
        let error = try #require(throws: AirlockError.self) { try match(reviewed) }
        #expect(error.message.contains("give --reviewed-encoding windows-1252"), "\(error)")
        #expect(error.location.file == reviewed)
        #expect(try match(reviewed, encoding: .windows1252).decisionsKept == 1)
    }
}

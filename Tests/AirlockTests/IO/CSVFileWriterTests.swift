import AirlockIO
import Foundation
import Testing

/// `CSVFileWriter`, the one writer of the CSV lists Airlock leaves (reject files, `deleted.csv`, `missing.csv`,
/// `drifted.csv`, `not-found.csv`, delta spools), and `CSVWriter.text` for a list handed back as text.
struct CSVFileWriterTests {
    @Test func writesAHeaderThenQuotesOnlyWhatNeedsIt() throws {
        let path = try Fixture.scratchDirectory("airlock-csv-file") + "/list.csv"
        let file = try CSVFileWriter(path: path, header: ["key", "message"])
        try file.writeRecord(["A-1", "plain"])
        try file.writeField("A-2")
        try file.writeField("says \"no\", twice\nover two lines")
        try file.endRecord()
        try file.close()
        #expect(file.records == 2)
        let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(Array(bytes.prefix(3)) == [0xEF, 0xBB, 0xBF], "UTF-8 with BOM by default")
        #expect(
            String(decoding: bytes.dropFirst(3), as: UTF8.self)
                == "key,message\r\nA-1,plain\r\nA-2,\"says \"\"no\"\", twice\nover two lines\"\r\n")
    }

    @Test func rowsWrittenApartAreAppendedAfterTheHeader() throws {
        let folder = try Fixture.scratchDirectory("airlock-csv-file-parts")
        let part = try CSVFileWriter(path: folder + "/part.csv", encoding: .utf8)
        try part.writeRecord(["x", "1"])
        try part.close()
        let whole = try CSVFileWriter(path: folder + "/whole.csv", encoding: .utf8, header: ["name", "value"])
        try Data(contentsOf: URL(fileURLWithPath: folder + "/part.csv")).withUnsafeBytes { try whole.appendEncoded($0) }
        try whole.close()
        #expect(try String(contentsOfFile: folder + "/whole.csv", encoding: .utf8) == "name,value\r\nx,1\r\n")
    }

    @Test func textTakesTheDialectsLineEnding() throws {
        let text = try CSVWriter.text([["flow", "key"], ["accounts", "A,1"]], dialect: CSVDialect(lineEnding: [0x0A]))
        #expect(text == "flow,key\naccounts,\"A,1\"\n")
    }
}

import AirlockIO
import AirlockModel
import Testing

struct CSVReaderTests {
    private func rows(_ text: String, delimiter: Character = ",") throws -> [[String]] {
        let stream = try TextDecodingStream(MemoryByteStream(Array(text.utf8)), location: SourceLocation(entry: "t.csv"))
        let dialect = CSVDialect(delimiter: delimiter.asciiValue ?? UInt8(ascii: ","))
        return try CSVReader(stream, dialect: dialect, location: SourceLocation(entry: "t.csv")).readAll()
    }

    @Test func splitsPlainFieldsWithCRLFAndLF() throws {
        #expect(try rows("a,b,c\r\n1,2,3\n4,,6") == [["a", "b", "c"], ["1", "2", "3"], ["4", "", "6"]])
    }

    @Test func quotedFieldsHoldDelimitersNewlinesAndDoubledQuotes() throws {
        let text = "name,note\r\n\"Smith, John\",\"line one\r\nline \"\"two\"\"\"\r\n"
        #expect(try rows(text) == [["name", "note"], ["Smith, John", "line one\r\nline \"two\""]])
    }

    @Test func trailingDelimiterGivesEmptyLastField() throws {
        #expect(try rows("a,b,\n") == [["a", "b", ""]])
    }

    @Test func emptyLinesAreSkipped() throws {
        #expect(try rows("a\n\n\r\nb\n\n") == [["a"], ["b"]])
    }

    @Test func configurableDelimiter() throws {
        #expect(try rows("a;b\n\"x;y\";z\n", delimiter: ";") == [["a", "b"], ["x;y", "z"]])
    }

    @Test func quoteInsideUnquotedFieldIsText() throws {
        #expect(try rows("12\" pipe,x\n") == [["12\" pipe", "x"]])
    }

    @Test func unterminatedQuoteNamesWhereItOpened() throws {
        let error = try #require(throws: AirlockError.self) { try rows("a,b\n1,\"open\n2,3\n") }
        #expect(error.code == .malformedCSV)
        #expect(error.location.line == 2)
        #expect(error.location.column == 3)
        #expect(error.message.contains("unterminated"))
    }

    @Test func textAfterClosingQuoteIsAnError() throws {
        let error = try #require(throws: AirlockError.self) { try rows("\"ab\"c,d\n") }
        #expect(error.location.line == 1)
        #expect(error.location.column == 5)
    }

    @Test func nulByteIsAnError() throws {
        let error = try #require(throws: AirlockError.self) { try rows("a,b\nc\u{0},d\n") }
        #expect(error.location.line == 2)
    }

    @Test func overlongFieldIsAnError() throws {
        let stream = MemoryByteStream(Array(("\"" + String(repeating: "x", count: 5000)).utf8))
        let reader = CSVReader(stream, limits: CSVLimits(maxFieldBytes: 1000), location: SourceLocation(entry: "t.csv"))
        #expect(throws: AirlockError.self) { try reader.readAll() }
    }

    @Test func recordsSpanningBufferBoundariesAreIntact() throws {
        let long = String(repeating: "é", count: 200_000)
        let text = "h1,h2\r\n\"\(long)\",\(long)\r\nx,y\r\n"
        let result = try rows(text)
        #expect(result.count == 3)
        #expect(result[1] == [long, long])
        #expect(result[2] == ["x", "y"])
    }
}

import AirlockModel
import Testing

struct ErrorLocationTests {
    @Test func describesEveryKnownPart() {
        let error = AirlockError(
            .malformedCSV, "unterminated quoted field",
            at: SourceLocation(file: "pkg.zip", entry: "Customers V3.csv", line: 4, column: 12, field: "NAME"))
        #expect(error.description == "pkg.zip: Customers V3.csv: line 4, column 12: field NAME: unterminated quoted field")
    }

    @Test func innerLocationWinsOverOuter() {
        let inner = AirlockError(.malformedXML, "bad", at: SourceLocation(line: 3))
        let located = inner.within(SourceLocation(file: "a.zip", entry: "data.xml", line: 99))
        #expect(located.location == SourceLocation(file: "a.zip", entry: "data.xml", line: 3))
    }

    @Test func aLibraryMessageOverSeveralLinesStaysOneLine() {
        let error = AirlockError(
            .malformedXML, "XML is not well-formed: Input is not proper UTF-8, indicate encoding !\nBytes: 0xC3 0x28 0xFC 0x29\n",
            at: SourceLocation(file: "a.zip", entry: "data.xml", line: 7))
        #expect(
            error.description
                == "a.zip: data.xml: line 7: XML is not well-formed: Input is not proper UTF-8, indicate encoding !; Bytes: 0xC3 0x28 0xFC 0x29"
        )
    }
}

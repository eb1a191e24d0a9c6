import AirlockIO
import Testing

struct XMLStreamReaderTests {
    private func reader(_ text: String) throws -> XMLStreamReader {
        try XMLStreamReader(MemoryByteStream(Array(text.utf8)), location: SourceLocation(file: "t.zip", entry: "t.xml"))
    }

    @Test func reportsElementsAttributesAndText() throws {
        let r = try reader(#"<a x="1&amp;2"><b>text</b><c/></a>"#)
        #expect(try r.next() == .startElement)
        #expect(r.name == "a")
        #expect(r.attribute("x") == "1&2")
        #expect(r.attribute("missing") == nil)
        #expect(try r.next() == .startElement)
        #expect(try r.readElementText() == "text")
        #expect(try r.next() == .startElement)
        #expect(r.hasName("c"))
        #expect(r.isEmptyElement)
        #expect(try r.next() == .endElement)
        #expect(try r.next() == .endElement)
        #expect(try r.next() == nil)
    }

    @Test func readsUTF16LittleEndianWithBOM() throws {
        var bytes: [UInt8] = [0xFF, 0xFE]
        for unit in "<a>Zürich</a>".utf16 { bytes += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        let r = try XMLStreamReader(MemoryByteStream(bytes), location: SourceLocation())
        #expect(try r.next() == .startElement)
        #expect(try r.readElementText() == "Zürich")
    }

    @Test func malformedXMLNamesLineAndColumn() throws {
        let r = try reader("<a>\n<b>\n</a>")
        let error = try #require(throws: AirlockError.self) { while try r.next() != nil {} }
        #expect(error.code == .malformedXML)
        #expect(error.location.entry == "t.xml")
        #expect(error.location.line == 3)
    }

    @Test func refusesADoctype() throws {
        let r = try reader(#"<!DOCTYPE a [<!ENTITY x "boom">]><a>&x;</a>"#)
        let error = try #require(throws: AirlockError.self) { while try r.next() != nil {} }
        #expect(error.message.contains("DOCTYPE"))
    }

    @Test func truncatedDocumentIsAnError() throws {
        let r = try reader("<a><b>unfinished")
        #expect(throws: AirlockError.self) { while try r.next() != nil {} }
    }
}

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

    @Test func textSplitAcrossChunksAndReferencesIsOneNode() throws {
        // Longer than a parser chunk, with references that libxml2 reports as separate pieces.
        let long = String(repeating: "abc&amp;def ", count: 20_000)
        let r = try reader("<a><t>\(long)</t></a>")
        #expect(try r.next() == .startElement)
        #expect(try r.next() == .startElement)
        #expect(try r.readElementText() == String(repeating: "abc&def ", count: 20_000))
        #expect(try r.next() == .endElement)
        #expect(try r.next() == nil)
    }

    @Test func attributesKeepNamespaceDeclarationsAndDecodeEveryReference() throws {
        let r = try reader(#"<a xmlns:xsi="urn:x" xsi:nil="true" v="&lt;&amp;&#38;&#233;&quot;"/>"#)
        #expect(try r.next() == .startElement)
        #expect(r.attributes.map(\.name) == ["xmlns:xsi", "xsi:nil", "v"])
        #expect(r.attribute("v") == "<&&é\"")
        #expect(r.attribute("xsi:nil") == "true")
        #expect(r.attributeCount == 3)
    }

    @Test func linesPastLibxml2sNodeLimitAreExact() throws {
        let r = try reader("<a>" + String(repeating: "\n", count: 70_000) + "<b/></a>")
        #expect(try r.next() == .startElement)
        while try r.next() == .text {}
        #expect(r.hasName("b"))
        #expect(r.line == 70_001)
    }

    @Test func aTextNodeOverTheLimitIsRefused() throws {
        let stream = MemoryByteStream(Array(("<a>" + String(repeating: "x", count: 5_000) + "</a>").utf8))
        let r = try XMLStreamReader(stream, location: SourceLocation(file: "t.xml"), limits: XMLLimits(maxTextLength: 4_000))
        let error = try #require(throws: AirlockError.self) { while try r.next() != nil {} }
        #expect(error.code == .limitExceeded)
    }

    @Test func nestingDeeperThanTheLimitIsRefused() throws {
        let r = try reader(String(repeating: "<a>", count: 100) + String(repeating: "</a>", count: 100))
        let error = try #require(throws: AirlockError.self) { while try r.next() != nil {} }
        #expect(error.code == .limitExceeded)
        #expect(error.message.contains("64"))
    }

    @Test func anUndefinedEntityIsAnErrorAfterTheNodesBeforeIt() throws {
        let r = try reader("<a><b/>&bogus;</a>")
        #expect(try r.next() == .startElement)
        #expect(try r.next() == .startElement)
        #expect(try r.next() == .endElement)
        let error = try #require(throws: AirlockError.self) { while try r.next() != nil {} }
        #expect(error.code == .malformedXML)
        #expect(error.message.contains("bogus"))
    }

    @Test func anEmptyDocumentIsAnError() throws {
        let r = try reader("")
        #expect(throws: AirlockError.self) { _ = try r.next() }
    }
}

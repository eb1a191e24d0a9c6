import AirlockIO
import AirlockModel
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

    @Test func aStartTagOverSeveralLinesHasTheLineOfItsEnd() throws {
        let r = try reader("<a>\n<b\n  x=\"1\"\n/></a>")
        #expect(try r.next() == .startElement)
        #expect(try r.next() == .text)
        #expect(try r.next() == .startElement)
        #expect(r.line == 4)
        #expect(r.isEmptyElement)
        #expect(try r.next() == .endElement)
        #expect(r.line == 4)
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

    /// Every node as text, then the error or the end, as a reader in the given mode reports them.
    private func transcript(_ text: String, parseAhead: Bool) -> [String] {
        var lines: [String] = []
        do {
            let r = try XMLStreamReader(
                MemoryByteStream(Array(text.utf8)), location: SourceLocation(file: "t.xml"), parseAhead: parseAhead)
            while let kind = try r.next() {
                switch kind {
                case .startElement:
                    lines.append("<\(r.name) \(r.depth) \(r.line) \(r.isEmptyElement) \(r.attributes.map { "\($0.name)=\($0.value)" })")
                case .endElement: lines.append("</\(r.name) \(r.depth) \(r.line)")
                case .text: lines.append("'\(r.text)' \(r.line)")
                }
            }
            lines.append("end")
        } catch {
            lines.append("error \(error)")
        }
        return lines
    }

    @Test func parseAheadGivesTheSameNodesAndErrors() {
        let records = (0..<20_000).map { #"<record id="\#($0)"><field name="n" value="a&amp;b"/>text \#($0)</record>"# }.joined(
            separator: "\n")
        let documents = [
            "<entities>\n\(records)\n</entities>",
            "<entities>\n\(records)\n<broken></entities>",
            "<entities>\n\(records)",
            "<a><t>" + String(repeating: "long &lt;text&gt; ", count: 30_000) + "</t></a>",
            #"<!DOCTYPE a [<!ENTITY x "boom">]><a>&x;</a>"#,
            "",
            "<a/>",
        ]
        for document in documents {
            let inline = transcript(document, parseAhead: false)
            #expect(inline.count > 0)
            #expect(transcript(document, parseAhead: true) == inline)
        }
    }

    @Test func droppingAParseAheadReaderEarlyStopsItsThread() throws {
        let records = String(repeating: "<record><field name=\"n\" value=\"v\"/></record>\n", count: 50_000)
        for _ in 0..<20 {
            let r = try XMLStreamReader(
                MemoryByteStream(Array("<entities>\(records)</entities>".utf8)), location: SourceLocation(), parseAhead: true)
            #expect(try r.next() == .startElement)
            #expect(try r.next() == .startElement)
        }
    }
}

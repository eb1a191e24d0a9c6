import AirlockIO
import AirlockModel
import AirlockPackages
import Foundation
import Testing

/// `CMTSectionScanner` cuts a data.xml at its sections by bytes: the pieces are the document again, the sections are
/// the elements libxml2 finds, and a range of sections parsed on its own reports the document's lines and columns.
@Suite struct CMTSectionScannerTests {
    /// A data.xml as CMT writes it: declaration, root, sections on lines of their own, a comment and a CDATA section
    /// that hold `<entity` text, and a self-closing section.
    static let pretty = """
        <?xml version="1.0" encoding="utf-8"?>
        <entities xmlns:xsd="http://www.w3.org/2001/XMLSchema" timestamp="2024-01-01T00:00:00Z">
          <!-- <entity name="commented"> -->
          <entity name="account" displayname="Account">
            <records>
              <record id="3f2504e0-4f89-11d3-9a0c-0305e82c3301">
                <field name="name" value="Ä &lt;entity&gt; Co" />
              </record>
            </records>
            <m2mrelationships />
          </entity>
          <entity name='contact' displayname="Contact &amp; more"><records><record id="3f2504e0-4f89-11d3-9a0c-0305e82c3302"><field name="note" value="x &gt; y"/></record></records></entity>
          <entity name="empty" displayname="Empty"/>
          <entity name="lead" displayname="Lead">
            <records><![CDATA[<entity name="inside">]]></records>
          </entity>
        </entities>

        """

    /// The pieces `scan` hands out, and its outcome, reading `bytes` a `step` of bytes at a time.
    static func scan(_ bytes: [UInt8], step: Int = .max) throws -> (
        pieces: [CMTSectionScanner.Piece: [UInt8]], order: [CMTSectionScanner.Piece], outcome: CMTSectionScanner.Outcome
    ) {
        var pieces: [CMTSectionScanner.Piece: [UInt8]] = [:]
        var order: [CMTSectionScanner.Piece] = []
        let outcome = try CMTSectionScanner.scan(SteppedStream(bytes, step: step)) { piece, span in
            if order.last != piece { order.append(piece) }
            pieces[piece, default: []].append(contentsOf: span)
        }
        return (pieces, order, outcome)
    }

    @Test(arguments: [Int.max, 1, 3, 7, 64])
    func thePiecesAreTheDocumentAgain(step: Int) throws {
        let bytes = Array(Self.pretty.utf8)
        let (pieces, order, outcome) = try Self.scan(bytes, step: step)
        #expect(outcome.notCut == nil)
        #expect(outcome.sections.map(\.entity) == ["account", "contact", "empty", "lead"])
        #expect(order == [.head] + (0..<4).map { .section($0) })
        #expect(order.flatMap { pieces[$0] ?? [] } == bytes)
        #expect(outcome.headBytes == pieces[.head]?.count)
        #expect(outcome.sections.enumerated().allSatisfy { $1.bytes == pieces[.section($0)]?.count })
        // Each section starts with its start tag; the head holds the comment.
        #expect(String(decoding: pieces[.head] ?? [], as: UTF8.self).contains("commented"))
        for (number, section) in outcome.sections.enumerated() {
            #expect(String(decoding: pieces[.section(number)] ?? [], as: UTF8.self).hasPrefix("<entity name=") == true)
            #expect(section.column == 3, "\(section.entity)")
        }
        #expect(outcome.sections.map(\.line) == [4, 12, 13, 14])
    }

    /// A one-line document: the sections' columns count characters (Ä is one), as libxml2's do.
    @Test func aOneLineDocumentIsCutByColumns() throws {
        let text =
            #"<?xml version="1.0"?><entities><entity name="a"><records><record id="1"><field name="n" value="Ä"/></record></records></entity><entity name="b"/></entities>"#
        let (_, _, outcome) = try Self.scan(Array(text.utf8))
        #expect(outcome.sections.map(\.line) == [1, 1])
        let first = try #require(text.range(of: #"<entity name="a""#))
        let second = try #require(text.range(of: #"<entity name="b""#))
        #expect(outcome.sections.map(\.column) == [first, second].map { text.distance(from: text.startIndex, to: $0.lowerBound) + 1 })
    }

    @Test(arguments: [
        ("\u{FEFF}<?xml version=\"1.0\" encoding=\"windows-1252\"?><entities><entity name=\"a\"/></entities>", "encoding windows-1252"),
        ("<?xml version=\"1.0\"?><!DOCTYPE entities []><entities><entity name=\"a\"/></entities>", "document type"),
        ("<?xml version=\"1.0\"?><entities></entities>", "no <entity> section"),
        ("<?xml version=\"1.0\"?><other/>", "no root"),
        ("<?xml version=\"1.0\"?><entities><entity name=\"a\"><records>", "not closed"),
        ("<?xml version=\"1.0\"?><entities><!-- <entity name=\"a\"/>", "not closed"),
        ("<?xml version=\"1.0\"?><entity name=\"a\"/>", "before the root"),
    ])
    func aDocumentItCannotCutSafelyIsNotCut(text: String, reason: String) throws {
        let (_, _, outcome) = try Self.scan(Array(text.utf8), step: 5)
        #expect(outcome.notCut?.contains(reason) == true, "\(outcome.notCut ?? "cut")")
    }

    @Test func aUTF16DocumentIsNotCut() throws {
        var bytes: [UInt8] = [0xFF, 0xFE]
        for unit in "<?xml version=\"1.0\"?><entities><entity name=\"a\"/></entities>".utf16 {
            bytes += [UInt8(unit & 0xFF), UInt8(unit >> 8)]
        }
        #expect(try Self.scan(bytes).outcome.notCut == "it is not in UTF-8")
    }

    /// Sections 1 and 3 parsed on their own (the head, each after a line break, and a closing tag) report every
    /// position as the whole document's parse does: here the error of a damaged record in section 3.
    /// Line ends as Windows and old Mac files write them are counted as libxml2 counts them (a carriage return alone is
    /// no line break to libxml2), and the line libxml2 writes into its message is mapped too.
    @Test(arguments: [([3], "\n"), ([1, 3], "\n"), ([0, 1, 2, 3], "\n"), ([1, 3], "\r\n"), ([0, 3], "\r")])
    func aRangeReportsTheDocumentsPositions(numbers: [Int], lineEnd: String) throws {
        var text = Self.pretty
        text = text.replacingOccurrences(
            of: "<records><![CDATA[", with: "<records>\n      <record id=\"x\"><field name=\"n\" value=\"1\"></records><![CDATA[")
        text = text.replacingOccurrences(of: "\n", with: lineEnd)
        let bytes = Array(text.utf8)
        let location = SourceLocation(file: "sales.zip", entry: "data.xml")
        let whole = try #require(throws: AirlockError.self) { try Self.drain(XMLStreamReader(MemoryByteStream(bytes), location: location)) }
        #expect(whole.location.line == (lineEnd == "\r" ? 1 : 16))
        let (pieces, _, outcome) = try Self.scan(bytes)
        var range = pieces[.head] ?? []
        for number in numbers { range += [0x0A] + (pieces[.section(number)] ?? []) }
        if numbers.last != outcome.sections.count - 1 { range += Array("\n</entities>\n".utf8) }
        let positions = CMTSectionScanner.positions(of: numbers, among: outcome.sections)
        let found = try #require(throws: AirlockError.self) {
            try Self.drain(XMLStreamReader(MemoryByteStream(range), location: location, positions: positions))
        }
        #expect(found.description == whole.description)
        // A node's line and column too: the start tag of each section's first <record>.
        let reader = try XMLStreamReader(MemoryByteStream(range), location: location, positions: positions)
        let original = try XMLStreamReader(MemoryByteStream(bytes), location: location)
        var seen: [String: (Int, Int)] = [:]
        while let kind = try? original.next() {
            if kind == .startElement, original.name == "record" { seen[original.attribute("id") ?? ""] = (original.line, original.column) }
        }
        while let kind = try? reader.next() {
            if kind == .startElement, reader.name == "record", let id = reader.attribute("id"), let expected = seen[id] {
                #expect(reader.line == expected.0 && reader.column == expected.1, "record \(id)")
            }
        }
    }

    static func drain(_ reader: XMLStreamReader) throws {
        while try reader.next() != nil {}
    }
}

/// A stream that hands out at most `step` bytes a read.
private final class SteppedStream: ByteStream {
    private let bytes: [UInt8]
    private let step: Int
    private var offset = 0

    init(_ bytes: [UInt8], step: Int) {
        self.bytes = bytes
        self.step = step
    }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        let count = min(buffer.count, step, bytes.count - offset)
        guard count > 0 else { return 0 }
        bytes.withUnsafeBytes { buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[offset..<(offset + count)])) }
        offset += count
        return count
    }
}

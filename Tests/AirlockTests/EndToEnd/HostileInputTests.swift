import AirlockIO
import AirlockModel
import AirlockPackages
import Foundation
import Testing

/// Hostile and broken input: each case is refused with a clear error, in bounded time and memory.
struct HostileInputTests {
    private func parseAll(_ bytes: [UInt8]) throws {
        let reader = try XMLStreamReader(MemoryByteStream(bytes), location: SourceLocation(file: "p.zip", entry: "x.xml"))
        while try reader.next() != nil {}
    }

    @Test func billionLaughsIsRefusedAtTheDoctype() throws {
        let xml = """
            <?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
            <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]><lolz>&lol3;</lolz>
            """
        // libxml2 reads ahead of the reader: it may stop at the entity loop before the DOCTYPE node is seen.
        let error = try #require(throws: AirlockError.self) { try parseAll(Array(xml.utf8)) }
        #expect(error.code == .malformedXML)
        #expect(error.message.contains("DOCTYPE") || error.message.contains("entity"))
    }

    @Test func externalEntityIsRefused() throws {
        let xml = #"<?xml version="1.0"?><!DOCTYPE a [<!ENTITY x SYSTEM "file:///etc/passwd">]><a>&x;</a>"#
        #expect(throws: AirlockError.self) { try parseAll(Array(xml.utf8)) }
    }

    @Test func deepNestingIsRefused() throws {
        let xml = String(repeating: "<a>", count: 10_000) + String(repeating: "</a>", count: 10_000)
        let error = try #require(throws: AirlockError.self) { try parseAll(Array(xml.utf8)) }
        #expect(error.code == .limitExceeded)
    }

    @Test func oversizedTextNodeIsRefused() throws {
        let xml = "<a>" + String(repeating: "x", count: 12_000_000) + "</a>"
        let error = try #require(throws: AirlockError.self) { try parseAll(Array(xml.utf8)) }
        #expect(error.location.entry == "x.xml")
    }

    @Test func declarationThatContradictsTheBytesIsAnError() throws {
        let utf8Labelled16 = Array(#"<?xml version="1.0" encoding="utf-16"?><a>Zürich</a>"#.utf8)
        let error = try #require(throws: AirlockError.self) { try parseAll(utf8Labelled16) }
        #expect(error.code == .encoding)
        #expect(error.message.contains("UTF-8"))

        var utf16Labelled8: [UInt8] = [0xFF, 0xFE]
        for unit in #"<?xml version="1.0" encoding="utf-8"?><a/>"#.utf16 { utf16Labelled8 += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        #expect(throws: AirlockError.self) { try parseAll(utf16Labelled8) }

        let latin1 = Array(#"<?xml version="1.0" encoding="ISO-8859-1"?><a>Z"#.utf8) + [0xFC] + Array("rich</a>".utf8)
        let latinError = try #require(throws: AirlockError.self) { try parseAll(latin1) }
        #expect(latinError.message.contains("iso-8859-1"))
    }

    @Test func consistentDeclarationsAreAccepted() throws {
        try parseAll(Array(#"<?xml version="1.0" encoding="UTF-8"?><a>Zürich</a>"#.utf8))
        var utf16: [UInt8] = [0xFF, 0xFE]
        for unit in #"<?xml version="1.0" encoding="utf-16"?><a>東京</a>"#.utf16 { utf16 += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        try parseAll(utf16)
    }

    @Test func invalidUTF8InXMLIsAnError() throws {
        #expect(throws: AirlockError.self) { try parseAll(Array("<a>Z".utf8) + [0xFC] + Array("rich</a>".utf8)) }
    }

    @Test func highlyCompressedArchiveIsRefusedAsABomb() throws {
        let folder = try Fixture.scratchDirectory()
        let path = folder + "/bomb.zip"
        let writer = try ZipArchiveWriter(path: path)
        let zeros = [UInt8](repeating: 0, count: 1 << 20)
        try writer.addEntry(name: "data.xml") { sink in
            for _ in 0..<64 { try zeros.withUnsafeBytes { try sink.write($0) } }
        }
        try writer.finish()
        let error = try #require(throws: AirlockError.self) { try ZipArchiveReader(path: path) }
        #expect(error.code == .limitExceeded)
        #expect(error.message.contains("zip bomb"))
        // With the limit raised, the same archive reads.
        _ = try ZipArchiveReader(path: path, limits: ZipLimits(maxCompressionRatio: 100_000))
    }

    @Test func totalAndPerEntrySizeLimitsApply() throws {
        let folder = try Fixture.scratchDirectory()
        let path = try ZipFixture.make(
            folder + "/two.zip", entries: ["a.csv": Array(repeating: 65, count: 600), "b.csv": Array(repeating: 66, count: 600)])
        let total = try #require(throws: AirlockError.self) { try ZipArchiveReader(path: path, limits: ZipLimits(maxTotalSize: 1000)) }
        #expect(total.location.entry == "b.csv")
        let entry = try #require(throws: AirlockError.self) { try ZipArchiveReader(path: path, limits: ZipLimits(maxEntrySize: 500)) }
        #expect(entry.location.entry == "a.csv")
    }

    @Test func emptyEntityFileIsAnError() throws {
        let source = MemoryPackageSource(
            path: "p.zip",
            members: [
                (
                    "Manifest.xml",
                    FOManifestWriter.manifestBytes(
                        FOManifest(
                            definitionGroupName: "G", description: nil,
                            entities: [
                                FOManifestLineBuilder.line(label: "Customers V3", technicalName: nil, columns: ["A"], sourceFormat: "CSV")
                            ]))
                ),
                ("PackageHeader.xml", FOManifestWriter.headerBytes(FOPackageHeader(description: "G"))),
                ("Customers V3.csv", []),
            ])
        let reader = try FOPackageReader(source: source)
        let error = try #require(throws: AirlockError.self) { try reader.summarize(try #require(reader.manifest.entities.first)) }
        #expect(error.message.contains("empty"))
        #expect(error.location.entry == "Customers V3.csv")
    }
}

import AirlockIO
import AirlockModel
import Testing

struct TextEncodingTests {
    private func decode(_ bytes: [UInt8]) throws -> (TextEncoding, String) {
        let stream = try TextDecodingStream(MemoryByteStream(bytes), location: SourceLocation(entry: "t.txt"))
        return (stream.encoding, String(decoding: try stream.readAll(), as: UTF8.self))
    }

    private func encode(_ text: String, _ encoding: TextEncoding) throws -> [UInt8] {
        let sink = MemoryByteSink()
        let writer = try TextEncodingWriter(sink: sink, encoding: encoding)
        try writer.write(text)
        try writer.flush()
        return sink.bytes
    }

    @Test(arguments: [TextEncoding.utf8, .utf8BOM, .utf16LE, .utf16BE])
    func roundTripsEveryEncoding(_ encoding: TextEncoding) throws {
        let text = "Zürich, São Paulo, 東京, 😀\r\nline 2"
        let bytes = try encode(text, encoding)
        #expect(bytes.starts(with: encoding.byteOrderMark))
        let (detected, decoded) = try decode(bytes)
        #expect(detected == encoding)
        #expect(decoded == text)
    }

    @Test func utf16LEHasTheExpectedBytes() throws {
        #expect(try encode("A€", .utf16LE) == [0xFF, 0xFE, 0x41, 0x00, 0xAC, 0x20])
    }

    /// A write longer than the writer's transcoding block (4 KiB) with scalars of every UTF-8 length straddling
    /// its edges gives the standard library's UTF-16, in both byte orders.
    @Test(arguments: [TextEncoding.utf16LE, .utf16BE])
    func longTextCrossesTheTranscodingBlocks(_ encoding: TextEncoding) throws {
        let text = String(repeating: "a€ü😀東", count: 1_500)
        var expected = encoding.byteOrderMark
        for unit in text.utf16 {
            let bytes = [UInt8(unit & 0xFF), UInt8(unit >> 8)]
            expected += encoding == .utf16LE ? bytes : bytes.reversed()
        }
        #expect(try encode(text, encoding) == expected)
    }

    /// UTF-16 is read four ASCII characters at a time where it can be: text mixing ASCII runs of every length with
    /// line feeds, two- and three-byte scalars and surrogate pairs at every offset decodes as the standard
    /// library's, with the lines counted; a NUL in such a run is still an error naming its line.
    @Test(arguments: [TextEncoding.utf16LE, .utf16BE])
    func utf16DecodesASCIIRunsAndWhatBreaksThem(_ encoding: TextEncoding) throws {
        var text = ""
        for length in 0..<40 {
            text += String(repeating: "x", count: length) + ["\n", "é", "€", "😀", "\r\n"][length % 5]
        }
        text = String(repeating: text, count: 50)
        let (_, decoded) = try decode(try encode(text, encoding))
        #expect(decoded == text)
        let stream = try TextDecodingStream(MemoryByteStream(try encode(text, encoding)), location: SourceLocation(entry: "t.txt"))
        _ = try stream.readAll()
        #expect(stream.line == text.utf8.filter { $0 == 0x0A }.count + 1)
        for offset in 0..<8 {
            var units = Array("abc\ndefghij\nklm".utf16)
            units.insert(0, at: 4 + offset)
            var bytes = encoding.byteOrderMark
            for unit in units {
                let pair = [UInt8(unit & 0xFF), UInt8(unit >> 8)]
                bytes += encoding == .utf16LE ? pair : pair.reversed()
            }
            let error = try #require(throws: AirlockError.self) { try decode(bytes) }
            #expect(error.code == .encoding)
            // The NUL lies after the first line feed and before the second, whichever lane it falls in.
            #expect(error.location.line == 2)
        }
    }

    @Test func invalidUTF8IsAnErrorWithTheLine() throws {
        let error = try #require(throws: AirlockError.self) { try decode(Array("ok\nbad ".utf8) + [0xC3, 0x28]) }
        #expect(error.code == .encoding)
        #expect(error.location.line == 2)
    }

    @Test func loneSurrogateIsAnError() throws {
        #expect(throws: AirlockError.self) { try decode([0xFF, 0xFE, 0x41, 0x00, 0x00, 0xD8, 0x41, 0x00]) }
        #expect(throws: AirlockError.self) { try decode([0xFF, 0xFE, 0x00, 0xDC]) }
    }

    @Test func truncatedSequencesAreErrors() throws {
        #expect(throws: AirlockError.self) { try decode(Array("ab".utf8) + [0xE2, 0x82]) }
        #expect(throws: AirlockError.self) { try decode([0xFF, 0xFE, 0x41, 0x00, 0x42]) }
    }

    @Test func overlongUTF8IsRefused() throws {
        #expect(throws: AirlockError.self) { try decode([0x41, 0xC0, 0xAF]) }
    }
}

import AirlockModel
internal import CLibXML2

/// Feeds a document to libxml2's SAX2 push parser a chunk at a time and hands the nodes on in batches.
///
/// Used by one thread at a time: the reader's, or the parse-ahead thread of an `XMLBatchRing`.
final class XMLChunkParser {
    private let parser: xmlParserCtxtPtr
    /// Allocated here, so that the parser's callbacks can hold a stable pointer to it.
    private let buffer: UnsafeMutablePointer<XMLEventBuffer>
    private let stream: ByteStream
    private let location: SourceLocation
    private var chunk: [UInt8]
    /// The stream is at its end and the parser has been told so (or has stopped).
    private var finished = false

    /// Bytes handed to the parser at a time.
    static let chunkSize = 64 * 1024

    private static let libraryInitialized: Bool = {
        xmlInitParser()
        return true
    }()

    /// Starts a parser on `stream`, whose encoding has been checked.
    /// - Throws: the stream's error, or `AirlockError` when libxml2 cannot start.
    init(_ stream: ByteStream, location: SourceLocation, limits: XMLLimits) throws {
        _ = Self.libraryInitialized
        var handler = XMLEventBuffer.handler()
        // The first bytes go in with the context, so that libxml2 detects the encoding from them.
        var first = [UInt8](repeating: 0, count: 4)
        let firstCount = try first.withUnsafeMutableBytes { raw in
            var filled = 0
            while filled < raw.count {
                let count = try stream.read(into: UnsafeMutableRawBufferPointer(rebasing: raw[filled...]))
                if count == 0 { break }
                filled += count
            }
            return filled
        }
        let buffer = UnsafeMutablePointer<XMLEventBuffer>.allocate(capacity: 1)
        buffer.initialize(to: XMLEventBuffer(limits: limits, location: location))
        let created = first.withUnsafeBytes { raw in
            xmlCreatePushParserCtxt(&handler, buffer, raw.baseAddress?.assumingMemoryBound(to: CChar.self), Int32(firstCount), nil)
        }
        guard let created else {
            buffer.pointee.batch.release()
            buffer.deinitialize(count: 1)
            buffer.deallocate()
            throw AirlockError(.malformedXML, "cannot start an XML parser", at: location)
        }
        xmlCtxtUseOptions(created, Int32(XML_PARSE_NONET.rawValue) | Int32(XML_PARSE_NOCDATA.rawValue))
        buffer.pointee.parser = created
        self.parser = created
        self.buffer = buffer
        self.stream = stream
        self.location = location
        self.chunk = [UInt8](repeating: 0, count: Self.chunkSize)
        if firstCount < 4 { finish() }
    }

    deinit {
        xmlFreeParserCtxt(parser)
        buffer.pointee.batch.release()
        buffer.deinitialize(count: 1)
        buffer.deallocate()
    }

    /// Parses until there are nodes to hand on or the document ends, and swaps them into `slot`, whose memory the
    /// parser reuses. A text node that the next chunk may still extend stays behind. The document's last batch
    /// has `isLast` set.
    func fill(_ slot: inout XMLEventBatch) {
        slot.clear()
        while true {
            if finished {
                buffer.pointee.textOpen = false
                buffer.pointee.batch.isLast = true
                buffer.pointee.batch.failure = buffer.pointee.failure
                break
            }
            feed()
            if buffer.pointee.batch.events.count > (buffer.pointee.textOpen ? 1 : 0) { break }
        }
        swap(&buffer.pointee.batch, &slot)
        // Most chunks end in the whitespace before a tag that is not complete yet: that text moves to the next batch.
        if buffer.pointee.textOpen, let open = slot.events.popLast() {
            buffer.pointee.batch.appendText(open, bytes: slot.bytes(start: open.bytesStart, count: open.bytesCount))
        }
    }

    /// Parses the next chunk of the stream.
    private func feed() {
        let count: Int
        do {
            count = try chunk.withUnsafeMutableBytes { try stream.read(into: $0) }
        } catch {
            let failure = (error as? AirlockError)?.within(location) ?? AirlockError(.io, "read failed", at: location, cause: "\(error)")
            if buffer.pointee.failure == nil { buffer.pointee.failure = failure }
            finished = true
            return
        }
        if count == 0 { return finish() }
        chunk.withUnsafeBytes { raw in
            _ = xmlParseChunk(parser, raw.baseAddress?.assumingMemoryBound(to: CChar.self), Int32(count), 0)
        }
        checkStopped()
    }

    /// Tells the parser that the document ends here, which reports a document that is not complete.
    private func finish() {
        _ = xmlParseChunk(parser, nil, 0, 1)
        finished = true
        checkStopped()
        if buffer.pointee.failure == nil, let failure = buffer.pointee.parseFailure() { buffer.pointee.failure = failure }
    }

    /// After a fatal error libxml2 reports nothing more: the error follows the nodes before it.
    private func checkStopped() {
        guard buffer.pointee.failure != nil || parser.pointee.wellFormed == 0 || parser.pointee.disableSAX != 0 else { return }
        if buffer.pointee.failure == nil {
            buffer.pointee.failure =
                buffer.pointee.parseFailure() ?? AirlockError(.malformedXML, "the XML is not well-formed", at: location)
        }
        finished = true
    }
}

import AirlockModel
internal import CLibXML2

/// A streaming XML pull reader over a `ByteStream`, built on libxml2's SAX2 push parser.
///
/// `XMLChunkParser` feeds the stream to libxml2 a chunk at a time; the nodes its callbacks report come in batches
/// (`XMLEventBatch`) and are handed out one by one. Memory stays bounded whatever the document size: a chunk's
/// nodes are held (a few chunks' with parse-ahead, where a thread of its own parses them, see `XMLBatchRing`).
/// The encoding is detected by libxml2 from the BOM or declaration (UTF-8, UTF-16 LE/BE). Network access, DTD
/// loading and entity substitution are off, and a DOCTYPE is refused (see `XMLLimits`).
///
/// SAX instead of libxml2's `xmlTextReader` because the reader builds and frees a tree node per node: on package
/// XML the SAX parser takes well under half its time.
public final class XMLStreamReader {
    /// Parses on the reader's thread (nil with parse-ahead).
    private let parser: XMLChunkParser?
    /// Parses on a thread of its own (nil without parse-ahead).
    private let ring: XMLBatchRing?
    /// The batch being read: the reader's own, or a slot of the ring.
    private var batch: UnsafeMutablePointer<XMLEventBatch>
    private let location: SourceLocation
    /// Where the document's lines came from, when it is pieces of another (its positions are reported in those).
    private let positions: XMLPositionMap?
    /// The current node's index in the batch; -1 before the first.
    private var index = -1

    /// Opens a reader on `stream`.
    /// - Parameters:
    ///   - stream: the bytes of one XML document.
    ///   - location: the file and entry, used in every error.
    ///   - limits: nesting, text length and DOCTYPE limits.
    ///   - parseAhead: parse on a thread of its own, a few chunks ahead of the reader, so that parsing and using
    ///     the nodes run on two cores (for large documents: it starts a thread and holds four batches of nodes).
    ///   - positions: for a document made of pieces of another, where its lines came from: every line and column
    ///     the reader reports, its errors' too, is the other document's.
    /// - Throws: `AirlockError` when the encoding declaration contradicts the bytes, or libxml2 cannot start.
    public init(
        _ stream: ByteStream, location: SourceLocation, limits: XMLLimits = .default, parseAhead: Bool = false,
        positions: XMLPositionMap? = nil
    ) throws {
        cxml_silence_generic_errors()
        let peekable = PeekableByteStream(stream)
        if let problem = XMLEncodingCheck.problem(prefix: try peekable.peek(256)) {
            throw AirlockError(.encoding, problem, at: location)
        }
        let parser = try XMLChunkParser(peekable, location: location, limits: limits)
        self.location = location
        self.positions = positions
        if parseAhead {
            let ring = XMLBatchRing(count: 4, parser: parser)
            self.ring = ring
            self.parser = nil
            self.batch = ring.first()
        } else {
            self.ring = nil
            self.parser = parser
            self.batch = .allocate(capacity: 1)
            batch.initialize(to: XMLEventBatch())
        }
    }

    deinit {
        if let ring {
            ring.stop()
        } else {
            batch.pointee.release()
            batch.deinitialize(count: 1)
            batch.deallocate()
        }
    }

    /// Moves to the next element start, element end or text node.
    /// - Returns: the kind of node, or `nil` at the end of the document.
    /// - Throws: `AirlockError(.malformedXML)` with line and column, the limit that was exceeded, or the stream's
    ///   own error (after the nodes before it).
    public func next() throws -> XMLNodeKind? {
        index += 1
        while index >= batch.pointee.events.count {
            if batch.pointee.isLast {
                index = batch.pointee.events.count
                if let failure = batch.pointee.failure {
                    guard let positions else { throw failure }
                    var mapped = failure
                    mapped.location = positions.map(failure.location)
                    mapped.message = positions.map(message: failure.message)
                    throw mapped
                }
                return nil
            }
            if let ring {
                batch = ring.advance()
            } else {
                parser?.fill(&batch.pointee)
            }
            index = 0
        }
        return batch.pointee.events[index].kind
    }

    private var current: XMLEvent? {
        index >= 0 && index < batch.pointee.events.count ? batch.pointee.events[index] : nil
    }

    private var currentKind: XMLNodeKind? { current?.kind }

    private func withBytes<R>(start: Int32, count: Int32, _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try body(batch.pointee.bytes(start: start, count: count))
    }

    private func string(start: Int32, count: Int32) -> String {
        withBytes(start: start, count: count) { String(decoding: $0, as: UTF8.self) }
    }

    /// The local name of the current element (start or end).
    public var name: String {
        guard let event = current, event.kind != .text else { return "" }
        return string(start: event.bytesStart, count: event.bytesCount)
    }

    /// Whether the current element's local name is `expected`, without allocating a `String`.
    public func hasName(_ expected: String) -> Bool {
        guard let event = current, event.kind != .text else { return false }
        var expected = expected
        return expected.withUTF8 { batch.pointee.matches(start: event.bytesStart, count: event.bytesCount, UnsafeRawBufferPointer($0)) }
    }

    /// Nesting depth of the current node; the root element is at 0.
    public var depth: Int { current.map { Int($0.depth) } ?? 0 }

    /// On a start element: whether it was written as an empty element (`<a/>`).
    public var isEmptyElement: Bool { current.map { $0.kind == .startElement && $0.isEmpty } ?? false }

    /// 1-based line of the current node (of its start tag, on an end element).
    public var line: Int {
        let line = current?.line ?? 0
        return positions?.map(line: line, column: 0).line ?? line
    }

    /// 1-based column of the parser when it reported the current node (the end of a start tag).
    public var column: Int {
        let column = current.map { Int($0.column) } ?? 0
        guard let positions, let line = current?.line else { return column }
        return positions.map(line: line, column: column).column
    }

    /// The text of the current text node (entity references and character references decoded).
    public var text: String {
        guard let event = current, event.kind == .text else { return "" }
        return string(start: event.bytesStart, count: event.bytesCount)
    }

    /// The decoded value of attribute `name` on the current start element, or nil if it has none.
    public func attribute(_ name: String) -> String? {
        withAttribute(name) { bytes in bytes.map { String(decoding: $0, as: UTF8.self) } }
    }

    /// Calls `body` with the UTF-8 bytes of attribute `name` (nil when absent), without copying them.
    public func withAttribute<R>(_ name: String, _ body: (UnsafeRawBufferPointer?) throws -> R) rethrows -> R {
        guard let event = current, event.kind == .startElement, event.attributeCount > 0 else { return try body(nil) }
        var wanted = name
        let found: XMLEventAttribute? = wanted.withUTF8 { wanted in
            let key = UnsafeRawBufferPointer(wanted)
            for position in Int(event.firstAttribute)..<Int(event.firstAttribute + event.attributeCount) {
                let attribute = batch.pointee.attributes[position]
                if batch.pointee.matches(start: attribute.nameStart, count: attribute.nameCount, key) { return attribute }
            }
            return nil
        }
        guard let found else { return try body(nil) }
        return try withBytes(start: found.valueStart, count: found.valueCount) { try body($0) }
    }

    /// The number of attributes on the current start element (namespace declarations included); 0 elsewhere.
    public var attributeCount: Int {
        guard let event = current, event.kind == .startElement else { return 0 }
        return Int(event.attributeCount)
    }

    /// All attributes of the current start element, in document order, namespace declarations first.
    public var attributes: [(name: String, value: String)] {
        guard let event = current, event.kind == .startElement else { return [] }
        return (Int(event.firstAttribute)..<Int(event.firstAttribute + event.attributeCount)).map { position in
            let attribute = batch.pointee.attributes[position]
            return (
                string(start: attribute.nameStart, count: attribute.nameCount),
                string(start: attribute.valueStart, count: attribute.valueCount)
            )
        }
    }

    /// On a start element: the concatenated text content up to its end element, which becomes current.
    /// - Throws: `AirlockError` when the document is malformed.
    public func readElementText() throws -> String {
        guard currentKind == .startElement else { return "" }
        let startDepth = depth
        var result = ""
        while let kind = try next() {
            switch kind {
            case .text: result += text
            case .endElement where depth == startDepth: return result
            default: continue
            }
        }
        throw AirlockError(.malformedXML, "the document ends inside an element", at: here())
    }

    /// On a start element: calls `body` for each child element (which must leave the reader on that child's end
    /// element, e.g. by `skipElement()`) and returns on this element's end element.
    /// - Throws: `AirlockError` when the document is malformed, or what `body` throws.
    public func forEachChild(_ body: () throws -> Void) throws {
        guard currentKind == .startElement else { return }
        let startDepth = depth
        while let kind = try next() {
            switch kind {
            case .startElement: try body()
            case .endElement where depth <= startDepth: return
            default: continue
            }
        }
        throw AirlockError(.malformedXML, "the document ends inside an element", at: here())
    }

    /// On a start element: moves past everything up to its end element, which becomes current.
    /// - Throws: `AirlockError` when the document is malformed.
    public func skipElement() throws {
        guard currentKind == .startElement else { return }
        let startDepth = depth
        while let kind = try next() {
            if kind == .endElement && depth == startDepth { return }
        }
        throw AirlockError(.malformedXML, "the document ends inside an element", at: here())
    }

    /// An error of this reader at the current position, for callers that find the XML well-formed but wrongly shaped.
    public func error(_ message: String, code: AirlockError.Code = .malformedXML) -> AirlockError {
        AirlockError(code, message, at: here())
    }

    private func here() -> SourceLocation {
        var place = location
        place.line = line > 0 ? line : nil
        place.column = column > 0 ? column : nil
        return place
    }
}

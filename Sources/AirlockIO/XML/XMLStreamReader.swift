internal import CLibXML2

/// A streaming XML pull reader over a `ByteStream`, built on libxml2's `xmlTextReader`.
///
/// Memory stays bounded whatever the document size: only the current node is held. The encoding is
/// detected by libxml2 from the BOM or declaration (UTF-8, UTF-16 LE/BE). Network access, DTD loading
/// and entity substitution are off, and a DOCTYPE is refused (see `XMLLimits`).
public final class XMLStreamReader {
    private let reader: xmlTextReaderPtr
    private let context: XMLReadContext
    private let location: SourceLocation
    private let limits: XMLLimits
    private var pendingEndOfEmptyElement = false
    private var currentKind: XMLNodeKind?
    private var currentIsEmpty = false

    private static let libraryInitialized: Bool = {
        xmlInitParser()
        return true
    }()

    /// Opens a reader on `stream`.
    /// - Parameters:
    ///   - stream: the bytes of one XML document.
    ///   - location: the file and entry, used in every error.
    ///   - limits: nesting and DOCTYPE limits.
    /// - Throws: `AirlockError` when libxml2 cannot create a reader.
    public init(_ stream: ByteStream, location: SourceLocation, limits: XMLLimits = .default) throws {
        _ = Self.libraryInitialized
        cxml_silence_generic_errors()
        let peekable = PeekableByteStream(stream)
        if let problem = XMLEncodingCheck.problem(prefix: try peekable.peek(256)) {
            throw AirlockError(.encoding, problem, at: location)
        }
        let context = XMLReadContext(stream: peekable)
        let options = Int32(XML_PARSE_NONET.rawValue) | Int32(XML_PARSE_NOCDATA.rawValue)
        let opaque = Unmanaged.passUnretained(context).toOpaque()
        let created = xmlReaderForIO(
            { ctx, buffer, length in
                guard let ctx, let buffer, length > 0 else { return -1 }
                let context = Unmanaged<XMLReadContext>.fromOpaque(ctx).takeUnretainedValue()
                do {
                    let raw = UnsafeMutableRawBufferPointer(start: UnsafeMutableRawPointer(buffer), count: Int(length))
                    return Int32(try context.stream.read(into: raw))
                } catch let error as AirlockError {
                    context.streamError = error
                    return -1
                } catch {
                    context.streamError = AirlockError(.io, "read failed", cause: "\(error)")
                    return -1
                }
            },
            nil, opaque, nil, nil, options)
        guard let created else {
            throw AirlockError(.malformedXML, "cannot start an XML reader", at: location)
        }
        xmlTextReaderSetStructuredErrorHandler(
            created,
            { userData, error in
                guard let userData, let error else { return }
                let context = Unmanaged<XMLReadContext>.fromOpaque(userData).takeUnretainedValue()
                let level = error.pointee.level
                guard level == XML_ERR_ERROR || level == XML_ERR_FATAL else { return }
                var message = error.pointee.message.map { String(cString: $0) } ?? "XML error"
                while message.last == "\n" || message.last == " " { message.removeLast() }
                context.record(message: message, line: Int(error.pointee.line), column: Int(error.pointee.int2))
            }, opaque)
        self.reader = created
        self.context = context
        self.location = location
        self.limits = limits
    }

    deinit {
        xmlFreeTextReader(reader)
    }

    /// Moves to the next element start, element end or text node.
    /// - Returns: the kind of node, or `nil` at the end of the document.
    /// - Throws: `AirlockError(.malformedXML)` with line and column, or the stream's own error.
    public func next() throws -> XMLNodeKind? {
        if pendingEndOfEmptyElement {
            pendingEndOfEmptyElement = false
            currentKind = .endElement
            currentIsEmpty = false
            return .endElement
        }
        while true {
            let status = xmlTextReaderRead(reader)
            if status == 0 {
                if let error = failure() { throw error }
                currentKind = nil
                return nil
            }
            if status < 0 {
                throw failure() ?? AirlockError(.malformedXML, "the XML is not well-formed", at: here())
            }
            switch xmlTextReaderNodeType(reader) {
            case Int32(XML_READER_TYPE_ELEMENT.rawValue):
                if Int(xmlTextReaderDepth(reader)) >= limits.maxDepth {
                    throw AirlockError(.limitExceeded, "elements are nested deeper than \(limits.maxDepth) levels", at: here())
                }
                currentIsEmpty = xmlTextReaderIsEmptyElement(reader) == 1
                pendingEndOfEmptyElement = currentIsEmpty
                currentKind = .startElement
                return .startElement
            case Int32(XML_READER_TYPE_END_ELEMENT.rawValue):
                currentIsEmpty = false
                currentKind = .endElement
                return .endElement
            case Int32(XML_READER_TYPE_TEXT.rawValue), Int32(XML_READER_TYPE_CDATA.rawValue),
                Int32(XML_READER_TYPE_SIGNIFICANT_WHITESPACE.rawValue):
                currentIsEmpty = false
                currentKind = .text
                return .text
            case Int32(XML_READER_TYPE_DOCUMENT_TYPE.rawValue):
                if limits.refuseDocumentType {
                    throw AirlockError(
                        .malformedXML, "a DOCTYPE is not allowed in package XML (DTDs and entity declarations are refused)",
                        at: here())
                }
            case Int32(XML_READER_TYPE_ENTITY_REFERENCE.rawValue):
                throw AirlockError(.malformedXML, "entity references other than the XML built-ins are not allowed", at: here())
            default:
                continue
            }
        }
    }

    /// The local name of the current element (start or end).
    public var name: String {
        guard let raw = xmlTextReaderConstLocalName(reader) else { return "" }
        return String(cString: raw)
    }

    /// Whether the current element's local name is `expected`, without allocating a `String`.
    public func hasName(_ expected: String) -> Bool {
        guard let raw = xmlTextReaderConstLocalName(reader) else { return false }
        return expected.withCString { xmlStrEqual(raw, UnsafeRawPointer($0).assumingMemoryBound(to: xmlChar.self)) == 1 }
    }

    /// Nesting depth of the current node; the root element is at 0.
    public var depth: Int { Int(xmlTextReaderDepth(reader)) }

    /// On a start element: whether it was written as an empty element (`<a/>`).
    public var isEmptyElement: Bool { currentKind == .startElement && currentIsEmpty }

    /// 1-based line of the current node (of its start tag, on an end element). libxml2 records node lines up to
    /// 65 534; past that this is the parser's position, which runs ahead of the node by up to a read chunk.
    public var line: Int {
        if let node = xmlTextReaderCurrentNode(reader) {
            let nodeLine = Int(xmlGetLineNo(node))
            if nodeLine > 0 && nodeLine < 65_535 { return nodeLine }
        }
        return Int(xmlTextReaderGetParserLineNumber(reader))
    }

    /// 1-based column near the current node.
    public var column: Int { Int(xmlTextReaderGetParserColumnNumber(reader)) }

    /// The text of the current text node (entity references and character references decoded).
    public var text: String {
        guard currentKind == .text, let raw = xmlTextReaderConstValue(reader) else { return "" }
        return String(cString: raw)
    }

    /// The decoded value of attribute `name` on the current start element, or nil if it has none.
    public func attribute(_ name: String) -> String? {
        withAttribute(name) { bytes in bytes.map { String(decoding: $0, as: UTF8.self) } }
    }

    /// Calls `body` with the UTF-8 bytes of attribute `name` (nil when absent), without copying them.
    public func withAttribute<R>(_ name: String, _ body: (UnsafeRawBufferPointer?) throws -> R) rethrows -> R {
        guard currentKind == .startElement, xmlTextReaderMoveToAttribute(reader, name) == 1 else {
            return try body(nil)
        }
        defer { xmlTextReaderMoveToElement(reader) }
        guard let raw = xmlTextReaderConstValue(reader) else { return try body(nil) }
        let count = Int(xmlStrlen(raw))
        return try body(UnsafeRawBufferPointer(start: raw, count: count))
    }

    /// The number of attributes on the current start element (namespace declarations included); 0 elsewhere.
    public var attributeCount: Int {
        guard currentKind == .startElement else { return 0 }
        return Int(max(0, xmlTextReaderAttributeCount(reader)))
    }

    /// All attributes of the current start element, in document order, namespace declarations included.
    public var attributes: [(name: String, value: String)] {
        guard currentKind == .startElement, xmlTextReaderHasAttributes(reader) == 1 else { return [] }
        var result: [(name: String, value: String)] = []
        defer { xmlTextReaderMoveToElement(reader) }
        while xmlTextReaderMoveToNextAttribute(reader) == 1 {
            let name = xmlTextReaderConstName(reader).map { String(cString: $0) } ?? ""
            let value = xmlTextReaderConstValue(reader).map { String(cString: $0) } ?? ""
            result.append((name: name, value: value))
        }
        return result
    }

    /// On a start element: the concatenated text content up to its end element, which becomes current.
    /// - Throws: `AirlockError` when the document is malformed.
    public func readElementText() throws -> String {
        guard currentKind == .startElement else { return "" }
        let startDepth = depth
        if currentIsEmpty {
            _ = try next()
            return ""
        }
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
        if currentIsEmpty {
            _ = try next()
            return
        }
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
        if currentIsEmpty {
            _ = try next()
            return
        }
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
        place.line = line
        place.column = column
        return place
    }

    private func failure() -> AirlockError? {
        if let streamError = context.streamError {
            return streamError.within(location)
        }
        if let message = context.parseMessage {
            var place = location
            place.line = context.parseLine > 0 ? context.parseLine : nil
            place.column = context.parseColumn > 0 ? context.parseColumn : nil
            return AirlockError(.malformedXML, "XML is not well-formed: \(message)", at: place)
        }
        return nil
    }
}

import AirlockModel
internal import CLibXML2

/// The receiving end of libxml2's SAX2 callbacks: the parse state and the nodes parsed so far (`batch`), in
/// document order, until they are handed on.
///
/// Adjacent text (split by the parser at chunk ends, entity references and CDATA sections) is joined into one
/// text node, as libxml2's tree builder does. The buffer also enforces `XMLLimits` and keeps the first error.
///
/// A struct that `XMLChunkParser` keeps in memory of its own and the callbacks reach through a pointer: a class's
/// properties would be checked for exclusive access at run time on every callback, which cost a third of the parse.
struct XMLEventBuffer {
    /// The nodes parsed and not yet handed on.
    var batch = XMLEventBatch()
    /// Whether the last event is a text node that the next chunk may still extend.
    var textOpen = false
    /// The first error: a limit, a DOCTYPE, the stream's, or libxml2's first error message.
    var failure: AirlockError? { didSet { hasFailed = failure != nil } }
    /// Whether `failure` is set: what the callbacks test (testing the optional error itself copied it each time).
    private var hasFailed = false
    /// libxml2's first error message (level error or fatal); an error only once the parse stops or ends.
    var parseMessage: (message: String, line: Int, column: Int)?
    /// Set once the parser context exists; the callbacks read the parser's position from it.
    var parser: xmlParserCtxtPtr?

    private let limits: XMLLimits
    private let location: SourceLocation
    private var depth: Int32 = 0
    private var startLines: [Int] = []

    init(limits: XMLLimits, location: SourceLocation) {
        self.limits = limits
        self.location = location
    }

    /// The parser's line and column now.
    private var position: (line: Int, column: Int32) {
        guard let input = parser?.pointee.input else { return (0, 0) }
        return (Int(input.pointee.line), input.pointee.col)
    }

    /// Stops the parser with `error`, unless an earlier error stands.
    mutating func stop(_ code: AirlockError.Code, _ message: String) {
        if failure == nil {
            let (line, column) = position
            var place = location
            place.line = line > 0 ? line : nil
            place.column = column > 0 ? Int(column) : nil
            failure = AirlockError(code, message, at: place)
        }
        if let parser { xmlStopParser(parser) }
    }

    // MARK: SAX callbacks

    mutating func startElement(
        localName: UnsafePointer<xmlChar>, namespaceCount: Int, namespaces: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?,
        attributeCount: Int, attributeFields: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
    ) {
        guard !hasFailed else { return }
        if Int(depth) >= limits.maxDepth {
            return stop(.limitExceeded, "elements are nested deeper than \(limits.maxDepth) levels")
        }
        textOpen = false
        let (line, column) = position
        // libxml2 reports a start tag before it reads its end: the parser stands on the `/` of `/>` or on `>`.
        let isEmpty = parser?.pointee.input?.pointee.cur?.pointee == UInt8(ascii: "/")
        let nameStart = batch.used
        batch.append(cString: localName)
        let nameCount = batch.used - nameStart
        let firstAttribute = batch.attributes.count
        if let namespaces {
            // Namespace declarations first, as libxml2's reader lists them.
            for index in 0..<namespaceCount {
                let start = batch.used
                batch.append("xmlns")
                if let prefix = namespaces[2 * index] {
                    batch.append(byte: UInt8(ascii: ":"))
                    batch.append(cString: prefix)
                }
                let valueStart = batch.used
                if let uri = namespaces[2 * index + 1] { batch.append(cString: uri) }
                batch.addAttribute(nameStart: start, valueStart: valueStart)
            }
        }
        if let fields = attributeFields {
            // Five pointers per attribute: local name, prefix, URI, value start, value end.
            for index in 0..<attributeCount {
                let base = 5 * index
                guard let local = fields[base] else { continue }
                let start = batch.used
                if let prefix = fields[base + 1] {
                    batch.append(cString: prefix)
                    batch.append(byte: UInt8(ascii: ":"))
                }
                batch.append(cString: local)
                let valueStart = batch.used
                if let value = fields[base + 3], let end = fields[base + 4] { batch.appendValue(value, count: end - value) }
                batch.addAttribute(nameStart: start, valueStart: valueStart)
            }
        }
        batch.events.append(
            XMLEvent(
                kind: .startElement, isEmpty: isEmpty, depth: depth, line: line, column: column, bytesStart: Int32(nameStart),
                bytesCount: Int32(nameCount), firstAttribute: Int32(firstAttribute),
                attributeCount: Int32(batch.attributes.count - firstAttribute)))
        startLines.append(line)
        depth += 1
    }

    mutating func endElement(localName: UnsafePointer<xmlChar>) {
        guard !hasFailed else { return }
        textOpen = false
        depth -= 1
        let line = startLines.popLast() ?? position.line
        let nameStart = batch.used
        batch.append(cString: localName)
        batch.events.append(
            XMLEvent(
                kind: .endElement, isEmpty: false, depth: depth, line: line, column: position.column, bytesStart: Int32(nameStart),
                bytesCount: Int32(batch.used - nameStart), firstAttribute: 0, attributeCount: 0))
    }

    mutating func characters(_ start: UnsafePointer<xmlChar>, count: Int) {
        guard !hasFailed, count > 0 else { return }
        let open = textOpen ? batch.events.indices.last : nil
        if Int(open.map { batch.events[$0].bytesCount } ?? 0) + count > limits.maxTextLength {
            return stop(.limitExceeded, "a text node is longer than \(limits.maxTextLength) bytes")
        }
        if let open {
            // The open text is the arena's tail: nothing is appended after it until another node starts.
            batch.append(start, count: count)
            batch.events[open].bytesCount += Int32(count)
            return
        }
        let (line, column) = position
        let textStart = batch.used
        batch.append(start, count: count)
        batch.events.append(
            XMLEvent(
                kind: .text, isEmpty: false, depth: depth, line: line, column: column, bytesStart: Int32(textStart),
                bytesCount: Int32(count), firstAttribute: 0, attributeCount: 0))
        textOpen = true
    }

    mutating func documentType() {
        guard limits.refuseDocumentType else { return }
        stop(.malformedXML, "a DOCTYPE is not allowed in package XML (DTDs and entity declarations are refused)")
    }

    mutating func error(message: String, line: Int, column: Int) {
        guard parseMessage == nil else { return }
        parseMessage = (message, line, column)
    }

    /// libxml2's first error as an `AirlockError`, if it reported one.
    func parseFailure() -> AirlockError? {
        guard let parseMessage else { return nil }
        var place = location
        place.line = parseMessage.line > 0 ? parseMessage.line : nil
        place.column = parseMessage.column > 0 ? parseMessage.column : nil
        return AirlockError(.malformedXML, "XML is not well-formed: \(parseMessage.message)", at: place)
    }

    /// The SAX2 handler whose callbacks land in the buffer that the parser's user data points to.
    static func handler() -> xmlSAXHandler {
        var handler = xmlSAXHandler()
        handler.initialized = XML_SAX2_MAGIC
        handler.startElementNs = { context, localName, _, _, namespaceCount, namespaces, attributeCount, _, attributes in
            guard let context, let localName else { return }
            context.assumingMemoryBound(to: XMLEventBuffer.self).pointee.startElement(
                localName: localName, namespaceCount: Int(namespaceCount), namespaces: namespaces, attributeCount: Int(attributeCount),
                attributeFields: attributes)
        }
        handler.endElementNs = { context, localName, _, _ in
            guard let context, let localName else { return }
            context.assumingMemoryBound(to: XMLEventBuffer.self).pointee.endElement(localName: localName)
        }
        let characters: charactersSAXFunc = { context, start, count in
            guard let context, let start else { return }
            context.assumingMemoryBound(to: XMLEventBuffer.self).pointee.characters(start, count: Int(count))
        }
        handler.characters = characters
        handler.ignorableWhitespace = characters
        handler.internalSubset = { context, _, _, _ in
            guard let context else { return }
            context.assumingMemoryBound(to: XMLEventBuffer.self).pointee.documentType()
        }
        handler.serror = { context, error in
            guard let context, let error else { return }
            let level = error.pointee.level
            guard level == XML_ERR_ERROR || level == XML_ERR_FATAL else { return }
            var message = error.pointee.message.map { String(cString: $0) } ?? "XML error"
            while message.last == "\n" || message.last == " " { message.removeLast() }
            context.assumingMemoryBound(to: XMLEventBuffer.self).pointee.error(
                message: message, line: Int(error.pointee.line), column: Int(error.pointee.int2))
        }
        return handler
    }
}

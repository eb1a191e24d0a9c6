internal import CLibXML2
import Foundation

/// The receiving end of libxml2's SAX2 callbacks: the nodes of the chunks parsed so far, in document order,
/// until `XMLStreamReader` has moved past them.
///
/// Adjacent text (split by the parser at chunk ends, entity references and CDATA sections) is joined into one
/// text node, as libxml2's tree builder does. The buffer also enforces `XMLLimits` and keeps the first error.
///
/// A struct that the reader keeps in memory of its own and the callbacks reach through a pointer: a class's
/// properties would be checked for exclusive access at run time on every callback, which cost a third of the parse.
struct XMLEventBuffer {
    var events: [XMLEvent] = []
    var attributes: [XMLEventAttribute] = []
    /// Names, attribute values and texts of `events` (an arena the reader frees with `release()`).
    private(set) var storage: UnsafeMutablePointer<UInt8>
    /// Bytes of the arena in use.
    private(set) var used = 0
    private var capacity: Int
    /// Whether the last event is a text node that the next chunk may still extend.
    var textOpen = false
    /// The first error: a limit, a DOCTYPE, the stream's, or libxml2's first error message.
    var failure: AirlockError?
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
        self.capacity = 1 << 16
        self.storage = .allocate(capacity: capacity)
    }

    /// Frees the arena; the buffer is not used again.
    func release() {
        storage.deallocate()
    }

    /// The bytes at `start..<start + count` of the arena.
    func bytes(start: Int32, count: Int32) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: storage + Int(start), count: Int(count))
    }

    /// Forgets every event; only when the reader has moved past all of them.
    mutating func clear() {
        events.removeAll(keepingCapacity: true)
        attributes.removeAll(keepingCapacity: true)
        used = 0
        textOpen = false
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

    private mutating func reserve(_ extra: Int) {
        guard used + extra > capacity else { return }
        var grown = capacity * 2
        while grown < used + extra { grown *= 2 }
        let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
        larger.update(from: storage, count: used)
        storage.deallocate()
        storage = larger
        capacity = grown
    }

    private mutating func append(_ start: UnsafePointer<UInt8>, count extra: Int) {
        reserve(extra)
        (storage + used).update(from: start, count: extra)
        used += extra
    }

    private mutating func append(byte: UInt8) {
        reserve(1)
        storage[used] = byte
        used += 1
    }

    private mutating func append(cString: UnsafePointer<xmlChar>) {
        append(cString, count: Int(xmlStrlen(cString)))
    }

    private mutating func append(_ text: StaticString) {
        append(text.utf8Start, count: text.utf8CodeUnitCount)
    }

    /// Appends an attribute value. Without entity substitution libxml2 hands `&` over as `&#38;` (for its tree
    /// builder to decode again); with DTDs refused that is the only reference left in a value.
    private mutating func appendValue(_ start: UnsafePointer<xmlChar>, count length: Int) {
        guard memchr(start, Int32(UInt8(ascii: "&")), length) != nil else { return append(start, count: length) }
        let escaped: StaticString = "&#38;"
        let escapedLength = escaped.utf8CodeUnitCount
        var index = 0
        while index < length {
            if start[index] == UInt8(ascii: "&"), index + escapedLength <= length, memcmp(start + index, escaped.utf8Start, escapedLength) == 0 {
                append(byte: UInt8(ascii: "&"))
                index += escapedLength
            } else {
                append(byte: start[index])
                index += 1
            }
        }
    }

    // MARK: SAX callbacks

    mutating func startElement(
        localName: UnsafePointer<xmlChar>, namespaceCount: Int, namespaces: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?,
        attributeCount: Int, attributeFields: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
    ) {
        guard failure == nil else { return }
        if Int(depth) >= limits.maxDepth {
            return stop(.limitExceeded, "elements are nested deeper than \(limits.maxDepth) levels")
        }
        textOpen = false
        let (line, column) = position
        let isEmpty = parser?.pointee.input?.pointee.cur?.pointee == UInt8(ascii: "/")
        let nameStart = used
        append(cString: localName)
        let nameCount = used - nameStart
        let firstAttribute = attributes.count
        if let namespaces {
            // Namespace declarations first, as libxml2's reader lists them.
            for index in 0..<namespaceCount {
                let start = used
                append("xmlns")
                if let prefix = namespaces[2 * index] {
                    append(byte: UInt8(ascii: ":"))
                    append(cString: prefix)
                }
                let valueStart = used
                if let uri = namespaces[2 * index + 1] { append(cString: uri) }
                attributes.append(
                    XMLEventAttribute(
                        nameStart: Int32(start), nameCount: Int32(valueStart - start), valueStart: Int32(valueStart),
                        valueCount: Int32(used - valueStart)))
            }
        }
        if let fields = attributeFields {
            // Five pointers per attribute: local name, prefix, URI, value start, value end.
            for index in 0..<attributeCount {
                let base = 5 * index
                guard let local = fields[base] else { continue }
                let start = used
                if let prefix = fields[base + 1] {
                    append(cString: prefix)
                    append(byte: UInt8(ascii: ":"))
                }
                append(cString: local)
                let valueStart = used
                if let value = fields[base + 3], let end = fields[base + 4] { appendValue(value, count: end - value) }
                attributes.append(
                    XMLEventAttribute(
                        nameStart: Int32(start), nameCount: Int32(valueStart - start), valueStart: Int32(valueStart),
                        valueCount: Int32(used - valueStart)))
            }
        }
        events.append(
            XMLEvent(
                kind: .startElement, isEmpty: isEmpty, depth: depth, line: line, column: column, bytesStart: Int32(nameStart),
                bytesCount: Int32(nameCount), firstAttribute: Int32(firstAttribute),
                attributeCount: Int32(attributes.count - firstAttribute)))
        startLines.append(line)
        depth += 1
    }

    mutating func endElement(localName: UnsafePointer<xmlChar>) {
        guard failure == nil else { return }
        textOpen = false
        depth -= 1
        let line = startLines.popLast() ?? position.line
        let nameStart = used
        append(cString: localName)
        events.append(
            XMLEvent(
                kind: .endElement, isEmpty: false, depth: depth, line: line, column: position.column, bytesStart: Int32(nameStart),
                bytesCount: Int32(used - nameStart), firstAttribute: 0, attributeCount: 0))
    }

    mutating func characters(_ start: UnsafePointer<xmlChar>, count: Int) {
        guard failure == nil, count > 0 else { return }
        if textOpen, let last = events.indices.last {
            // The open text is the arena's tail: nothing is appended after it until another node starts.
            if Int(events[last].bytesCount) + count > limits.maxTextLength {
                return stop(.limitExceeded, "a text node is longer than \(limits.maxTextLength) bytes")
            }
            append(start, count: count)
            events[last].bytesCount += Int32(count)
            return
        }
        if count > limits.maxTextLength {
            return stop(.limitExceeded, "a text node is longer than \(limits.maxTextLength) bytes")
        }
        let (line, column) = position
        let textStart = used
        append(start, count: count)
        events.append(
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

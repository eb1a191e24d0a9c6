import AirlockModel

/// A small in-memory XML element, for documents known to be small (manifests, headers, schemas).
///
/// Large documents are read with `XMLStreamReader` directly.
public struct XMLElementNode: Sendable, Equatable {
    /// Local name.
    public var name: String
    /// Attributes in document order (qualified names, e.g. `i:nil`).
    public var attributes: [(name: String, value: String)]
    /// Child elements in document order.
    public var children: [XMLElementNode]
    /// The element's own text (concatenated text nodes, whitespace between child elements dropped).
    public var text: String
    /// 1-based line where the element started.
    public var line: Int

    public init(
        name: String, attributes: [(name: String, value: String)] = [], children: [XMLElementNode] = [],
        text: String = "", line: Int = 0
    ) {
        self.name = name
        self.attributes = attributes
        self.children = children
        self.text = text
        self.line = line
    }

    /// The value of the attribute with qualified or local name `name`.
    public func attribute(_ name: String) -> String? {
        if let exact = attributes.first(where: { $0.name == name }) { return exact.value }
        return attributes.first(where: { $0.name.split(separator: ":").last.map(String.init) == name })?.value
    }

    /// Whether the element carries `nil="true"` in any namespace prefix (DataContractSerializer's null).
    public var isNil: Bool {
        attribute("nil") == "true"
    }

    /// The first child called `name`.
    public func child(_ name: String) -> XMLElementNode? {
        children.first { $0.name == name }
    }

    public static func == (lhs: XMLElementNode, rhs: XMLElementNode) -> Bool {
        lhs.name == rhs.name && lhs.text == rhs.text && lhs.children == rhs.children
            && lhs.attributes.map(\.name) == rhs.attributes.map(\.name)
            && lhs.attributes.map(\.value) == rhs.attributes.map(\.value)
    }

    /// Reads a whole document into a tree.
    /// - Parameters:
    ///   - stream: the document bytes.
    ///   - location: file and entry for errors.
    ///   - maxElements: refuse documents with more elements than this (bounded memory).
    /// - Throws: `AirlockError(.malformedXML)` for malformed XML, `.limitExceeded` past `maxElements`.
    public static func parse(_ stream: ByteStream, location: SourceLocation, maxElements: Int = 2_000_000) throws -> XMLElementNode {
        let reader = try XMLStreamReader(stream, location: location)
        var stack: [XMLElementNode] = []
        var root: XMLElementNode?
        var count = 0
        while let kind = try reader.next() {
            switch kind {
            case .startElement:
                count += 1
                if count > maxElements {
                    throw reader.error("the document has more than \(maxElements) elements", code: .limitExceeded)
                }
                if root != nil && stack.isEmpty {
                    throw reader.error("the document has more than one root element")
                }
                stack.append(XMLElementNode(name: reader.name, attributes: reader.attributes, line: reader.line))
            case .text:
                if !stack.isEmpty { stack[stack.count - 1].text += reader.text }
            case .endElement:
                guard let finished = stack.popLast() else { continue }
                if stack.isEmpty {
                    root = finished
                } else {
                    stack[stack.count - 1].children.append(finished)
                }
            }
        }
        guard let root else {
            throw AirlockError(.malformedXML, "the document has no root element", at: location)
        }
        return root
    }
}

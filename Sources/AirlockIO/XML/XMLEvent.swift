/// One node as the SAX parser reported it, held in an `XMLEventBuffer` until `XMLStreamReader` moves past it.
///
/// Names and texts live in the buffer's byte arena: `bytes` is the element's local name or the text.
struct XMLEvent {
    var kind: XMLNodeKind
    /// A start element written as `<a/>`.
    var isEmpty: Bool
    /// Nesting depth; the root element is at 0, its text at 1. An end element has its start's depth.
    var depth: Int32
    /// 1-based line of the node (of its start tag, on an end element).
    var line: Int
    /// 1-based column of the parser when it reported the node.
    var column: Int32
    var bytesStart: Int32
    var bytesCount: Int32
    /// The element's attributes in the buffer's `attributes` (start elements only).
    var firstAttribute: Int32
    var attributeCount: Int32
}

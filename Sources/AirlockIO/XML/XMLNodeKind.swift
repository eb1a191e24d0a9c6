/// The kinds of XML node `XMLStreamReader` reports; comments, processing instructions and
/// whitespace-only text between elements are skipped.
public enum XMLNodeKind: Sendable, Equatable {
    case startElement
    case endElement
    case text
}

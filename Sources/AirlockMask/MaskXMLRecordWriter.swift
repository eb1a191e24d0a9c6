import AirlockIO
import AirlockModel
import AirlockPackages

/// Writes a masked XML entity file (XML-Element, XML-Attribute) laid out as it was read: the same root element, each
/// record in an element of the name it had, each value an attribute or a child element as it was, a value the
/// record did not have left out. UTF-8 with an XML declaration saying so, one record a line (CR LF), values escaped
/// as `MaskXMLText` says. A record streams out as it ends: nothing else is held.
final class MaskXMLRecordWriter: MaskRecordWriter {
    /// How a value of the record being written is laid out.
    private enum Place: UInt8 {
        case absent, attribute, element
    }

    private let out: BufferedByteWriter
    /// The input entity file, for errors (the line and field are added).
    private let location: SourceLocation
    /// Whether a value whose record does not tell its layout is an attribute (the manifest's XML-Attribute).
    private let attributesByDefault: Bool
    private var root = "Document"
    /// The column names as UTF-8 (XML names as read).
    private var names: [[UInt8]] = []
    private var started = false
    /// The current record's element name, and the same as UTF-8.
    private var elementName = ""
    private var element: [UInt8] = []
    /// Where each value of the current record goes, by file column.
    private var places: [Place] = []
    /// The current record's start tag with its attributes, and its child elements.
    private var startTag: [UInt8] = []
    private var children: [UInt8] = []
    private var line = 0

    /// - Parameters:
    ///   - location: the input entity file (file, entry, entity), which errors name.
    ///   - attributesByDefault: the manifest's layout, for a value whose record does not tell (never, as read).
    init(sink: ByteSink, location: SourceLocation, attributesByDefault: Bool) {
        self.out = BufferedByteWriter(sink: sink)
        self.location = location
        self.attributesByDefault = attributesByDefault
    }

    func beginDocument(root: String) throws {
        self.root = root
    }

    func addColumn(_ name: String) throws {
        names.append(Array(name.utf8))
    }

    func beginRecord(_ record: some FORecordView, line: Int) throws {
        try start()
        self.line = line
        let view = record as? FOXMLRecordView
        let name = view?.element ?? "RECORD"
        if name != elementName {
            elementName = name
            element = Array(name.utf8)
        }
        places.removeAll(keepingCapacity: true)
        for index in names.indices {
            let attribute = view.map { $0.isAttribute(index) } ?? record.withValue(index) { $0 == nil ? nil : attributesByDefault }
            places.append(attribute.map { $0 ? .attribute : .element } ?? .absent)
        }
        startTag.removeAll(keepingCapacity: true)
        children.removeAll(keepingCapacity: true)
        startTag.append(UInt8(ascii: "<"))
        startTag.append(contentsOf: element)
    }

    func field(_ text: String?, at index: Int) throws {
        guard var text else { return }
        try text.withUTF8 { try field(bytes: UnsafeRawBufferPointer($0), at: index) }
    }

    func field(bytes: UnsafeRawBufferPointer?, at index: Int) throws {
        guard let bytes, index < places.count else { return }
        let problem: String?
        switch places[index] {
        case .absent:
            // A value the record did not have stays out, whatever the masking made of it.
            return
        case .attribute:
            startTag.append(UInt8(ascii: " "))
            startTag.append(contentsOf: names[index])
            append("=\"", to: &startTag)
            problem = MaskXMLText.append(bytes, attribute: true, to: &startTag)
            startTag.append(UInt8(ascii: "\""))
        case .element:
            children.append(UInt8(ascii: "<"))
            children.append(contentsOf: names[index])
            if bytes.isEmpty {
                append(" />", to: &children)
                return
            }
            children.append(UInt8(ascii: ">"))
            problem = MaskXMLText.append(bytes, attribute: false, to: &children)
            append("</", to: &children)
            children.append(contentsOf: names[index])
            children.append(UInt8(ascii: ">"))
        }
        if let problem {
            var place = location
            place.line = line
            place.field = String(decoding: names[index], as: UTF8.self)
            throw AirlockError(.invalidValue, problem, at: place)
        }
    }

    func endRecord() throws {
        if children.isEmpty {
            append(" />", to: &startTag)
        } else {
            startTag.append(UInt8(ascii: ">"))
            startTag.append(contentsOf: children)
            append("</", to: &startTag)
            startTag.append(contentsOf: element)
            startTag.append(UInt8(ascii: ">"))
        }
        append("\r\n", to: &startTag)
        try out.write(contentsOf: startTag)
    }

    func finish() throws {
        try start()
        try out.write("</\(root)>\r\n")
        try out.flush()
    }

    /// The declaration and the root's start tag, once.
    private func start() throws {
        guard !started else { return }
        started = true
        try out.write("<?xml version=\"1.0\" encoding=\"utf-8\"?>\r\n<\(root)>\r\n")
    }

    private func append(_ text: StaticString, to buffer: inout [UInt8]) {
        text.withUTF8Buffer { buffer.append(contentsOf: $0) }
    }
}

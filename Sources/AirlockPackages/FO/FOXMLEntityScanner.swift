import AirlockIO
import AirlockModel

/// Streams an F&O XML entity file (`<Document>` with one element per record), both layouts:
/// fields as attributes (XML-Attribute) and fields as child elements (XML-Element).
struct FOXMLEntityScanner {
    let location: SourceLocation
    /// What the records count as in the progress lines.
    var countsAs: RecordTally.Kind = .read

    /// What the scan saw besides the records.
    struct Outcome {
        var usedAttributes = false
        var usedElements = false
        var columns: [String] = []
        var warnings: [String] = []
    }

    /// Reads every record into `consumer`, announcing columns as they first appear.
    func scan<Consumer: FORecordConsumer>(_ stream: ByteStream, into consumer: inout Consumer) throws -> Outcome {
        let reader = try XMLStreamReader(stream, location: location)
        var outcome = Outcome()
        var columnIndex: [String: Int] = [:]
        var nestedWarned = false

        func column(_ name: String) throws -> Int {
            if let index = columnIndex[name] { return index }
            let index = columnIndex.count
            columnIndex[name] = index
            outcome.columns.append(name)
            try consumer.addColumn(name, at: index)
            return index
        }

        guard try reader.next() == .startElement else {
            throw AirlockError(.malformedXML, "the file has no root element", at: location)
        }
        let root = reader.name
        if root != "Document" {
            outcome.warnings.append("the root element is \(root), not Document")
        }
        try consumer.beginDocument(root: root)
        // The records' element name, made a string once (a file's records share it).
        var element = ""
        while let kind = try reader.next() {
            guard kind == .startElement, reader.depth == 1 else { continue }
            let line = reader.line
            if !reader.hasName(element) { element = reader.name }
            var flat: [UInt8] = []
            var slots: [(Int, Range<Int>)] = []
            func keep(_ slot: Int, _ text: String) {
                let start = flat.count
                flat.append(contentsOf: text.utf8)
                slots.append((slot, start..<flat.count))
            }
            for attribute in reader.attributes where !attribute.name.hasPrefix("xmlns") {
                keep(try column(attribute.name), attribute.value)
                outcome.usedAttributes = true
            }
            // Child elements' values after a gap of one byte, so that the record tells which values were attributes.
            flat.append(0)
            let elementsStart = flat.count
            if !reader.isEmptyElement {
                while let inner = try reader.next() {
                    if inner == .endElement && reader.depth == 1 { break }
                    guard inner == .startElement, reader.depth == 2 else { continue }
                    let name = reader.name
                    if !reader.attributes.isEmpty {
                        if !nestedWarned {
                            outcome.warnings.append(
                                "nested element \(name) at line \(reader.line) looks like a composite entity; its records are not read")
                            nestedWarned = true
                        }
                        try reader.skipElement()
                        continue
                    }
                    let text = try reader.readElementText()
                    keep(try column(name), text)
                    outcome.usedElements = true
                }
            } else {
                _ = try reader.next()
            }
            var ranges = [Range<Int>?](repeating: nil, count: columnIndex.count)
            for (slot, range) in slots { ranges[slot] = range }
            try flat.withUnsafeBytes { raw in
                try consumer.consume(
                    FOXMLRecordView(bytes: raw, slots: ranges, element: element, elementsStart: elementsStart), line: line)
            }
            RecordProgress.add(1, as: countsAs)
        }
        return outcome
    }
}

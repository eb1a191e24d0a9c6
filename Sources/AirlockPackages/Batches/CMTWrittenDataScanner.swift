import AirlockIO
import AirlockModel

/// Reads `data.xml` as `CMTDataWriter` writes it, by its lines, with no XML parse: every element on a line of its
/// own, each line after the first started by CR LF and two spaces a level, no value holding a line end (the writer
/// writes them as character references). Hands out the document's parts as the bytes they are, each part with the
/// CR LF before each of its lines, so that parts written one after another are the document's own bytes.
///
/// Batches are cut from the packages Airlock wrote (`CMTPackageSplitter`): each batch's records are then the
/// package's own bytes, copied, not parsed and written again. A line that is not where the writer puts it is refused,
/// naming it.
struct CMTWrittenDataScanner {
    /// A part of the document.
    enum Part {
        /// The XML declaration and the root's start tag.
        case head(UnsafeRawBufferPointer)
        /// A section's start tag and its `<records>` or `<records />`, of the entity `name`.
        case sectionStart(name: String, bytes: UnsafeRawBufferPointer)
        /// A record of the open section, whole (its party members among it), and its id as written.
        case record(id: UnsafeRawBufferPointer, bytes: UnsafeRawBufferPointer)
        /// The open section's end: `</records>` when it had records, its many-to-many associations and `</entity>`.
        case sectionEnd(UnsafeRawBufferPointer)
    }

    private enum State {
        case declaration, root, between, recordsTag, records, record, tail, end
    }

    private let location: SourceLocation
    private var state = State.declaration
    private var part: [UInt8] = []
    private var section: (name: String, hasRecords: Bool)?
    private var idRange = 0..<0
    private var lineNumber = 0

    /// Scans `stream`, the `data.xml` at `location`, handing each part to `body` in order.
    /// - Throws: `AirlockError(.unsupported)` naming the line that is not where `CMTDataWriter` puts it, or a document
    ///   that ends before `</entities>`; what `stream` and `body` throw.
    static func scan(_ stream: ByteStream, location: SourceLocation, _ body: (Part) throws -> Void) throws {
        var scanner = CMTWrittenDataScanner(location: location)
        try ByteLines.forEach(in: stream) { line, ended in try scanner.take(line, ended: ended, body) }
        guard scanner.state == .end else { throw scanner.refusal("the document ends before </entities>") }
    }

    private init(location: SourceLocation) {
        self.location = location
    }

    /// Takes the next line (`ended`: a line end followed it, whose LF `line` leaves out).
    private mutating func take(_ line: UnsafeRawBufferPointer, ended: Bool, _ body: (Part) throws -> Void) throws {
        lineNumber += 1
        guard !ended || line.last == 0x0D else { throw refusal("a line that does not end in CR LF") }
        let content = UnsafeRawBufferPointer(rebasing: line[0..<(ended ? line.count - 1 : line.count)])
        let (indent, tag) = Self.split(content)
        if lineNumber > 1 { part.append(contentsOf: [0x0D, 0x0A]) }
        part.append(contentsOf: content)
        switch state {
        case .declaration:
            guard tag.starts(with: "<?xml ".utf8) else { throw refusal("no XML declaration") }
            state = .root
            return
        case .root:
            guard indent == 0, tag.starts(with: "<entities ".utf8), tag.last == UInt8(ascii: ">"), !tag.ends(with: "/>".utf8) else {
                throw refusal("no <entities> start tag")
            }
            try emit(.head, body)
            state = .between
        case .between:
            if indent == 0, tag.elementsEqual("</entities>".utf8) {
                state = .end
                part.removeAll(keepingCapacity: true)
                return
            }
            guard indent == 1, let name = Self.attribute(in: tag, after: "<entity name=\"") else {
                throw refusal("no <entity name=\"…\"> start tag")
            }
            section = (String(decoding: UnsafeRawBufferPointer(rebasing: tag[name]), as: UTF8.self), false)
            state = .recordsTag
        case .recordsTag:
            guard indent == 2, tag.elementsEqual("<records>".utf8) || tag.elementsEqual("<records />".utf8) else {
                throw refusal("no <records> after <entity>")
            }
            section?.hasRecords = tag.count == 9
            try emit(.sectionStart, body)
            state = section?.hasRecords == true ? .records : .tail
        case .records:
            if indent == 2, tag.elementsEqual("</records>".utf8) {
                state = .tail
                return
            }
            guard indent == 3, let id = Self.attribute(in: tag, after: "<record id=\"") else {
                throw refusal("no <record id=\"…\"> start tag")
            }
            let offset = part.count - tag.count
            idRange = (offset + id.lowerBound)..<(offset + id.upperBound)
            if tag.ends(with: "/>".utf8) {
                try emit(.record, body)
            } else {
                state = .record
            }
        case .record:
            guard indent > 3 || (indent == 3 && tag.elementsEqual("</record>".utf8)) else {
                throw refusal("a record's fields end without </record>")
            }
            if indent == 3 {
                try emit(.record, body)
                state = .records
            }
        case .tail:
            guard indent >= 2 || (indent == 1 && tag.elementsEqual("</entity>".utf8)) else {
                throw refusal("a section ends without </entity>")
            }
            if indent == 1 {
                try emit(.sectionEnd, body)
                state = .between
            }
        case .end:
            throw refusal("a line after </entities>")
        }
    }

    private enum PartKind { case head, sectionStart, record, sectionEnd }

    /// Hands the bytes gathered to `body` as a part of `kind`, and starts the next part.
    private mutating func emit(_ kind: PartKind, _ body: (Part) throws -> Void) throws {
        try part.withUnsafeBytes { bytes in
            switch kind {
            case .head: try body(.head(bytes))
            case .sectionStart:
                try body(.sectionStart(name: section?.name ?? "", bytes: bytes))
            case .record: try body(.record(id: UnsafeRawBufferPointer(rebasing: bytes[idRange]), bytes: bytes))
            case .sectionEnd: try body(.sectionEnd(bytes))
            }
        }
        part.removeAll(keepingCapacity: true)
    }

    /// The line's indent in levels (two spaces each; an odd space is refused by the tags' checks) and what follows.
    private static func split(_ content: UnsafeRawBufferPointer) -> (indent: Int, tag: UnsafeRawBufferPointer) {
        var spaces = 0
        while spaces < content.count, content[spaces] == UInt8(ascii: " ") { spaces += 1 }
        return (spaces % 2 == 0 ? spaces / 2 : -1, UnsafeRawBufferPointer(rebasing: content[spaces...]))
    }

    /// The range in `tag` of the quoted value that `opener` (up to its opening quote) starts `tag` with, when it does.
    private static func attribute(in tag: UnsafeRawBufferPointer, after opener: StaticString) -> Range<Int>? {
        let start = opener.utf8CodeUnitCount
        let opens = opener.withUTF8Buffer { tag.starts(with: $0) }
        guard opens, let end = tag[start...].firstIndex(of: UInt8(ascii: "\"")) else { return nil }
        return start..<end
    }

    private func refusal(_ what: String) -> AirlockError {
        var here = location
        here.line = lineNumber
        return AirlockError(
            .unsupported,
            "\(what) where Airlock writes its data.xml: batches are cut from the packages Airlock wrote, line by line", at: here)
    }
}

extension UnsafeRawBufferPointer {
    /// Whether the bytes end with `suffix`.
    fileprivate func ends(with suffix: String.UTF8View) -> Bool {
        count >= suffix.count && self[(count - suffix.count)...].elementsEqual(suffix)
    }
}

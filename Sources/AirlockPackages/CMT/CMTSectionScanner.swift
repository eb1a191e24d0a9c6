import AirlockIO
import AirlockModel

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Cuts a CMT `data.xml` at its entity sections by looking at its bytes, without parsing it: the head (the
/// declaration and the root's start tag, up to the first `<entity`), then each section from its `<entity` up to the
/// next section's (the last one up to the end of the document). Written out in that order, the pieces are the
/// document again, byte for byte.
///
/// A split partition (`airlock partition --step split`) cuts the Sales export so that many processes parse its
/// sections at once: each one parses the head, some sections and a closing `</entities>`, a well-formed document of
/// its own, and maps its parser's positions back to the export's (`positions(of:)`).
///
/// The scan skips comments, CDATA sections and processing instructions, and counts `<entity>` elements so that a
/// section ends where its element does. It does not check the XML: the parse of each piece does. A document it cannot
/// cut safely (not UTF-8, a DOCTYPE, no root or no section, an element left open) is not cut (`notCut`): it is then
/// parsed whole, by one process.
public final class CMTSectionScanner {
    /// A piece of the document, in the order the scan hands them out.
    public enum Piece: Hashable, Sendable {
        case head
        case section(Int)
    }

    /// A section found: its entity's name (as written in its start tag), its bytes, and where it starts in the
    /// document (1-based line; 1-based column in characters, as libxml2 counts them).
    public struct Section: Codable, Equatable, Sendable {
        public var entity: String
        public var bytes: Int
        public var line: Int
        public var column: Int
    }

    /// What the scan found.
    public struct Outcome: Equatable, Sendable {
        public var headBytes = 0
        public var sections: [Section] = []
        /// Why the document was not cut (it is then parsed whole), or nil.
        public var notCut: String?
    }

    /// Scans `stream` to its end, handing each piece's bytes to `write` as they go past (the head, then each
    /// section, in order, a piece's bytes in one or more calls). Stops early, with `notCut`, at the first thing it
    /// will not cut safely.
    /// - Throws: the stream's or `write`'s error.
    public static func scan(_ stream: ByteStream, _ write: (Piece, UnsafeRawBufferPointer) throws -> Void) throws -> Outcome {
        let scanner = CMTSectionScanner()
        let block = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 1)
        defer { block.deallocate() }
        while scanner.outcome.notCut == nil {
            let count = try stream.read(into: block)
            if count == 0 { break }
            scanner.window.append(contentsOf: UnsafeRawBufferPointer(rebasing: block[0..<count]))
            try scanner.process(final: false, write)
        }
        if scanner.outcome.notCut == nil { try scanner.process(final: true, write) }
        if scanner.outcome.notCut == nil { scanner.finish() }
        return scanner.outcome
    }

    /// The position map of a document made of the head, then the sections `numbers` (ascending) of `sections` (all
    /// the scan found), each after a line break: what the parser of such a document reports, mapped to the scanned
    /// document's lines and columns.
    public static func positions(of numbers: [Int], among sections: [Section]) -> XMLPositionMap {
        var segments: [XMLPositionMap.Segment] = []
        // The head's line breaks (section 0 starts where it ends), then one more before each section.
        var streamLine = sections.first?.line ?? 1
        var previousBreaks = 0
        for number in numbers {
            let section = sections[number]
            streamLine += previousBreaks + 1
            segments.append(.init(streamLine: streamLine, line: section.line, column: section.column))
            // A section's line breaks: those up to the next section's start.
            previousBreaks = number + 1 < sections.count ? sections[number + 1].line - section.line : 0
        }
        return XMLPositionMap(segments: segments)
    }

    // MARK: the scan

    private init() {}

    /// Bytes read and not yet handed out: an element's start that needs more bytes to be told apart stays here.
    private var window: [UInt8] = []
    private var outcome = Outcome()
    private var piece = Piece.head
    private var rootSeen = false
    private var atStart = true
    /// Open `<entity>` elements.
    private var entityDepth = 0
    /// Inside a comment, CDATA section or processing instruction: the bytes that end it.
    private var skippingTo: [UInt8]?
    /// Where the bytes handed out so far end: line, and characters since its start.
    private var line = 1
    private var columnCharacters = 0

    private static let longestTag = 64 * 1024

    private func process(final: Bool, _ write: (Piece, UnsafeRawBufferPointer) throws -> Void) throws {
        var handedOut = 0
        var index = 0
        let count = window.count
        try window.withUnsafeBytes { bytes in
            func handOut(upTo end: Int) throws {
                guard end > handedOut else { return }
                let span = UnsafeRawBufferPointer(rebasing: bytes[handedOut..<end])
                advancePosition(over: span)
                switch piece {
                case .head: outcome.headBytes += span.count
                case .section(let number): outcome.sections[number].bytes += span.count
                }
                try write(piece, span)
                handedOut = end
            }
            if atStart {
                guard count >= 256 || final else { return }
                atStart = false
                if let problem = Self.encodingProblem(bytes) { return refuse(problem) }
            }
            scan: while index < count {
                if let terminator = skippingTo {
                    guard let end = Self.find(terminator, in: bytes, from: index) else {
                        index = final ? count : max(index, count - (terminator.count - 1))
                        if final { refuse("a comment, CDATA section or processing instruction is not closed") }
                        break scan
                    }
                    skippingTo = nil
                    index = end + terminator.count
                    continue
                }
                guard let open = Self.find(UInt8(ascii: "<"), in: bytes, from: index) else {
                    index = count
                    break
                }
                // Enough bytes to tell `<![CDATA[` and `</entity>` apart, unless the document ends first.
                if count - open < 10 && !final {
                    index = open
                    break
                }
                let rest = UnsafeRawBufferPointer(rebasing: bytes[open..<count])
                switch Self.classify(rest, final: final, rootSeen: rootSeen) {
                case .other(let length):
                    index = open + length
                case .skipped(let terminator, let length):
                    skippingTo = terminator
                    index = open + length
                case .root:
                    rootSeen = true
                    index = open + 9
                case .entityEnd:
                    if entityDepth > 0 { entityDepth -= 1 }
                    index = open + 8
                case .entityStart(let end, let selfClosing):
                    if entityDepth == 0 {
                        try handOut(upTo: open)
                        piece = .section(outcome.sections.count)
                        let name = Self.nameAttribute(UnsafeRawBufferPointer(rebasing: rest[0..<end]))
                        outcome.sections.append(Section(entity: name, bytes: 0, line: line, column: columnCharacters + 1))
                    }
                    if !selfClosing { entityDepth += 1 }
                    index = open + end + 1
                case .needsMore:
                    index = open
                    break scan
                case .refused(let reason):
                    refuse(reason)
                    break scan
                }
            }
            if outcome.notCut == nil { try handOut(upTo: final ? count : min(index, count)) }
        }
        window.removeFirst(handedOut)
    }

    /// What a `<` starts.
    private enum Markup {
        /// Another element's tag: scanning goes on this many bytes on.
        case other(Int)
        /// A comment, CDATA section or processing instruction, which `terminator` ends, after this many bytes.
        case skipped([UInt8], Int)
        case root
        case entityEnd
        /// An `<entity>` start tag, whose `>` is `end` bytes on.
        case entityStart(end: Int, selfClosing: Bool)
        /// The window ends before the markup can be told.
        case needsMore
        case refused(String)
    }

    /// What the markup `rest` starts with is (`rest` starts with `<`).
    private static func classify(_ rest: UnsafeRawBufferPointer, final: Bool, rootSeen: Bool) -> Markup {
        if starts(rest, "<?") { return .skipped(Array("?>".utf8), 2) }
        if starts(rest, "<!--") { return .skipped(Array("-->".utf8), 4) }
        if starts(rest, "<![CDATA[") { return .skipped(Array("]]>".utf8), 9) }
        if starts(rest, "<!") { return .refused("it has a document type declaration") }
        if isTag(rest, "</entity") { return .entityEnd }
        if isTag(rest, "<entities") { return .root }
        guard isTag(rest, "<entity") else { return .other(1) }
        guard rootSeen else { return .refused("an <entity> comes before the root <entities>") }
        guard let end = tagEnd(rest) else {
            return final || rest.count > longestTag ? .refused("an <entity> start tag does not end") : .needsMore
        }
        return .entityStart(end: end, selfClosing: end > 0 && rest[end - 1] == UInt8(ascii: "/"))
    }

    /// Checks what the scan cannot see once it has gone past.
    private func finish() {
        if !rootSeen {
            refuse("it has no root <entities>")
        } else if outcome.sections.isEmpty {
            refuse("it has no <entity> section")
        } else if entityDepth != 0 {
            refuse("an <entity> is not closed")
        }
    }

    private func refuse(_ reason: String) {
        if outcome.notCut == nil { outcome.notCut = reason }
    }

    /// Moves the position past `span`: a line per line feed (libxml2 counts no other line break: a carriage return
    /// alone is a character of its line), and the characters after the last one.
    private func advancePosition(over span: UnsafeRawBufferPointer) {
        var lastBreak = -1
        var from = 0
        while let newline = Self.find(0x0A, in: span, from: from) {
            line += 1
            lastBreak = newline
            from = newline + 1
        }
        if lastBreak >= 0 { columnCharacters = 0 }
        for byte in span[(lastBreak + 1)...] where byte & 0xC0 != 0x80 { columnCharacters += 1 }
    }

    /// Why a document starting with `bytes` is not cut by bytes: UTF-16 or UTF-32, or a declared encoding other
    /// than UTF-8 (ASCII is UTF-8).
    private static func encodingProblem(_ bytes: UnsafeRawBufferPointer) -> String? {
        if bytes.count >= 2,
            (bytes[0] == 0xFE && bytes[1] == 0xFF) || (bytes[0] == 0xFF && bytes[1] == 0xFE) || bytes[0] == 0 || bytes[1] == 0
        {
            return "it is not in UTF-8"
        }
        let head = String(decoding: bytes.prefix(256), as: UTF8.self).lowercased()
        guard head.hasPrefix("<?xml") || head.hasPrefix("\u{FEFF}<?xml"), let end = head.range(of: "?>") else { return nil }
        let declaration = head[..<end.lowerBound]
        guard let encoding = declaration.range(of: "encoding") else { return nil }
        let value = declaration[encoding.upperBound...].drop { $0 == " " || $0 == "=" || $0 == "\"" || $0 == "'" }
            .prefix { $0 != "\"" && $0 != "'" && $0 != " " }
        return ["utf-8", "utf8", "us-ascii", "ascii"].contains(String(value)) ? nil : "it declares the encoding \(value)"
    }

    private static func find(_ byte: UInt8, in bytes: UnsafeRawBufferPointer, from start: Int) -> Int? {
        guard start < bytes.count, let base = bytes.baseAddress else { return nil }
        guard let hit = memchr(base + start, Int32(byte), bytes.count - start) else { return nil }
        return base.distance(to: UnsafeRawPointer(hit))
    }

    private static func find(_ needle: [UInt8], in bytes: UnsafeRawBufferPointer, from start: Int) -> Int? {
        var from = start
        while let first = find(needle[0], in: bytes, from: from) {
            if first + needle.count > bytes.count { return nil }
            if needle.indices.allSatisfy({ bytes[first + $0] == needle[$0] }) { return first }
            from = first + 1
        }
        return nil
    }

    private static func starts(_ bytes: UnsafeRawBufferPointer, _ prefix: StaticString) -> Bool {
        let count = prefix.utf8CodeUnitCount
        guard bytes.count >= count else { return false }
        let start = prefix.utf8Start
        return (0..<count).allSatisfy { bytes[$0] == start[$0] }
    }

    /// Whether `bytes` start with `name` followed by a character that ends an element's name.
    private static func isTag(_ bytes: UnsafeRawBufferPointer, _ name: StaticString) -> Bool {
        let count = name.utf8CodeUnitCount
        guard starts(bytes, name) else { return false }
        guard bytes.count > count else { return true }
        let next = bytes[count]
        return next == 0x20 || next == 0x09 || next == 0x0A || next == 0x0D || next == UInt8(ascii: ">") || next == UInt8(ascii: "/")
    }

    /// The offset of the `>` that ends the start tag `bytes` begin with (quoted `>` skipped), or nil.
    private static func tagEnd(_ bytes: UnsafeRawBufferPointer) -> Int? {
        var quote: UInt8?
        for index in bytes.indices.prefix(longestTag) {
            let byte = bytes[index]
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: ">") {
                return index
            }
        }
        return nil
    }

    /// The value of the `name` attribute of start tag `tag`, as written (references not decoded); "" without one.
    private static func nameAttribute(_ tag: UnsafeRawBufferPointer) -> String {
        let text = String(decoding: tag, as: UTF8.self)
        var rest = text[...]
        while let found = rest.range(of: "name") {
            let before = text[..<found.lowerBound].last
            let after = text[found.upperBound...].drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
            if before.map({ $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }) == true, after.first == "=" {
                let value = after.dropFirst().drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
                guard let quote = value.first, quote == "\"" || quote == "'" else { return "" }
                return String(value.dropFirst().prefix { $0 != quote })
            }
            rest = text[found.upperBound...]
        }
        return ""
    }
}

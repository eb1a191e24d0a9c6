import AirlockIO
import AirlockModel

/// Builds XML the way CMT's .NET `XmlWriter` lays it out (CR LF line ends, two-space indent, ` />` on empty
/// elements), with Airlock's own escaping, in a local byte buffer handed to a `BufferedByteWriter` in large
/// pieces: much faster than `xmlTextWriter`. The buffer is a `ByteBuffer` (an append is a copy, with no uniqueness
/// or exclusivity check); each output keeps its own and is used from one thread.
struct CMTXMLOutput {
    private let buffer = ByteBuffer(capacity: Self.drainThreshold * 2)
    /// The line being written (1-based), counted by `line(_:)` for a `CMTDataObserver`; 0 unless set.
    var lineNumber = 0

    /// The bytes gathered and not yet drained.
    var bytes: [UInt8] { buffer.withBytes { Array($0) } }

    /// Bytes gathered before `drainIfFull` passes them on.
    static let drainThreshold = 64 * 1024

    /// Passes everything gathered to `writer`.
    mutating func drain(into writer: BufferedByteWriter) throws {
        guard buffer.count > 0 else { return }
        try buffer.withBytes { try writer.write($0) }
        buffer.removeAll()
    }

    /// Passes everything gathered to `writer` once there is enough of it.
    mutating func drainIfFull(into writer: BufferedByteWriter) throws {
        if buffer.count >= Self.drainThreshold { try drain(into: writer) }
    }

    /// Appends a literal (`withUTF8Buffer`, because a one-character literal is not stored as a pointer).
    mutating func raw(_ text: StaticString) {
        if text.hasPointerRepresentation {
            buffer.append(UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
        } else {
            text.withUTF8Buffer { buffer.append(UnsafeRawBufferPointer($0)) }
        }
    }

    /// Appends `text` (named apart from `raw(_:)`, so that a literal is always taken as a `StaticString`).
    mutating func raw(string text: String) {
        var text = text
        text.withUTF8 { buffer.append(UnsafeRawBufferPointer($0)) }
    }

    mutating func raw(_ data: [UInt8]) {
        buffer.append(data)
    }

    mutating func raw(_ data: UnsafeRawBufferPointer) {
        buffer.append(data)
    }

    /// CR LF and the indent of eight levels: `line(_:)` appends its first 2 + 2 × level bytes in one piece.
    private static let lineStart: StaticString = "\r\n                "

    /// A line end followed by `level` levels of two-space indent.
    mutating func line(_ level: Int) {
        lineNumber += 1
        let length = 2 + 2 * level
        let start = Self.lineStart
        if length <= start.utf8CodeUnitCount {
            buffer.append(UnsafeRawBufferPointer(start: start.utf8Start, count: length))
        } else {
            raw(start)
            for _ in 0..<(length - start.utf8CodeUnitCount) { buffer.append(0x20) }
        }
    }

    /// The bytes of ` name="` (the name escaped), which `attribute(opener:bytes:html:)` completes.
    /// - Throws: `CMTValueProblem` for a character XML 1.0 cannot carry.
    static func attributeOpener(_ name: String) throws -> [UInt8] {
        [0x20] + (try escaped(name)) + [0x3D, 0x22]
    }

    /// `text` escaped as an attribute value.
    /// - Throws: `CMTValueProblem` for a character XML 1.0 cannot carry.
    static func escaped(_ text: String) throws -> [UInt8] {
        var output = CMTXMLOutput()
        var text = text
        try text.withUTF8 { try output.escapedAttributeValue(UnsafeRawBufferPointer($0), html: false) }
        return output.bytes
    }

    /// An attribute whose ` name="` is `opener` (see `attributeOpener`), the value escaped as
    /// `attribute(_:bytes:html:)` does.
    mutating func attribute(opener: [UInt8], bytes value: UnsafeRawBufferPointer, html: Bool) throws {
        buffer.append(opener)
        try escapedAttributeValue(value, html: html)
        buffer.append(0x22)
    }

    /// ` name="value"` with the value XML-escaped.
    /// - Throws: `CMTValueProblem` for a character XML 1.0 cannot carry.
    mutating func attribute(_ name: String, _ value: String) throws {
        var value = value
        try value.withUTF8 { try attribute(name, bytes: UnsafeRawBufferPointer($0), html: false) }
    }

    /// ` name="value"`; with `html`, the value is HTML-encoded first (as CMT's exporter does to string values).
    /// - Throws: `CMTValueProblem` for a character XML 1.0 cannot carry.
    mutating func attribute(_ name: String, bytes value: UnsafeRawBufferPointer, html: Bool) throws {
        buffer.append(0x20)
        raw(string: name)
        buffer.append(0x3D)
        buffer.append(0x22)
        try escapedAttributeValue(value, html: html)
        buffer.append(0x22)
    }

    /// An attribute value's bytes, escaped. CR, LF and TAB become character references so that they survive
    /// attribute-value normalisation; `'` is only touched by HTML encoding (`&#39;`, as .NET's `WebUtility` writes).
    mutating func escapedAttributeValue(_ value: UnsafeRawBufferPointer, html: Bool) throws {
        var runStart = 0
        var index = 0
        let count = value.count
        while index < count {
            let byte = value[index]
            // Most bytes need nothing: test the common case first.
            if byte >= 0x20, byte != 0x26, byte != 0x3C, byte != 0x3E, byte != 0x22, byte != 0x27, byte != 0xEF {
                index += 1
                continue
            }
            let replacement: StaticString?
            switch byte {
            case 0xEF:
                if index + 2 < count, value[index + 1] == 0xBF, value[index + 2] >= 0xBE {
                    throw CMTValueProblem("the value holds U+FFFE or U+FFFF, which XML 1.0 cannot carry")
                }
                replacement = nil
            case 0x26: replacement = html ? "&amp;amp;" : "&amp;"
            case 0x3C: replacement = html ? "&amp;lt;" : "&lt;"
            case 0x3E: replacement = html ? "&amp;gt;" : "&gt;"
            case 0x22: replacement = html ? "&amp;quot;" : "&quot;"
            case 0x27: replacement = html ? "&amp;#39;" : nil
            case 0x0A: replacement = "&#xA;"
            case 0x0D: replacement = "&#xD;"
            case 0x09: replacement = "&#x9;"
            default: throw CMTValueProblem(Self.controlCharacterReason(byte))
            }
            if let replacement {
                if runStart < index { buffer.append(UnsafeRawBufferPointer(rebasing: value[runStart..<index])) }
                raw(replacement)
                runStart = index + 1
            }
            index += 1
        }
        if runStart < count { buffer.append(UnsafeRawBufferPointer(rebasing: value[runStart..<count])) }
    }

    /// Element text, escaped; line ends are written as CR LF (what .NET writes), a lone CR as `&#xD;`.
    /// - Throws: `CMTValueProblem` for a character XML 1.0 cannot carry.
    mutating func text(_ value: String) throws {
        var value = value
        try value.withUTF8 { utf8 in
            let text = UnsafeRawBufferPointer(utf8)
            var runStart = 0
            var index = 0
            let count = text.count
            while index < count {
                let byte = text[index]
                let replacement: StaticString?
                switch byte {
                case 0x26: replacement = "&amp;"
                case 0x3C: replacement = "&lt;"
                case 0x3E: replacement = "&gt;"
                case 0x0A:
                    replacement = "\r\n"
                    lineNumber += 1
                case 0x0D: replacement = index + 1 < count && text[index + 1] == 0x0A ? "" : "&#xD;"
                case 0x09: replacement = nil
                case 0..<0x20: throw CMTValueProblem(Self.controlCharacterReason(byte))
                default: replacement = nil
                }
                if let replacement {
                    if runStart < index { buffer.append(UnsafeRawBufferPointer(rebasing: text[runStart..<index])) }
                    raw(replacement)
                    runStart = index + 1
                }
                index += 1
            }
            if runStart < count { buffer.append(UnsafeRawBufferPointer(rebasing: text[runStart..<count])) }
            if Self.holdsNonCharacter(text) {
                throw CMTValueProblem("the text holds U+FFFE or U+FFFF, which XML 1.0 cannot carry")
            }
        }
    }

    /// Whether UTF-8 `value` holds U+FFFE or U+FFFF (EF BF BE / EF BF BF).
    private static func holdsNonCharacter(_ value: UnsafeRawBufferPointer) -> Bool {
        guard value.count >= 3 else { return false }
        var index = 0
        while index + 2 < value.count {
            if value[index] == 0xEF, value[index + 1] == 0xBF, value[index + 2] >= 0xBE { return true }
            index += 1
        }
        return false
    }

    private static func controlCharacterReason(_ byte: UInt8) -> String {
        let hex = String(byte, radix: 16, uppercase: true)
        return "the value holds the control character U+\(hex.count == 1 ? "000" : "00")\(hex), which XML 1.0 cannot carry"
    }
}

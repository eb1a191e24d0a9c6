/// One JSON object of string values on one line (`{"entity":"account","key":"ACC-01000-BVRCPS"}`): what a file of
/// millions of small records written and read back by the tool itself holds (the key register). Written with its keys
/// in the order given and no spaces, as `ReportJSON` writes a line; read without building a tree, a hundred times
/// faster than Foundation's decoders on such lines. Only this shape is read: a number, a nested value or a repeated
/// key is refused.
public enum FlatJSONLine {
    /// The line of `fields` (keys in the order given), without a line end.
    public static func encode(_ fields: [(key: String, value: String)]) -> [UInt8] {
        var bytes: [UInt8] = [UInt8(ascii: "{")]
        bytes.reserveCapacity(fields.reduce(2) { $0 + $1.key.utf8.count + $1.value.utf8.count + 6 })
        for (index, field) in fields.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            appendString(field.key, to: &bytes)
            bytes.append(UInt8(ascii: ":"))
            appendString(field.value, to: &bytes)
        }
        bytes.append(UInt8(ascii: "}"))
        return bytes
    }

    /// The fields of `line` in their order.
    /// - Throws: `Problem` saying what is not as written.
    public static func decode(_ line: ArraySlice<UInt8>) throws(Problem) -> [(key: String, value: String)] {
        var fields: [(key: String, value: String)] = []
        do {
            try scan(line) { key, value in
                guard let key = String(validating: key, as: UTF8.self), let value = String(validating: value, as: UTF8.self) else {
                    throw Problem("a text is not UTF-8")
                }
                if fields.contains(where: { $0.key == key }) { throw Problem("\(key) is given twice") }
                fields.append((key, value))
            }
        } catch let problem as Problem {
            throw problem
        } catch {
            throw Problem("\(error)")
        }
        return fields
    }

    /// Calls `field` with each field's key and value bytes (escapes read), in their order, without making a text of
    /// either: what a reader of millions of lines uses, making texts of the values it keeps only.
    /// - Throws: `Problem` saying what is not as written; `field`'s errors.
    public static func scan(_ line: ArraySlice<UInt8>, _ field: (UnsafeRawBufferPointer, UnsafeRawBufferPointer) throws -> Void) throws {
        var reader = Reader(bytes: line)
        reader.skipSpaces()
        try reader.expect(UInt8(ascii: "{"))
        reader.skipSpaces()
        if reader.peek() == UInt8(ascii: "}") {
            reader.index += 1
        } else {
            while true {
                reader.skipSpaces()
                let key = try reader.string()
                reader.skipSpaces()
                try reader.expect(UInt8(ascii: ":"))
                reader.skipSpaces()
                guard reader.peek() == UInt8(ascii: "\"") else { throw Problem("a value is not text") }
                let value = try reader.string()
                try reader.withBytes(key) { key in try reader.withBytes(value) { value in try field(key, value) } }
                reader.skipSpaces()
                if reader.peek() == UInt8(ascii: ",") {
                    reader.index += 1
                    continue
                }
                try reader.expect(UInt8(ascii: "}"))
                break
            }
        }
        reader.skipSpaces()
        guard reader.index == line.endIndex else { throw Problem("text after the object") }
    }

    /// Why a line does not read.
    public struct Problem: Error, Sendable, CustomStringConvertible {
        public var description: String
        public init(_ description: String) { self.description = description }

        /// A key or value that is not UTF-8.
        public static let notUTF8 = Problem("a text is not UTF-8")
    }

    private static func appendString(_ text: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        // Most texts need no escape: appended whole.
        if !text.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            bytes.append(contentsOf: text.utf8)
            bytes.append(UInt8(ascii: "\""))
            return
        }
        let digits = Array("0123456789abcdef".utf8)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
            case UInt8(ascii: "\\"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
            case 0x0A: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
            case 0x0D: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
            case 0x09: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
            case 0..<0x20:
                bytes += Array("\\u00".utf8)
                bytes.append(digits[Int(byte >> 4)])
                bytes.append(digits[Int(byte & 0x0F)])
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private struct Reader {
        let bytes: ArraySlice<UInt8>
        var index: Int

        init(bytes: ArraySlice<UInt8>) {
            self.bytes = bytes
            index = bytes.startIndex
        }

        func peek() -> UInt8? { index < bytes.endIndex ? bytes[index] : nil }

        mutating func skipSpaces() {
            while let byte = peek(), byte == 0x20 || byte == 0x09 || byte == 0x0D { index += 1 }
        }

        mutating func expect(_ byte: UInt8) throws(Problem) {
            guard peek() == byte else {
                throw Problem(
                    peek() == nil
                        ? "it ends early" : "'\(Character(Unicode.Scalar(byte)))' expected at column \(index - bytes.startIndex + 1)")
            }
            index += 1
        }

        /// A string read: its bytes in place (no escape), or its escapes read.
        enum Text {
            case inPlace(Range<Int>)
            case unescaped([UInt8])
        }

        /// Calls `body` with the bytes of `text`.
        func withBytes<R>(_ text: Text, _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
            switch text {
            case .inPlace(let range): try bytes[range].withUnsafeBytes(body)
            case .unescaped(let bytes): try bytes.withUnsafeBytes(body)
            }
        }

        /// A string at `index`, its escapes read.
        mutating func string() throws(Problem) -> Text {
            try expect(UInt8(ascii: "\""))
            let start = index
            while let byte = peek(), byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\"), byte >= 0x20 { index += 1 }
            if peek() == UInt8(ascii: "\"") {
                index += 1
                return .inPlace(start..<(index - 1))
            }
            var text = Array(bytes[start..<index])
            while true {
                guard let byte = peek() else { throw Problem("a text is not closed") }
                index += 1
                switch byte {
                case UInt8(ascii: "\""):
                    return .unescaped(text)
                case UInt8(ascii: "\\"):
                    guard let escape = peek() else { throw Problem("a text is not closed") }
                    index += 1
                    switch escape {
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): text.append(escape)
                    case UInt8(ascii: "n"): text.append(0x0A)
                    case UInt8(ascii: "r"): text.append(0x0D)
                    case UInt8(ascii: "t"): text.append(0x09)
                    case UInt8(ascii: "b"): text.append(0x08)
                    case UInt8(ascii: "f"): text.append(0x0C)
                    case UInt8(ascii: "u"): try unicodeEscape(into: &text)
                    default: throw Problem("an unknown escape \\\(Character(Unicode.Scalar(escape)))")
                    }
                case 0..<0x20:
                    throw Problem("a control character in a text")
                default:
                    text.append(byte)
                }
            }
        }

        /// `\uXXXX` (after the `u`), a surrogate pair's second half included.
        private mutating func unicodeEscape(into text: inout [UInt8]) throws(Problem) {
            var scalar = try hexQuad()
            if (0xD800..<0xDC00).contains(scalar) {
                guard peek() == UInt8(ascii: "\\"), index + 1 < bytes.endIndex, bytes[index + 1] == UInt8(ascii: "u") else {
                    throw Problem("half a surrogate pair")
                }
                index += 2
                let low = try hexQuad()
                guard (0xDC00..<0xE000).contains(low) else { throw Problem("half a surrogate pair") }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            }
            guard let unicode = Unicode.Scalar(scalar) else { throw Problem("an escape that is no character") }
            text += Array(String(Character(unicode)).utf8)
        }

        private mutating func hexQuad() throws(Problem) -> UInt32 {
            var value: UInt32 = 0
            for _ in 0..<4 {
                guard let byte = peek() else { throw Problem("it ends early") }
                index += 1
                let digit: UInt32
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
                default: throw Problem("an escape that is not hex")
                }
                value = value << 4 | digit
            }
            return value
        }
    }
}

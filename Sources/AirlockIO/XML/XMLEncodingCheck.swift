/// Checks that an XML document's bytes and its encoding declaration agree, before libxml2 decodes it.
///
/// Package XML is UTF-8 or UTF-16. A declaration that names another encoding, or that contradicts the byte
/// order mark (a UTF-8 file labelled `utf-16`, as .NET's `StringWriter` produces), would otherwise be decoded
/// wrongly or fail with a confusing message; here it is an error that says what is wrong.
enum XMLEncodingCheck {
    /// Why the document starting with `prefix` cannot be read, or nil when its encoding is consistent.
    static func problem(prefix: [UInt8]) -> String? {
        let encoding = TextEncoding.detect(prefix)
        let text = asciiText(prefix, encoding: encoding)
        guard let declared = declaredEncoding(in: text)?.lowercased() else { return nil }
        let utf8Names: Set<String> = ["utf-8", "utf8", "us-ascii", "ascii"]
        let utf16Names: Set<String> = ["utf-16", "utf16", "unicode", "utf-16le", "utf-16be"]
        switch encoding {
        case .utf8, .utf8BOM:
            if utf8Names.contains(declared) { return nil }
            if utf16Names.contains(declared) {
                return
                    "the XML declaration says \(declared) but the bytes are UTF-8 (re-save the file as UTF-16, or change the declaration to utf-8)"
            }
        case .utf16LE, .utf16BE:
            if declared == "utf-16" || declared == "utf16" || declared == "unicode" { return nil }
            if declared == "utf-16le" && encoding == .utf16LE || declared == "utf-16be" && encoding == .utf16BE { return nil }
            return "the XML declaration says \(declared) but the bytes are \(encoding.rawValue)"
        }
        return "the XML declaration names the encoding \(declared); package XML must be UTF-8 or UTF-16 (re-save the file in UTF-8)"
    }

    /// The ASCII characters of the document's start, whatever its code unit width.
    private static func asciiText(_ prefix: [UInt8], encoding: TextEncoding) -> String {
        var bytes = Array(prefix.dropFirst(encoding.byteOrderMark.count))
        if encoding.isUTF16 {
            var ascii: [UInt8] = []
            var index = 0
            while index + 1 < bytes.count {
                let (low, high) = encoding == .utf16LE ? (bytes[index], bytes[index + 1]) : (bytes[index + 1], bytes[index])
                ascii.append(high == 0 ? low : UInt8(ascii: "?"))
                index += 2
            }
            bytes = ascii
        }
        return String(decoding: bytes.prefix(200).filter { $0 < 0x80 }, as: UTF8.self)
    }

    /// The `encoding` pseudo-attribute of a leading `<?xml …?>` declaration.
    private static func declaredEncoding(in text: String) -> String? {
        guard text.hasPrefix("<?xml"), let end = text.firstRange(of: "?>") else { return nil }
        let declaration = text[..<end.lowerBound]
        guard let key = declaration.firstRange(of: "encoding") else { return nil }
        var rest = declaration[key.upperBound...].drop { $0 == " " || $0 == "\t" || $0 == "\r" || $0 == "\n" }
        guard rest.first == "=" else { return nil }
        rest = rest.dropFirst().drop { $0 == " " || $0 == "\t" || $0 == "\r" || $0 == "\n" }
        guard let quote = rest.first, quote == "\"" || quote == "'" else { return nil }
        let value = rest.dropFirst().prefix { $0 != quote }
        return String(value)
    }
}

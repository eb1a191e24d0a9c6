/// Escapes values for the XML a masked entity file is written in (`MaskXMLRecordWriter`, `MaskExcelRecordWriter`), so
/// that the project's XML reader reads back the value given: `&`, `<`, `>`; in an attribute, `"`, and tab, LF and CR as
/// character references (attribute-value normalisation would turn them into spaces); in text, CR as `&#xD;` (a
/// parser turns a bare CR into LF). XML 1.0 cannot carry the other control characters, nor U+FFFE and U+FFFF.
enum MaskXMLText {
    /// Appends UTF-8 `value` escaped (for a double-quoted attribute value when `attribute`) to `out`.
    /// - Returns: why the value cannot be written (a character XML 1.0 cannot carry), nil once it is.
    static func append(_ value: UnsafeRawBufferPointer, attribute: Bool, to out: inout [UInt8]) -> String? {
        var runStart = 0
        var index = 0
        let count = value.count
        while index < count {
            let byte = value[index]
            // Most bytes need nothing: test the common case first.
            if byte >= 0x20, byte != 0x26, byte != 0x3C, byte != 0x3E, byte != 0x22, byte != 0xEF {
                index += 1
                continue
            }
            let replacement: StaticString?
            switch byte {
            case 0x26: replacement = "&amp;"
            case 0x3C: replacement = "&lt;"
            case 0x3E: replacement = "&gt;"
            case 0x22: replacement = attribute ? "&quot;" : nil
            case 0x0D: replacement = "&#xD;"
            case 0x0A: replacement = attribute ? "&#xA;" : nil
            case 0x09: replacement = attribute ? "&#x9;" : nil
            case 0xEF:
                if index + 2 < count, value[index + 1] == 0xBF, value[index + 2] >= 0xBE {
                    return "the value holds U+FFFE or U+FFFF, which XML 1.0 cannot carry"
                }
                replacement = nil
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                return "the value holds the control character U+\(hex.count == 1 ? "000" : "00")\(hex), which XML 1.0 cannot carry"
            }
            if let replacement {
                if runStart < index { out.append(contentsOf: UnsafeRawBufferPointer(rebasing: value[runStart..<index])) }
                replacement.withUTF8Buffer { out.append(contentsOf: $0) }
                runStart = index + 1
            }
            index += 1
        }
        if runStart < count { out.append(contentsOf: UnsafeRawBufferPointer(rebasing: value[runStart..<count])) }
        return nil
    }

    /// Appends `text` escaped (see `append(_:attribute:to:)`).
    static func append(_ text: String, attribute: Bool, to out: inout [UInt8]) -> String? {
        var text = text
        return text.withUTF8 { append(UnsafeRawBufferPointer($0), attribute: attribute, to: &out) }
    }

    /// `text` escaped for an attribute value or text (markup Airlock writes around the values: a sheet's name).
    static func escaped(_ text: String, attribute: Bool) -> String? {
        var out: [UInt8] = []
        guard append(text, attribute: attribute, to: &out) == nil else { return nil }
        return String(decoding: out, as: UTF8.self)
    }
}

import AirlockIO

/// Builds DataContractSerializer-shaped XML text for the manifest writer, in one of the `FOXMLLayout`s.
struct FOXMLBuilder {
    let layout: FOXMLLayout
    private(set) var text = ""
    private var depth = 0

    init(layout: FOXMLLayout) {
        self.layout = layout
    }

    mutating func open(_ name: String, attributes: String? = nil) {
        startLine()
        text += "<\(name)"
        if let attributes { text += " " + attributes }
        text += ">"
        depth += 1
    }

    mutating func close(_ name: String) {
        depth -= 1
        startLine()
        text += "</\(name)>"
    }

    /// `<name>value</name>`, `<name />` when empty, nothing when nil.
    mutating func text(_ name: String, _ value: String?) {
        guard let value else { return }
        startLine()
        if value.isEmpty {
            text += "<\(name) />"
        } else {
            text += "<\(name)>\(Self.escape(value))</\(name)>"
        }
    }

    mutating func nilElement(_ name: String) {
        startLine()
        text += "<\(name) i:nil=\"true\" />"
    }

    /// A list member: nil writes `i:nil="true"`, an empty list `<name />`.
    mutating func list<Item>(_ name: String, _ items: [Item]?, _ body: (inout FOXMLBuilder, Item) -> Void) {
        guard let items else { return nilElement(name) }
        if items.isEmpty {
            startLine()
            text += "<\(name) />"
            return
        }
        open(name)
        for item in items { body(&self, item) }
        close(name)
    }

    /// The document as UTF-16 LE with BOM.
    func utf16LittleEndian() -> [UInt8] {
        var bytes: [UInt8] = [0xFF, 0xFE]
        bytes.reserveCapacity(2 + text.utf16.count * 2)
        for unit in text.utf16 {
            bytes.append(UInt8(unit & 0xFF))
            bytes.append(UInt8(unit >> 8))
        }
        return bytes
    }

    private mutating func startLine() {
        guard case .indented(let newline) = layout, !text.isEmpty else { return }
        text += newline
        text += String(repeating: "\t", count: depth)
    }

    /// Escapes text content as .NET's XmlWriter does: `&`, `<`, `>`; CR as `&#xD;` so it survives parsing.
    static func escape(_ value: String) -> String {
        guard value.utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x0D }) else { return value }
        var result = ""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\r": result += "&#xD;"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}

/// Writes a catalog's image (`BundledCatalogImage`): every text once, in a table at the start, then the
/// catalog's values in a fixed order, each number as a variable-length integer and each text as its number in
/// the table. `CatalogImageReader` reads the values back in the same order.
struct CatalogImageWriter {
    private var textNumbers: [String: Int] = [:]
    private var table: [String] = []
    private var body: [UInt8] = []

    /// The image: `magic`, the text table and the values written so far.
    func bytes(magic: [UInt8]) -> [UInt8] {
        var head = CatalogImageWriter()
        head.number(table.count)
        for text in table {
            let utf8 = Array(text.utf8)
            head.number(utf8.count)
            head.body.append(contentsOf: utf8)
        }
        return magic + head.body + body
    }

    /// A number, zigzag-encoded (small negative numbers stay short) in 7-bit groups, least significant first.
    mutating func number(_ value: Int) {
        var rest = UInt64(bitPattern: Int64(value) << 1 ^ Int64(value) >> 63)
        while rest >= 0x80 {
            body.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        body.append(UInt8(rest))
    }

    mutating func flag(_ value: Bool) { body.append(value ? 1 : 0) }

    mutating func text(_ value: String) {
        if let known = textNumbers[value] {
            number(known)
            return
        }
        textNumbers[value] = table.count
        number(table.count)
        table.append(value)
    }

    mutating func texts(_ values: [String]) {
        number(values.count)
        for value in values { text(value) }
    }

    /// A present flag, then the value when there is one.
    mutating func optional<Value>(_ value: Value?, _ write: (inout CatalogImageWriter, Value) -> Void) {
        flag(value != nil)
        if let value { write(&self, value) }
    }

    mutating func optionalText(_ value: String?) { optional(value) { $0.text($1) } }

    mutating func optionalNumber(_ value: Int?) { optional(value) { $0.number($1) } }

    mutating func list<Element>(_ values: [Element], _ write: (inout CatalogImageWriter, Element) -> Void) {
        number(values.count)
        for value in values { write(&self, value) }
    }
}

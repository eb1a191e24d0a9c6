import AirlockModel

/// Reads what `CatalogImageWriter` wrote, in the order it was written; every read checks the image's bounds and
/// throws `CatalogImageReader.Damaged` past them or at a value the writer cannot have written.
struct CatalogImageReader {
    /// The image is cut short or holds a value out of range.
    struct Damaged: Error {}

    private let bytes: [UInt8]
    private var position: Int
    private var table: [String] = []

    /// A reader of `bytes` after their first `start` bytes (the magic): it reads the text table at once.
    init(_ bytes: [UInt8], from start: Int) throws {
        self.bytes = bytes
        position = start
        let count = try number()
        guard count >= 0, count <= bytes.count else { throw Damaged() }
        table.reserveCapacity(count)
        for _ in 0..<count {
            let length = try number()
            guard length >= 0, length <= bytes.count - position else { throw Damaged() }
            table.append(String(decoding: bytes[position..<position + length], as: UTF8.self))
            position += length
        }
    }

    /// Whether every byte has been read.
    var isAtEnd: Bool { position == bytes.count }

    mutating func number() throws -> Int {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            guard position < bytes.count, shift < 64 else { throw Damaged() }
            let byte = bytes[position]
            position += 1
            value |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { break }
            shift += 7
        }
        return Int(Int64(bitPattern: value >> 1) ^ -Int64(bitPattern: value & 1))
    }

    mutating func flag() throws -> Bool {
        guard position < bytes.count, bytes[position] <= 1 else { throw Damaged() }
        position += 1
        return bytes[position - 1] == 1
    }

    mutating func text() throws -> String {
        let index = try number()
        guard table.indices.contains(index) else { throw Damaged() }
        return table[index]
    }

    mutating func texts() throws -> [String] { try list { try $0.text() } }

    /// A value of a `RawRepresentable` enum, written as its raw text.
    mutating func choice<Choice: RawRepresentable>(_: Choice.Type) throws -> Choice where Choice.RawValue == String {
        guard let choice = Choice(rawValue: try text()) else { throw Damaged() }
        return choice
    }

    mutating func optional<Value>(_ read: (inout CatalogImageReader) throws -> Value) throws -> Value? {
        try flag() ? try read(&self) : nil
    }

    mutating func optionalText() throws -> String? { try optional { try $0.text() } }

    mutating func optionalNumber() throws -> Int? { try optional { try $0.number() } }

    mutating func list<Element>(_ read: (inout CatalogImageReader) throws -> Element) throws -> [Element] {
        let count = try number()
        guard count >= 0, count <= bytes.count - position else { throw Damaged() }
        var values: [Element] = []
        values.reserveCapacity(count)
        for _ in 0..<count { values.append(try read(&self)) }
        return values
    }
}

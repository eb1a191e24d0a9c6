import AirlockModel

/// A `KeyDefinition` resolved against one table: the column indexes, ready to read keys row by row.
public struct BoundKey: Sendable {
    enum CompanyPart: Sendable {
        case none
        case column(Int)
        case fixed([UInt8])
    }

    /// The table keys are read from (a copy that shares its storage).
    public let table: Table
    public let definition: KeyDefinition
    let columns: [Int]
    let company: CompanyPart

    /// Resolves `definition`'s column names in `table` (exact names).
    /// - Throws: `AirlockError(.missingColumn)` naming the first column that is not there.
    public init(table: Table, definition: KeyDefinition) throws {
        var columns: [Int] = []
        for name in definition.columns {
            guard let index = table.columnIndex(named: name) else {
                throw AirlockError(.missingColumn, "table \(table.name) has no key column \(name)")
            }
            columns.append(index)
        }
        guard !columns.isEmpty else {
            throw AirlockError(.missingColumn, "the key of table \(table.name) names no column")
        }
        switch definition.company {
        case .none:
            company = .none
        case .column(let name):
            guard let index = table.columnIndex(named: name) else {
                throw AirlockError(.missingColumn, "table \(table.name) has no company column \(name)")
            }
            company = .column(index)
        case .fixed(let value):
            company = .fixed(Array(value.utf8))
        }
        self.table = table
        self.definition = definition
        self.columns = columns
    }

    /// Number of parts in an encoded key: the company (when there is one) and each key column.
    var partCount: Int { columns.count + (definition.hasCompany ? 1 : 0) }

    /// Writes row `row`'s key, normalised, into `buffer` (cleared first) in the unambiguous encoding
    /// `[company] part...`, each part as a 4-byte little-endian length then its bytes.
    /// - Returns: false when a part is null or empty after normalisation: the key is incomplete.
    func encode(row: Int, normalization: KeyNormalization, into buffer: inout [UInt8]) -> Bool {
        buffer.removeAll(keepingCapacity: true)
        switch company {
        case .none:
            break
        case .column(let index):
            guard table.withValue(row: row, column: index, { Self.appendPart($0, normalization, &buffer) }) else { return false }
        case .fixed(let bytes):
            guard bytes.withUnsafeBytes({ Self.appendPart($0, normalization, &buffer) }) else { return false }
        }
        for index in columns {
            guard table.withValue(row: row, column: index, { Self.appendPart($0, normalization, &buffer) }) else { return false }
        }
        return true
    }

    /// Whether row `row`'s key, normalised, is `encoded` (what `encode` wrote for some key of the same shape),
    /// compared part by part without encoding the row: an index's check of a candidate whose digest matched.
    func matches(row: Int, normalization: KeyNormalization, encoded: UnsafeRawBufferPointer) -> Bool {
        // Closure literals, not a nested function passed as a value: that would put `offset` in a heap box per call.
        var offset = 0
        switch company {
        case .none:
            break
        case .column(let index):
            guard table.withValue(row: row, column: index, { Self.matchPart($0, normalization, encoded, &offset) }) else { return false }
        case .fixed(let bytes):
            guard bytes.withUnsafeBytes({ Self.matchPart($0, normalization, encoded, &offset) }) else { return false }
        }
        for index in columns {
            guard table.withValue(row: row, column: index, { Self.matchPart($0, normalization, encoded, &offset) }) else { return false }
        }
        return offset == encoded.count
    }

    /// Whether `bytes` match the length-prefixed part of `encoded` at `offset`, which moves past it.
    private static func matchPart(
        _ bytes: UnsafeRawBufferPointer?, _ normalization: KeyNormalization, _ encoded: UnsafeRawBufferPointer, _ offset: inout Int
    ) -> Bool {
        guard let bytes, offset + 4 <= encoded.count else { return false }
        var length = 0
        for shift in 0..<4 { length |= Int(encoded[offset + shift]) << (8 * shift) }
        offset += 4
        guard length <= encoded.count - offset,
            normalization.matches(bytes, normalized: UnsafeRawBufferPointer(rebasing: encoded[offset..<(offset + length)]))
        else { return false }
        offset += length
        return true
    }

    /// Appends one length-prefixed normalised part; false when it is null or empty.
    static func appendPart(_ bytes: UnsafeRawBufferPointer?, _ normalization: KeyNormalization, _ buffer: inout [UInt8]) -> Bool {
        guard let bytes else { return false }
        let lengthAt = buffer.count
        for _ in 0..<4 { buffer.append(0) }
        guard normalization.append(bytes, to: &buffer) else { return false }
        let length = UInt32(truncatingIfNeeded: buffer.count - lengthAt - 4)
        for shift in 0..<4 { buffer[lengthAt + shift] = UInt8(truncatingIfNeeded: length >> (8 * UInt32(shift))) }
        return true
    }

    /// Appends one length-prefixed normalised part to `buffer`, as `appendPart(_:_:_:)` does to an array.
    static func appendPart(_ bytes: UnsafeRawBufferPointer?, _ normalization: KeyNormalization, _ buffer: ByteBuffer) -> Bool {
        guard let bytes else { return false }
        let lengthAt = buffer.count
        for _ in 0..<4 { buffer.append(0) }
        guard normalization.append(bytes, to: buffer) else { return false }
        let length = UInt32(truncatingIfNeeded: buffer.count - lengthAt - 4)
        for shift in 0..<4 { buffer[lengthAt + shift] = UInt8(truncatingIfNeeded: length >> (8 * UInt32(shift))) }
        return true
    }

    /// Row `row`'s key as text, as the table holds it (not normalised); nil parts for nulls.
    public func naturalKey(row: Int) -> NaturalKey {
        let companyText: String?
        switch company {
        case .none: companyText = nil
        case .column(let index): companyText = table.value(row: row, column: index)
        case .fixed(let bytes): companyText = String(decoding: bytes, as: UTF8.self)
        }
        return NaturalKey(company: companyText, parts: columns.map { table.value(row: row, column: $0) })
    }
}

/// One column of a `Table`: every value's UTF-8 bytes laid end to end in one buffer, with end offsets.
///
/// A million values cost their bytes plus four bytes of offset each, instead of a `String` apiece. A value
/// is either absent (null: an XML attribute or CMT field that was not there) or a byte string, possibly empty.
public struct TableColumn: Sendable, Equatable {
    /// The column name (F&O staging field, CMT logical name).
    public var name: String
    @usableFromInline var bytes: [UInt8] = []
    /// `ends[row]` is the end offset of row `row`'s value in `bytes`; the start is the previous end.
    @usableFromInline var ends: [UInt32] = []
    /// One bit per row: set when the row has a value (possibly empty).
    @usableFromInline var present: [UInt64] = []

    public init(name: String) {
        self.name = name
    }

    /// Number of values (rows) held.
    public var count: Int { ends.count }

    /// Bytes held by the column's value buffer (for memory accounting).
    public var byteCount: Int { bytes.count }

    /// Appends a value; nil appends a null.
    /// - Throws: `AirlockError(.limitExceeded)` when the column would pass 4 GiB of text.
    @inlinable
    public mutating func append(_ value: UnsafeRawBufferPointer?) throws {
        let row = ends.count
        if row & 63 == 0 { present.append(0) }
        if let value {
            bytes.append(contentsOf: value)
            present[row >> 6] |= 1 << UInt64(row & 63)
        }
        guard bytes.count <= Int(UInt32.max) else {
            throw AirlockError(.limitExceeded, "column \(name) holds more than 4 GiB of text; split the entity file")
        }
        ends.append(UInt32(truncatingIfNeeded: bytes.count))
    }

    /// Appends a value given as text; nil appends a null.
    public mutating func append(_ value: String?) throws {
        guard var value else { return try append(nil as UnsafeRawBufferPointer?) }
        try value.withUTF8 { try append(UnsafeRawBufferPointer($0)) }
    }

    /// Whether row `row` has a value (empty counts as a value).
    @inlinable
    public func isPresent(_ row: Int) -> Bool {
        present[row >> 6] & (1 << UInt64(row & 63)) != 0
    }

    /// Calls `body` with the bytes of row `row`'s value, or nil when it is null.
    @inlinable
    public func withValue<R>(_ row: Int, _ body: (UnsafeRawBufferPointer?) throws -> R) rethrows -> R {
        guard isPresent(row) else { return try body(nil) }
        let start = row == 0 ? 0 : Int(ends[row - 1])
        let end = Int(ends[row])
        return try bytes.withUnsafeBytes { raw in try body(UnsafeRawBufferPointer(rebasing: raw[start..<end])) }
    }

    /// Row `row`'s value as text, or nil when it is null.
    public func value(_ row: Int) -> String? {
        withValue(row) { $0.map { String(decoding: $0, as: UTF8.self) } }
    }

    /// Reserves room for `rows` more values.
    public mutating func reserve(rows: Int) {
        ends.reserveCapacity(ends.count + rows)
        present.reserveCapacity((ends.count + rows) / 64 + 1)
    }
}

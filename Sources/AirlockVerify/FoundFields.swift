import AirlockModel

/// The fields of the export record being read, by sent column: each value's bytes as written, and whether the
/// record has the field (a field without a value counts as present and empty). Held for one record at a time, in
/// one buffer.
struct FoundFields {
    /// The values' bytes (its own: the fields are not shared).
    private let bytes = ByteBuffer()
    private var ranges: [Range<Int>] = []
    private var stamps: [Int] = []
    /// The record's stamp: a column holds a value of this record when its stamp is this one.
    private var stamp = 0

    /// Starts a record whose values go to columns below `width`.
    mutating func begin(width: Int) {
        stamp += 1
        bytes.removeAll()
        if ranges.count < width {
            ranges.append(contentsOf: repeatElement(0..<0, count: width - ranges.count))
            stamps.append(contentsOf: repeatElement(0, count: width - stamps.count))
        }
    }

    /// Sets column `column` to `value` (nil: the field has no value).
    mutating func set(_ column: Int, _ value: UnsafeRawBufferPointer?) {
        let start = bytes.count
        if let value { bytes.append(value) }
        ranges[column] = start..<bytes.count
        stamps[column] = stamp
    }

    /// Whether the record has the field in `column`.
    func has(_ column: Int) -> Bool { stamps[column] == stamp }

    /// Calls `body` with column `column`'s bytes (empty when the record lacks it).
    func withValue<R>(_ column: Int, _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        let range = has(column) ? ranges[column] : 0..<0
        return try bytes.withBytes { try body(UnsafeRawBufferPointer(rebasing: $0[range])) }
    }

    /// Column `column`'s value as text (empty when the record lacks it).
    func text(_ column: Int) -> String {
        withValue(column) { String(decoding: $0, as: UTF8.self) }
    }
}

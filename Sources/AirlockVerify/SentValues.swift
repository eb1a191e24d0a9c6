import AirlockModel

/// One sent record's compared values as `SentValueSpool` read them back: a value by column, nil for a column sent
/// blank or not compared.
struct SentValues {
    private let bytes: [UInt8]
    private var ranges: [(column: Int, range: Range<Int>)] = []

    /// The values of a record as `SentValueSpool` wrote it.
    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        var index = 0
        while index < bytes.count {
            let column = Varint.read(bytes[...], at: &index)
            let length = Varint.read(bytes[...], at: &index)
            let end = min(index + length, bytes.count)
            ranges.append((column, index..<end))
            index = end
        }
    }

    /// Calls `body` with the bytes sent in `column` (nil when it was sent blank or is not compared).
    func withValue<R>(_ column: Int, _ body: (UnsafeRawBufferPointer?) throws -> R) rethrows -> R {
        guard let range = ranges.first(where: { $0.column == column })?.range else { return try body(nil) }
        return try bytes.withUnsafeBytes { try body(UnsafeRawBufferPointer(rebasing: $0[range])) }
    }

    /// The value sent in `column` as text (empty when blank).
    func text(_ column: Int) -> String {
        withValue(column) { $0.map { String(decoding: $0, as: UTF8.self) } ?? "" }
    }
}

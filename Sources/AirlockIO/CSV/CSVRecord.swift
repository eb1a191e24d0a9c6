/// One record read by `CSVReader`: its fields' unescaped bytes laid end to end, and where each ends.
///
/// Reused from record to record by the reader, so reading allocates nothing per record once warmed up.
public struct CSVRecord: Sendable {
    @usableFromInline var bytes: [UInt8] = []
    @usableFromInline var ends: [Int] = []
    /// 1-based line where the record starts.
    public internal(set) var line = 0

    public init() {}

    /// Number of fields.
    public var count: Int { ends.count }

    /// Calls `body` with the bytes of field `index`.
    @inlinable
    public func withField<R>(_ index: Int, _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        let start = index == 0 ? 0 : ends[index - 1]
        return try bytes.withUnsafeBytes { raw in try body(UnsafeRawBufferPointer(rebasing: raw[start..<ends[index]])) }
    }

    /// Calls `body` with the record's fields seen in place (see `CSVFields`).
    @inlinable
    public func withFields<R>(_ body: (CSVFields) throws -> R) rethrows -> R {
        try bytes.withUnsafeBytes { raw in try ends.withUnsafeBufferPointer { ends in try body(CSVFields(bytes: raw, ends: ends)) } }
    }

    /// Field `index` as text.
    public func field(_ index: Int) -> String {
        withField(index) { String(decoding: $0, as: UTF8.self) }
    }

    /// Every field as text.
    public var fields: [String] { (0..<count).map(field) }

    mutating func reset(line: Int) {
        bytes.removeAll(keepingCapacity: true)
        ends.removeAll(keepingCapacity: true)
        self.line = line
    }
}

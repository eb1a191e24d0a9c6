import AirlockModel

/// Reads a spool file (`TableSpoolWriter`) one row at a time through a buffer, never holding the file: what `airlock
/// merge` puts several shards' spools into one export order with, holding only the merged table.
public final class TableSpoolCursor {
    /// The file, for messages.
    public let path: String
    /// The table's name and column names, as the spool's header holds them.
    public private(set) var name = ""
    public private(set) var columnNames: [String] = []
    /// The current row's ordering key (after `next()` returned true).
    public private(set) var key: UInt64 = 0

    private let stream: FileByteStream
    private var buffer: [UInt8]
    /// The current row's values for `withRow`, filled during its call only.
    private var values: [UnsafeRawBufferPointer?] = []
    /// The bytes not yet consumed are `buffer[start..<end]`; the current row's values are `buffer[rowStart..<rowEnd]`.
    private var start = 0
    private var end = 0
    private var rowStart = 0
    private var rowEnd = 0
    private var atEnd = false

    /// Opens the spool at `path` and reads its header.
    /// - Throws: `AirlockError(.io)` when the file cannot be read or does not start as a spool.
    public init(path: String, bufferSize: Int = 1 << 20) throws {
        self.path = path
        stream = try FileByteStream(path: path)
        buffer = [UInt8](repeating: 0, count: Swift.max(bufferSize, 64))
        let magic = TableSpoolWriter.magic
        guard try fill(magic.count), buffer[start..<(start + magic.count)].elementsEqual(magic) else { throw fail("no spool header") }
        start += magic.count
        name = try text()
        let count = Int(try integer(UInt32.self))
        columnNames = try (0..<count).map { _ in try text() }
    }

    /// Moves to the next row; false at the end of the file.
    /// - Throws: `AirlockError(.io)` when the file ends inside a row.
    public func next() throws -> Bool {
        start = Swift.max(start, rowEnd)
        guard try fill(8) else {
            if end > start { throw fail("it ends early") }
            return false
        }
        key = load(UInt64.self, at: start)
        var offset = 8
        for _ in columnNames.indices {
            guard try fill(offset + 4) else { throw fail("it ends early") }
            let length = load(UInt32.self, at: start + offset)
            offset += 4
            guard length != TableSpoolWriter.nullLength else { continue }
            guard try fill(offset + Int(length)) else { throw fail("a value runs past the end") }
            offset += Int(length)
        }
        rowStart = start + 8
        rowEnd = start + offset
        return true
    }

    /// Appends the current row to `table`, whose columns are the spool's, in order.
    public func appendRow(to table: inout Table) throws {
        try buffer.withUnsafeBytes { try TableSpoolReader.appendRow(at: rowStart, of: $0, to: &table) }
    }

    /// Calls `body` with the current row's values as encoded (`TableSpoolWriter.appendEncoded` takes them) and each
    /// column's value (nil for a null), valid during the call.
    public func withRow<R>(_ body: (_ encoded: UnsafeRawBufferPointer, _ values: [UnsafeRawBufferPointer?]) throws -> R) rethrows -> R {
        try buffer.withUnsafeBytes { bytes in
            values.removeAll(keepingCapacity: true)
            defer { values.removeAll(keepingCapacity: true) }
            var cursor = rowStart
            for _ in columnNames.indices {
                let length = TableSpoolReader.integer(UInt32.self, in: bytes, at: cursor)
                cursor += 4
                guard length != TableSpoolWriter.nullLength else {
                    values.append(nil)
                    continue
                }
                values.append(UnsafeRawBufferPointer(rebasing: bytes[cursor..<(cursor + Int(length))]))
                cursor += Int(length)
            }
            return try body(UnsafeRawBufferPointer(rebasing: bytes[rowStart..<rowEnd]), values)
        }
    }

    /// Makes `count` bytes from `start` available, moving the unconsumed bytes to the front and growing the buffer as
    /// needed; false when the file ends first. Positions before `start` are invalid after it.
    private func fill(_ count: Int) throws -> Bool {
        if end - start >= count { return true }
        if start > 0 {
            buffer.withUnsafeMutableBytes { bytes in
                guard let base = bytes.baseAddress else { return }
                base.copyMemory(from: base + start, byteCount: end - start)
            }
            end -= start
            rowStart -= start
            rowEnd -= start
            start = 0
        }
        if buffer.count < count { buffer.append(contentsOf: [UInt8](repeating: 0, count: count - buffer.count)) }
        while end < count && !atEnd {
            let read = try buffer.withUnsafeMutableBytes { bytes in
                try stream.read(into: UnsafeMutableRawBufferPointer(rebasing: bytes[end...]))
            }
            if read == 0 { atEnd = true }
            end += read
        }
        return end >= count
    }

    private func load<T: FixedWidthInteger>(_: T.Type, at offset: Int) -> T {
        buffer.withUnsafeBytes { TableSpoolReader.integer(T.self, in: $0, at: offset) }
    }

    private func integer<T: FixedWidthInteger>(_: T.Type) throws -> T {
        guard try fill(MemoryLayout<T>.size) else { throw fail("it ends early") }
        defer { start += MemoryLayout<T>.size }
        return load(T.self, at: start)
    }

    private func text() throws -> String {
        let count = Int(try integer(UInt32.self))
        guard try fill(count) else { throw fail("it ends early") }
        defer { start += count }
        return String(decoding: buffer[start..<(start + count)], as: UTF8.self)
    }

    private func fail(_ what: String) -> AirlockError {
        AirlockError(.io, "not a whole Airlock spool file: \(what)", at: SourceLocation(file: path))
    }
}

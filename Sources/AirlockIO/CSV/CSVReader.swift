import AirlockModel

/// Reads delimited text per RFC 4180 from a stream of UTF-8 bytes (see `TextDecodingStream`), one record at a time.
///
/// Quoted fields may hold the delimiter, CR, LF and doubled quotes; records end with CR LF, LF or CR. A quote
/// inside an unquoted field is kept as text (spreadsheet exports write such fields). Empty lines between
/// records are skipped. Errors name the line and column (in bytes of UTF-8) where the problem starts.
public final class CSVReader {
    public let dialect: CSVDialect
    public let limits: CSVLimits
    private let stream: ByteStream
    private let location: SourceLocation
    private var buffer: UnsafeMutableRawBufferPointer
    private var position = 0
    private var end = 0
    private var atEnd = false
    /// Bytes consumed before the current buffer, and the absolute offset where the current line starts.
    private var consumedBefore = 0
    private var lineStart = 0
    /// 1-based line of the byte at `position`.
    private var line = 1
    /// Records ended by a bare LF (F&O's `CSV-Unicode` import needs CR LF), and the line of the first one.
    public private(set) var lineFeedEndings = 0
    public private(set) var firstLineFeedEnding: Int?

    /// - Parameters:
    ///   - stream: UTF-8 text (a `TextDecodingStream` for files of unknown encoding).
    ///   - location: file and entry, used in every error.
    public init(_ stream: ByteStream, dialect: CSVDialect = .standard, limits: CSVLimits = .default, location: SourceLocation) {
        self.stream = stream
        self.dialect = dialect
        self.limits = limits
        self.location = location
        self.buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 256 * 1024, alignment: 1)
    }

    deinit {
        buffer.deallocate()
    }

    /// Reads the next record into `record`.
    /// - Returns: false at the end of the input.
    /// - Throws: `AirlockError(.malformedCSV)` (unterminated quote, stray text after a closing quote, a NUL byte,
    ///   limits), or the stream's error.
    public func next(into record: inout CSVRecord) throws -> Bool {
        // Skip empty lines.
        while true {
            guard try ensureByte() else { return false }
            let byte = buffer[position]
            if byte == 0x0A {
                advanceLine(by: 1)
            } else if byte == 0x0D {
                position += 1
                if try ensureByte(), buffer[position] == 0x0A { position += 1 }
                newLine()
            } else {
                break
            }
        }
        record.reset(line: line)
        let delimiter = dialect.delimiter
        let quote = dialect.quote
        while true {
            // At the start of a field.
            guard record.ends.count < limits.maxFields else {
                throw error("the record has more than \(limits.maxFields) fields", line: record.line, column: nil)
            }
            let fieldStart = record.bytes.count
            if try ensureByte(), buffer[position] == quote {
                let openLine = line
                let openColumn = column()
                position += 1
                try readQuoted(into: &record, fieldStart: fieldStart, openLine: openLine, openColumn: openColumn)
                record.ends.append(record.bytes.count)
                // After the closing quote: a delimiter, the end of the record, or the end of the input.
                guard try ensureByte() else { return true }
                let byte = buffer[position]
                if byte == delimiter {
                    position += 1
                    continue
                }
                if try endOfRecord(byte) { return true }
                throw error(
                    "unexpected text after the closing quote of a field (a quote inside a quoted field must be doubled)",
                    line: line, column: column())
            }
            // Unquoted: copy runs up to the next special byte.
            while true {
                guard try ensureByte() else {
                    record.ends.append(record.bytes.count)
                    return true
                }
                var scan = position
                while scan < end {
                    let byte = buffer[scan]
                    if byte == delimiter || byte == 0x0A || byte == 0x0D || byte == 0 { break }
                    scan += 1
                }
                if scan > position {
                    record.bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[position..<scan]))
                    position = scan
                    if record.bytes.count - fieldStart > limits.maxFieldBytes {
                        throw error("a field is longer than \(limits.maxFieldBytes) bytes", line: line, column: column())
                    }
                }
                guard position < end else { continue }
                let byte = buffer[position]
                if byte == 0 { throw error("the text contains a NUL byte", line: line, column: column()) }
                record.ends.append(record.bytes.count)
                if byte == delimiter {
                    position += 1
                    break
                }
                _ = try endOfRecord(byte)
                return true
            }
        }
    }

    /// Reads every record (small files and tests).
    public func readAll() throws -> [[String]] {
        var record = CSVRecord()
        var rows: [[String]] = []
        while try next(into: &record) { rows.append(record.fields) }
        return rows
    }

    private func readQuoted(into record: inout CSVRecord, fieldStart: Int, openLine: Int, openColumn: Int) throws {
        let quote = dialect.quote
        while true {
            guard try ensureByte() else {
                throw error(
                    "unterminated quoted field (opened at line \(openLine), column \(openColumn))", line: openLine, column: openColumn)
            }
            var scan = position
            while scan < end {
                let byte = buffer[scan]
                if byte == quote || byte == 0x0A || byte == 0x0D || byte == 0 { break }
                scan += 1
            }
            if scan > position {
                record.bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[position..<scan]))
                position = scan
                if record.bytes.count - fieldStart > limits.maxFieldBytes {
                    throw error(
                        "a quoted field is longer than \(limits.maxFieldBytes) bytes (opened at line \(openLine), column \(openColumn); unbalanced quote?)",
                        line: openLine, column: openColumn)
                }
            }
            guard position < end else { continue }
            let byte = buffer[position]
            switch byte {
            case 0:
                throw error("the text contains a NUL byte", line: line, column: column())
            case 0x0A:
                record.bytes.append(byte)
                advanceLine(by: 1)
            case 0x0D:
                record.bytes.append(byte)
                position += 1
                if try ensureByte(), buffer[position] == 0x0A {
                    record.bytes.append(0x0A)
                    position += 1
                }
                newLine()
            default:
                // A quote: doubled means a literal quote, otherwise the field ends.
                position += 1
                if try ensureByte(), buffer[position] == quote {
                    record.bytes.append(quote)
                    position += 1
                } else {
                    return
                }
            }
        }
    }

    /// Consumes a record terminator if `byte` starts one.
    private func endOfRecord(_ byte: UInt8) throws -> Bool {
        if byte == 0x0A {
            lineFeedEndings += 1
            if firstLineFeedEnding == nil { firstLineFeedEnding = line }
            advanceLine(by: 1)
            return true
        }
        if byte == 0x0D {
            position += 1
            if try ensureByte(), buffer[position] == 0x0A { position += 1 }
            newLine()
            return true
        }
        return false
    }

    private func advanceLine(by count: Int) {
        position += count
        newLine()
    }

    private func newLine() {
        line += 1
        lineStart = consumedBefore + position
    }

    private func column() -> Int {
        consumedBefore + position - lineStart + 1
    }

    /// Makes sure a byte is available at `position`; false at the end of the input.
    @inline(__always)
    private func ensureByte() throws -> Bool {
        if position < end { return true }
        if atEnd { return false }
        consumedBefore += end
        position = 0
        end = 0
        while end == 0 {
            let n = try stream.read(into: buffer)
            if n == 0 {
                atEnd = true
                return false
            }
            end = n
        }
        return true
    }

    private func error(_ message: String, line: Int, column: Int?) -> AirlockError {
        var place = location
        place.line = line
        place.column = column
        return AirlockError(.malformedCSV, message, at: place)
    }
}

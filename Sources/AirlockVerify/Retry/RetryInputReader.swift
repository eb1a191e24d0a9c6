import AirlockIO
import AirlockModel
import AirlockPackages
import Foundation

/// Reads what the importers and `verify` say failed, leniently: the formats of the importers' files are not
/// documented (docs/retry.md says what is inferred), so each reader asks only for what it needs.
enum RetryInputReader {
    /// The rows of `verify`'s `missing.csv` or `drifted.csv` (`side`, `entity`, `key`, `id` columns; a record once
    /// however many of its fields drifted).
    /// - Throws: `AirlockError(.usage)` naming the file when a column is missing or a side unknown.
    static func verifyList(_ path: String) throws -> [RetryRequest] {
        let (header, rows) = try delimitedRows(path)
        let columns = header.map { $0.lowercased() }
        let named = ["side", "entity", "key", "id"].map { name in columns.firstIndex(of: name) }
        guard let side = named[0], let entity = named[1], let key = named[2], let id = named[3] else {
            throw AirlockError(
                .usage,
                "not a list of verify: it needs the columns side, entity, key and id (the header has \(header.joined(separator: ", ")))",
                at: SourceLocation(file: path, line: 1))
        }
        var seen: Set<[String]> = []
        var requests: [RetryRequest] = []
        for (number, row) in rows {
            func value(_ index: Int) -> String { index < row.count ? row[index] : "" }
            guard seen.insert([value(side), value(entity), value(key), value(id)]).inserted else { continue }
            let location = SourceLocation(file: path, line: number)
            switch value(side).lowercased() {
            case "fo":
                requests.append(RetryRequest(side: .fo, entity: value(entity), keyText: value(key), location: location))
            case "sales":
                requests.append(RetryRequest(side: .sales, entity: value(entity), id: value(id).lowercased(), location: location))
            default:
                throw AirlockError(.usage, "side '\(value(side))' is neither fo nor sales", at: location)
            }
        }
        return requests
    }

    /// The records an F&O error file names: the staging error file (the source rows that failed, with their
    /// columns) or the target error keys file (the key columns of the records that failed), as delimited text in
    /// any encoding and delimiter with a header row, or a data package of such files. `spec` is `PATH` or
    /// `ENTITY=PATH`; without an entity, it is found later from the file name or the columns.
    static func foErrorFile(_ spec: String) throws -> [RetryRequest] {
        let entity = RetryInputFile.entity(of: spec)
        let path = RetryInputFile.path(of: spec)
        if isPackage(path) {
            let reader = try FOPackageReader(source: openPackageSource(path: path))
            var requests: [RetryRequest] = []
            for line in reader.manifest.entities {
                let table = try reader.readEntity(line).table
                let names = table.columnNames.map { $0.uppercased() }
                for row in 0..<table.rowCount {
                    var values: [String: String] = [:]
                    for (column, name) in names.enumerated() { values[name] = table.value(row: row, column: column) ?? "" }
                    requests.append(
                        RetryRequest(
                            side: .fo, entity: entity ?? line.entityName, keyValues: values,
                            location: SourceLocation(file: path, line: row + 2, entity: line.entityName)))
                }
            }
            return requests
        }
        let (header, rows) = try delimitedRows(path)
        let names = header.map { $0.trimmingASCIIWhitespace().uppercased() }
        return rows.map { number, row in
            var values: [String: String] = [:]
            for (column, name) in names.enumerated() where column < row.count { values[name] = row[column] }
            return RetryRequest(side: .fo, entity: entity, keyValues: values, location: SourceLocation(file: path, line: number))
        }
    }

    /// The records a Configuration Migration import log names on failure lines: every record id (a GUID, with or
    /// without braces) on a line `failurePattern` matches.
    /// - Throws: `AirlockError(.usage)` for a pattern that is no regular expression; the file's read errors.
    static func salesLog(_ path: String, failurePattern: String) throws -> [RetryRequest] {
        let pattern: Regex<AnyRegexOutput>
        do {
            pattern = try Regex(failurePattern)
        } catch {
            throw AirlockError(.usage, "--failure-pattern is not a regular expression: \(error)")
        }
        var requests: [RetryRequest] = []
        var seen: Set<String> = []
        let recordID = Self.recordID()
        // Line by line as the log is decoded: an import log of a million records is large.
        try forEachLine(of: path) { number, line in
            guard line.contains(pattern) else { return }
            for match in line.matches(of: recordID) {
                let id = String(line[match.range]).lowercased()
                guard seen.insert(id).inserted else { continue }
                requests.append(RetryRequest(side: .sales, id: id, location: SourceLocation(file: path, line: number)))
            }
        }
        return requests
    }

    /// Calls `body` with each line of the text file at `path` (any BOM, UTF-16 included) and its number, reading
    /// the file a block at a time.
    private static func forEachLine(of path: String, _ body: (Int, Substring) throws -> Void) throws {
        let location = SourceLocation(file: path)
        let stream = try TextDecodingStream(FileByteStream(path: path, location: location), location: location)
        var pending: [UInt8] = []
        var block = [UInt8](repeating: 0, count: 1 << 16)
        var number = 0
        func emit(_ bytes: ArraySlice<UInt8>) throws {
            number += 1
            var line = String(decoding: bytes, as: UTF8.self)
            if line.hasSuffix("\r") { line.removeLast() }
            try body(number, Substring(line))
        }
        while true {
            let count = try block.withUnsafeMutableBytes { try stream.read(into: $0) }
            if count == 0 { break }
            pending.append(contentsOf: block[0..<count])
            var start = 0
            while let end = pending[start...].firstIndex(of: 0x0A) {
                try emit(pending[start..<end])
                start = end + 1
            }
            pending.removeFirst(start)
        }
        if !pending.isEmpty { try emit(pending[...]) }
    }

    /// A record id: a GUID in its usual 8-4-4-4-12 form (a function: a `Regex` is not `Sendable`).
    private static func recordID() -> Regex<Substring> {
        #/[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}/#
    }

    /// Whether `path` is a zip or a folder (a package) rather than one text file.
    private static func isPackage(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue { return true }
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        return (try? handle.read(upToCount: 4)).map { Array($0) == [0x50, 0x4B, 0x03, 0x04] } ?? false
    }

    /// The file's text as UTF-8 (any BOM, UTF-16 included).
    private static func decodedBytes(_ path: String) throws -> [UInt8] {
        let location = SourceLocation(file: path)
        let stream = try FileByteStream(path: path, location: location)
        return try TextDecodingStream(stream, location: location).readAll()
    }

    /// The header and the rows (with their line numbers) of a delimited text file, its delimiter found from the
    /// header line.
    /// - Throws: `AirlockError` naming the file when it is empty or not delimited text.
    private static func delimitedRows(_ path: String) throws -> (header: [String], rows: [(line: Int, values: [String])]) {
        let bytes = try decodedBytes(path)
        let location = SourceLocation(file: path)
        let firstLine = Array(bytes.prefix { $0 != 0x0A && $0 != 0x0D })
        let dialect = CSVDialect(delimiter: CSVDelimiterSniffer.sniff(firstLine))
        let records = try CSVReader(MemoryByteStream(bytes), dialect: dialect, location: location).readAll()
        guard let header = records.first, !header.allSatisfy({ $0.isEmpty }) else {
            throw AirlockError(.usage, "the file is empty: it needs a header row naming its columns", at: location)
        }
        let rows = records.dropFirst().enumerated().compactMap { offset, values -> (line: Int, values: [String])? in
            values.allSatisfy { $0.trimmingASCIIWhitespace().isEmpty } ? nil : (offset + 2, values)
        }
        return (header, rows)
    }
}

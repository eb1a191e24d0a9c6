import AirlockIO
import AirlockModel
import AirlockPackages
import Foundation

/// The readers exposed to coverage-guided fuzzing (see `Fuzz/` and `bin/fuzz`), and to the regression tests
/// that replay what the fuzzer found. Each takes arbitrary bytes; reading them may fail only with an
/// `AirlockError`, never crash, hang or run out of memory.
public enum FuzzTarget: String, Sendable, CaseIterable {
    /// A zip archive: listed, every entry streamed, then read as a package of whichever kind it holds; from a file too,
    /// each entry read through its stored bytes (`MemberScanStream`, `MemberRangeStream`) must give the same bytes.
    case zip
    /// Delimited text of any encoding through the text decoder and the CSV reader.
    case csv
    /// An F&O package given as members (see `FuzzMembers`): header, manifest and every entity file read.
    case foPackage = "fo-package"
    /// A Configuration Migration package given as members: schema read, data.xml read into tables and counted.
    case cmtPackage = "cmt-package"
    /// A file of a partition or a shard (`airlock partition`, `convert --shard`): a spool (`TableSpoolReader`) when
    /// it starts as one, else a table image (`TableImageFile`).
    case tableFiles = "table-files"
    /// A CMT data.xml cut at its sections by bytes (`CMTSectionScanner`, a split partition's): the pieces must be the
    /// document again, and each section is then parsed on its own as a partition's read parses it.
    case cmtSections = "cmt-sections"

    /// Limits small enough that a fuzzer run stays within its memory budget.
    static let zipLimits = ZipLimits(maxEntrySize: 64 << 20, maxTotalSize: 256 << 20, maxCompressionRatio: 1000, maxEntries: 10_000)
    static let csvLimits = CSVLimits(maxFieldBytes: 1 << 20, maxFields: 2_000)

    /// Reads `bytes` as this target does.
    /// - Returns: the error the input was refused with, or nil when it was read.
    /// - Throws: only errors that are not `AirlockError`: a bug, which the fuzzer reports.
    public func run(_ bytes: [UInt8]) throws -> AirlockError? {
        do {
            switch self {
            case .zip:
                // The file's check first: a zip that is no package is still read through its entries' stored bytes.
                do { try Self.readZipFromFile(bytes) } catch is AirlockError {}
                try Self.readZip(bytes)
            case .csv: try Self.readCSV(bytes)
            case .foPackage: try Self.readFO(MemoryPackageSource(path: "fuzz", members: FuzzMembers.split(bytes)))
            case .cmtPackage: try Self.readCMT(MemoryPackageSource(path: "fuzz", members: FuzzMembers.split(bytes)))
            case .tableFiles: try Self.readTableFile(bytes)
            case .cmtSections: try Self.cutSections(bytes)
            }
            return nil
        } catch let error as AirlockError {
            return error
        }
    }

    private static func readZip(_ bytes: [UInt8]) throws {
        let reader = try ZipArchiveReader(bytes: bytes, name: "fuzz.zip", limits: zipLimits)
        for entry in reader.entries where !entry.isDirectory {
            _ = try reader.open(entry.name).readAll(limit: Int(zipLimits.maxEntrySize))
        }
        let located = try PackageDetector.locate(ZipPackageSource(reader: reader))
        switch located.kind {
        case .fo: try readFO(located.source)
        case .cmt: try readCMT(located.source)
        }
    }

    /// What reading a member through its stored bytes must never do: give other bytes than libarchive streams.
    struct MemberBytesBug: Error, CustomStringConvertible {
        var description: String
    }

    /// The archive written to a file and opened from it: each entry whose stored bytes Airlock locates is read whole
    /// through them and, from the point noted at its middle, to its end; both must be what libarchive streams.
    private static func readZipFromFile(_ bytes: [UInt8]) throws {
        // A name of its own: tests replay inputs on several threads at once.
        let path = FileManager.default.temporaryDirectory.path + "/airlock-fuzz-\(getpid())-\(UUID().uuidString).zip"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let reader = try ZipArchiveReader(path: path, limits: zipLimits)
        for entry in reader.entries where !entry.isDirectory {
            guard let member = reader.memberBytes(entry.name) else { continue }
            let streamed = try? reader.open(entry.name).readAll(limit: Int(zipLimits.maxEntrySize))
            let location = SourceLocation(file: path, entry: entry.name)
            let middle = member.bytes / 2
            let whole: [UInt8]
            let point: MemberReadPoint?
            do {
                (whole, point) = try scanWhole(member, location: location, noting: middle)
            } catch let error as AirlockError {
                // Refused where libarchive streams it: the split would refuse an export the single run reads.
                guard streamed == nil else {
                    throw MemberBytesBug(description: "\(entry.name): refused (\(error)) where libarchive streams it")
                }
                continue
            }
            guard streamed == nil || streamed == whole else {
                throw MemberBytesBug(description: "\(entry.name): \(whole.count) bytes through its stored bytes, other than libarchive's")
            }
            guard let point else { continue }
            let range = MemberRange(member: member, point: point, start: middle, count: member.bytes - middle, location: location)
            guard try MemberRangeStream(range).readAll() == Array(whole[Int(middle)...]) else {
                throw MemberBytesBug(description: "\(entry.name): the bytes from its middle differ from the whole read's")
            }
        }
    }

    /// `member` read whole through a scan, and the point it notes for offset `offset`.
    private static func scanWhole(_ member: MemberBytes, location: SourceLocation, noting offset: Int64) throws
        -> ([UInt8], MemberReadPoint?)
    {
        let scan = try MemberScanStream(member, location: location)
        var whole: [UInt8] = []
        var point: MemberReadPoint?
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = try buffer.withUnsafeMutableBytes { try scan.read(into: $0) }
            if count == 0 { break }
            whole += buffer[0..<count]
            if point == nil, Int64(whole.count) >= offset { point = scan.point(atOrBefore: offset) }
        }
        return (whole, point)
    }

    private static func readTableFile(_ bytes: [UInt8]) throws {
        if bytes.starts(with: "AIRLOCK-SPOOL".utf8) {
            let read = try TableSpoolReader.read(bytes: bytes, path: "fuzz.spool")
            for row in 0..<read.table.rowCount { _ = read.table.row(row) }
        } else {
            let read = try TableImageFile.read(bytes: bytes, path: "fuzz.table")
            for row in 0..<read.table.rowCount { _ = read.table.row(row) }
        }
    }

    /// What the section scan must never do: hand out other bytes than it was given.
    struct SectionScanBug: Error, CustomStringConvertible {
        var description: String
    }

    private static func cutSections(_ bytes: [UInt8]) throws {
        var pieces: [[UInt8]] = []
        var order: [CMTSectionScanner.Piece] = []
        let outcome = try CMTSectionScanner.scan(MemoryByteStream(bytes)) { piece, span in
            if order.last != piece {
                order.append(piece)
                pieces.append([])
            }
            pieces[pieces.count - 1].append(contentsOf: span)
        }
        let handedOut = pieces.flatMap { $0 }
        guard bytes.starts(with: handedOut), outcome.notCut != nil || handedOut.count == bytes.count else {
            throw SectionScanBug(description: "the pieces are not the document: \(handedOut.count) of \(bytes.count) bytes")
        }
        guard outcome.notCut == nil, let head = pieces.first else { return }
        let location = SourceLocation(file: "fuzz.zip", entry: "data.xml")
        for number in outcome.sections.indices {
            var range = head + [0x0A] + pieces[number + 1]
            if number != outcome.sections.count - 1 { range += Array("\n</entities>\n".utf8) }
            let positions = CMTSectionScanner.positions(of: [number], among: outcome.sections)
            let reader = try XMLStreamReader(MemoryByteStream(range), location: location, positions: positions)
            while try reader.next() != nil { _ = (reader.line, reader.column) }
        }
    }

    private static func readCSV(_ bytes: [UInt8]) throws {
        let location = SourceLocation(file: "fuzz.csv")
        let text = try TextDecodingStream(MemoryByteStream(bytes), location: location)
        let reader = CSVReader(text, limits: csvLimits, location: location)
        var record = CSVRecord()
        while try reader.next(into: &record) {
            for index in 0..<record.count { _ = record.field(index) }
        }
    }

    private static func readFO(_ source: PackageSource) throws {
        let reader = try FOPackageReader(source: source)
        _ = reader.unlistedMembers
        for entity in reader.manifest.entities {
            _ = reader.technicalName(of: entity)
            _ = try reader.summarize(entity)
            _ = try reader.readEntity(entity)
        }
    }

    private static func readCMT(_ source: PackageSource) throws {
        let reader = try CMTPackageReader(source: source)
        _ = try reader.countRecords()
        _ = try reader.read()
    }
}

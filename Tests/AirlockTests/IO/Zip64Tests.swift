import AirlockIO
import Foundation
import Testing

/// ZIP64 both ways: an entry over 4 GiB and more than 65,535 entries, written by Airlock and read back.
/// Slow and disk-hungry (about 5 GB of temporary space), so skipped unless AIRLOCK_ZIP64_TESTS=1
/// (`bin/test-zip64` runs them).
@Suite(.enabled(if: ProcessInfo.processInfo.environment["AIRLOCK_ZIP64_TESTS"] == "1", "set AIRLOCK_ZIP64_TESTS=1 to run the ZIP64 tests"))
struct Zip64Tests {
    @Test func entryOverFourGiBRoundTrips() throws {
        let folder = try Fixture.scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/big.zip"
        let block = [UInt8]((0..<(1 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ ($0 >> 12)) })
        let blocks = 4 * 1024 + 64  // 4 GiB + 64 MiB
        let writer = try ZipArchiveWriter(path: path)
        try writer.addEntry(name: "Sales order lines V2.csv") { sink in
            for _ in 0..<blocks { try block.withUnsafeBytes { try sink.write($0) } }
        }
        try writer.addEntry(name: "Manifest.xml", bytes: Array("<a/>".utf8))
        try writer.finish()

        let reader = try ZipArchiveReader(path: path, limits: ZipLimits(maxCompressionRatio: 1_000_000))
        let entry = try #require(reader.entries.first { $0.name == "Sales order lines V2.csv" })
        #expect(entry.size == Int64(blocks) << 20)
        let stream = try reader.open(entry.name)
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 1)
        defer { buffer.deallocate() }
        var total: Int64 = 0
        var checksum: UInt64 = 0
        while true {
            let n = try stream.read(into: buffer)
            if n == 0 { break }
            total += Int64(n)
            checksum &+= UInt64(buffer[0]) &+ UInt64(buffer[n - 1])
        }
        #expect(total == Int64(blocks) << 20)
        #expect(try reader.open("Manifest.xml").readAll() == Array("<a/>".utf8))
    }

    /// `SectionedZipWriter`'s zip64 fields: an entry over 4 GiB, a central directory past 4 GiB, an entry after it.
    @Test func sectionedEntryOverFourGiBRoundTrips() throws {
        let folder = try Fixture.scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/big-sectioned.zip"
        // Random bytes do not compress: the deflated entry, too, is over 4 GiB, so its offset after it is.
        var generator = SystemRandomNumberGenerator()
        let block = [UInt8]((0..<(1 << 20)).map { _ in UInt8.random(in: 0...255, using: &generator) })
        let blocks = 4 * 1024 + 64
        let writer = try SectionedZipWriter(path: path)
        let run = try writer.addEntry(name: "data.xml") { sink in
            for _ in 0..<blocks { try block.withUnsafeBytes { try sink.write($0) } }
        }
        try writer.addEntry(name: "[Content_Types].xml", bytes: Array("<a/>".utf8))
        try writer.finish()
        #expect(run.outputBytes > Int64(UInt32.max))

        let reader = try ZipArchiveReader(path: path, limits: ZipLimits(maxCompressionRatio: 1_000_000))
        let entry = try #require(reader.entries.first { $0.name == "data.xml" })
        #expect(entry.size == Int64(blocks) << 20)
        let stream = try reader.open(entry.name)
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 1)
        defer { buffer.deallocate() }
        // libarchive checks the entry's CRC-32 at its end: a read to the end is a read of the bytes written.
        var total: Int64 = 0
        while true {
            let n = try stream.read(into: buffer)
            if n == 0 { break }
            total += Int64(n)
        }
        #expect(total == Int64(blocks) << 20)
        #expect(try reader.open("[Content_Types].xml").readAll() == Array("<a/>".utf8))
    }

    @Test func moreThan65535EntriesRoundTrip() throws {
        let folder = try Fixture.scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/many.zip"
        let count = 70_000
        let writer = try ZipArchiveWriter(path: path)
        for index in 0..<count {
            try writer.addEntry(name: "Resources/file-\(index).txt", bytes: Array("record \(index)".utf8))
        }
        try writer.finish()
        let reader = try ZipArchiveReader(path: path)
        #expect(reader.entries.count == count)
        #expect(try reader.open("Resources/file-69999.txt").readAll() == Array("record 69999".utf8))
    }
}

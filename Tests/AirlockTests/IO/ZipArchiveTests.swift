import AirlockIO
import AirlockModel
import Foundation
import Testing

struct ZipArchiveTests {
    @Test func listsTheRealF_OPackage() throws {
        let reader = try ZipArchiveReader(path: RealExport.path("dynamics-ax-integration/usmf_asset-major-types-01.zip"))
        #expect(reader.entries.map(\.name) == ["Fixed asset major type.xlsx", "Manifest.xml", "PackageHeader.xml"])
        #expect(reader.entries.map(\.size) == [8863, 3306, 852])
    }

    @Test func streamsOneEntry() throws {
        let reader = try ZipArchiveReader(path: RealExport.path("dynamics-ax-integration/usmf_asset-major-types-01.zip"))
        let bytes = try reader.open("PackageHeader.xml").readAll()
        #expect(bytes.count == 852)
        #expect(Array(bytes.prefix(2)) == [0xFF, 0xFE])
    }

    @Test func writesAndReadsNonASCIINames() throws {
        let folder = try Fixture.scratchDirectory()
        let path = folder + "/out.zip"
        let writer = try ZipArchiveWriter(path: path)
        try writer.addEntry(name: "Zürich Kunden.csv", bytes: Array("a,b\r\n1,2\r\n".utf8))
        try writer.addEntry(name: "日本/データ.xml") { sink in
            try Array("<Document/>".utf8).withUnsafeBytes { try sink.write($0) }
        }
        try writer.finish()
        let reader = try ZipArchiveReader(path: path)
        #expect(reader.entries.map(\.name) == ["Zürich Kunden.csv", "日本/データ.xml"])
        #expect(try reader.open("Zürich Kunden.csv").readAll() == Array("a,b\r\n1,2\r\n".utf8))
        #expect(try reader.open("日本/データ.xml").readAll() == Array("<Document/>".utf8))
    }

    @Test func sameInputGivesSameBytes() throws {
        let folder = try Fixture.scratchDirectory()
        for name in ["a.zip", "b.zip"] {
            let writer = try ZipArchiveWriter(path: folder + "/" + name)
            try writer.addEntry(name: "x.csv", bytes: Array(repeating: UInt8(ascii: "x"), count: 100_000))
            try writer.finish()
        }
        let a = try Data(contentsOf: URL(fileURLWithPath: folder + "/a.zip"))
        let b = try Data(contentsOf: URL(fileURLWithPath: folder + "/b.zip"))
        #expect(a == b)
        #expect(a.count < 10_000, "deflate must be on")
    }

    /// A sink that fails once it has taken `capacity` bytes.
    final class FullSink: ByteSink {
        var taken = 0
        let capacity: Int
        init(capacity: Int) { self.capacity = capacity }
        func write(_ bytes: UnsafeRawBufferPointer) throws {
            taken += bytes.count
            if taken > capacity { throw AirlockError(.io, "the disk is full", at: SourceLocation(file: "outer.zip", entry: "book.xlsx")) }
        }
    }

    @Test func anArchiveWrittenIntoASinkReadsBackAndASinkErrorIsRethrown() throws {
        // A zip inside a zip's entry: written into the sink as it goes, one entry streamed without its size.
        let sink = MemoryByteSink()
        let writer = try ZipArchiveWriter(sink: sink, name: "book.xlsx")
        try writer.addEntry(name: "[Content_Types].xml", bytes: Array("<Types/>".utf8))
        try writer.addEntry(name: "xl/worksheets/sheet1.xml") { entry in
            for row in 0..<20_000 { try Array("<row r=\"\(row)\"/>".utf8).withUnsafeBytes { try entry.write($0) } }
        }
        try writer.finish()
        let reader = try ZipArchiveReader(bytes: sink.bytes, name: "book.xlsx")
        #expect(reader.entries.map(\.name) == ["[Content_Types].xml", "xl/worksheets/sheet1.xml"])
        #expect(
            try reader.open("xl/worksheets/sheet1.xml").readAll().count == (0..<20_000).reduce(0) { $0 + "<row r=\"\($1)\"/>".utf8.count })
        // No Zip64 extensions: every entry is one a reader of version 2.0 extracts.
        let bytes = sink.bytes
        let versions = (0..<(bytes.count - 6)).filter { bytes[$0..<$0 + 4] == [0x50, 0x4B, 0x03, 0x04] }.map { bytes[$0 + 4] }
        #expect(versions == [20, 20], "\(versions)")
        // The sink's own error, not libarchive's text.
        let full = FullSink(capacity: 1_000)
        let failing = try ZipArchiveWriter(sink: full, name: "book.xlsx")
        #expect {
            try failing.addEntry(name: "x.xml") { entry in
                for row in 0..<50_000 { try Array("<row r=\"\(row * 7919 % 10_007)\"/>".utf8).withUnsafeBytes { try entry.write($0) } }
            }
            try failing.finish()
        } throws: { error in
            (error as? AirlockError)?.message == "the disk is full"
        }
    }

    @Test func unfinishedWriterLeavesNothingBehind() throws {
        let folder = try Fixture.scratchDirectory()
        do {
            let writer = try ZipArchiveWriter(path: folder + "/out.zip")
            try writer.addEntry(name: "x.csv", bytes: [1, 2, 3])
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    }

    @Test func refusesUnsafeEntryNames() throws {
        let writer = try ZipArchiveWriter(path: try Fixture.scratchDirectory() + "/out.zip")
        for name in ["../evil.csv", "/etc/passwd", "a\\b.csv", "C:evil.csv", "a/../../b"] {
            #expect(throws: AirlockError.self) { try writer.addEntry(name: name, bytes: []) }
        }
        #expect(throws: AirlockError.self) {
            try writer.addEntry(name: "same.csv", bytes: [])
            try writer.addEntry(name: "same.csv", bytes: [])
        }
    }

    @Test func aFileThatIsNotAZipIsReported() throws {
        let folder = try Fixture.scratchDirectory()
        let path = folder + "/not.zip"
        try Data("just text, not an archive".utf8).write(to: URL(fileURLWithPath: path))
        let error = try #require(throws: AirlockError.self) { try ZipArchiveReader(path: path) }
        #expect(error.code == .corruptArchive)
        #expect(error.location.file == path)
    }

    @Test func aTruncatedZipIsReported() throws {
        let original = try RealExport.bytes("dynamics-ax-integration/usmf_asset-major-types-01.zip")
        let path = try Fixture.scratchDirectory() + "/truncated.zip"
        try Data(original.prefix(original.count / 2)).write(to: URL(fileURLWithPath: path))
        #expect(throws: AirlockError.self) {
            let reader = try ZipArchiveReader(path: path)
            for entry in reader.entries { _ = try reader.open(entry.name).readAll() }
        }
    }

    @Test func aMissingFileIsAnIOError() throws {
        let error = try #require(throws: AirlockError.self) { try ZipArchiveReader(path: "/nonexistent/x.zip") }
        #expect(error.code == .io)
    }
}

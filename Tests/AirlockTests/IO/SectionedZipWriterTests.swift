import AirlockIO
import AirlockModel
import Foundation
import Testing

/// `SectionedZipWriter` and `SectionedDeflater`: a zip laid out as libarchive's, and an entry joined from sections
/// deflated apart that is byte for byte the entry deflated whole.
struct SectionedZipWriterTests {
    /// Text that compresses as XML does, with enough variety that sections differ.
    static func content(_ count: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        var index = 0
        while bytes.count < count {
            bytes.append(
                contentsOf: "<record id=\"\(index &* 2_654_435_761 % 1_000_003)\"><field name=\"n\" value=\"\(index)\"/></record>\n".utf8)
            index += 1
        }
        return Array(bytes.prefix(count))
    }

    @Test func membersUnderASectionAreWhatLibarchiveWrites() throws {
        let folder = try Fixture.scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let streamed = Self.content(200_000)
        let known = Array("<?xml version=\"1.0\"?><Types/>".utf8)
        let old = try ZipArchiveWriter(path: folder + "/libarchive.zip")
        try old.addEntry(name: "data.xml") { sink in try streamed.withUnsafeBytes { try sink.write($0) } }
        try old.addEntry(name: "[Content_Types].xml", bytes: known)
        try old.finish()
        let new = try SectionedZipWriter(path: folder + "/sectioned.zip")
        try new.addEntry(name: "data.xml") { sink in try streamed.withUnsafeBytes { try sink.write($0) } }
        try new.addEntry(name: "[Content_Types].xml", bytes: known)
        try new.finish()
        let expected = try #require(FileManager.default.contents(atPath: folder + "/libarchive.zip"))
        #expect(FileManager.default.contents(atPath: folder + "/sectioned.zip") == expected)
    }

    @Test func sectionsReadBackAndDoNotDependOnHowTheInputIsWritten() throws {
        let folder = try Fixture.scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let bytes = Self.content(1_000_000)
        var generator = SystemRandomNumberGenerator()
        var archives: [Data] = []
        for attempt in 0..<2 {
            let path = folder + "/\(attempt).zip"
            let writer = try SectionedZipWriter(path: path)
            let run = try writer.addEntry(name: "data.xml", sectionSize: 70_000) { sink in
                var offset = 0
                while offset < bytes.count {
                    let count = attempt == 0 ? 65_536 : Int.random(in: 1...150_000, using: &generator)
                    let end = min(bytes.count, offset + count)
                    try bytes[offset..<end].withUnsafeBytes { try sink.write($0) }
                    offset = end
                }
            }
            try writer.finish()
            #expect(run.inputBytes == Int64(bytes.count))
            let reader = try ZipArchiveReader(path: path)
            #expect(try reader.open("data.xml").readAll() == bytes)
            archives.append(try #require(FileManager.default.contents(atPath: path)))
        }
        #expect(archives[0] == archives[1])
    }

    @Test func anEntryJoinedFromRunsIsTheEntryDeflatedWhole() throws {
        let folder = try Fixture.scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let bytes = Self.content(700_000)
        let section = 64_000
        let whole = try SectionedZipWriter(path: folder + "/whole.zip")
        try whole.addEntry(name: "data.xml", sectionSize: section) { sink in try bytes.withUnsafeBytes { try sink.write($0) } }
        try whole.finish()
        // Three runs of sections, each deflated by its own deflater, the last ending the stream; one run cut at a
        // section's end exactly, one run empty.
        let cuts = [0, 3 * section, 3 * section, 7 * section + 0, bytes.count]
        var runs: [(file: String, run: DeflatedRun)] = []
        for index in 0..<(cuts.count - 1) {
            let file = folder + "/run-\(index).deflate"
            let sink = try FileByteSink(path: file)
            let deflater = try SectionedDeflater(output: sink, sectionSize: section, location: SourceLocation(file: file))
            try bytes[cuts[index]..<cuts[index + 1]].withUnsafeBytes { try deflater.write($0) }
            runs.append((file, try deflater.finish(final: index == cuts.count - 2)))
            try sink.close()
        }
        let joined = try SectionedZipWriter(path: folder + "/joined.zip")
        try joined.addJoinedEntry(name: "data.xml", runs: runs)
        try joined.finish()
        let expected = try #require(FileManager.default.contents(atPath: folder + "/whole.zip"))
        #expect(FileManager.default.contents(atPath: folder + "/joined.zip") == expected)
        #expect(try ZipArchiveReader(path: folder + "/joined.zip").open("data.xml").readAll() == bytes)
    }

    @Test func aRunWhoseFileIsCutShortIsRefusedAndNothingIsWritten() throws {
        let folder = try Fixture.scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = folder + "/run.deflate"
        let sink = try FileByteSink(path: file)
        let deflater = try SectionedDeflater(output: sink, location: SourceLocation(file: file))
        try Self.content(10_000).withUnsafeBytes { try deflater.write($0) }
        var run = try deflater.finish(final: true)
        try sink.close()
        run.outputBytes += 1
        do {
            let writer = try SectionedZipWriter(path: folder + "/joined.zip")
            #expect(throws: AirlockError.self) { try writer.addJoinedEntry(name: "data.xml", runs: [(file, run)]) }
        }
        #expect(!FileManager.default.fileExists(atPath: folder + "/joined.zip"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["run.deflate"])
    }
}

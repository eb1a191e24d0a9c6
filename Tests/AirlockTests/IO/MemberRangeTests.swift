import AirlockIO
import AirlockModel
import Foundation
import Testing

/// A member read from a point inside it (`MemberScanStream` notes the points, `MemberRangeStream` reads from one)
/// gives the member's own bytes, for a zip entry deflated or stored plain and for a folder's file; a damaged or
/// changed member is refused, naming it.
@Suite struct MemberRangeTests {
    /// About 3 MB of XML-like text that deflates into many blocks.
    static let text: [UInt8] = {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        let words = ["account", "contact", "<field name=\"", "\" value=\"", "\"/>\n", "Zürich", "order", "line", "  "]
        var bytes: [UInt8] = []
        while bytes.count < 3_000_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let pick = Int(state >> 59) % (words.count + 3)
            if pick < words.count { bytes += Array(words[pick].utf8) } else { bytes += Array(String(state >> 40, radix: 16).utf8) }
        }
        return bytes
    }()

    /// Reads `member` whole through a scan, in pieces of an odd size, and the points noted at every `step` bytes.
    static func scan(_ member: MemberBytes, step: Int) throws -> (bytes: [UInt8], points: [Int64: MemberReadPoint]) {
        let scan = try MemberScanStream(member, location: SourceLocation(file: member.file, entry: "data.xml"))
        var bytes: [UInt8] = []
        var points: [Int64: MemberReadPoint] = [:]
        var buffer = [UInt8](repeating: 0, count: 100_003)
        while true {
            let count = try buffer.withUnsafeMutableBytes { try scan.read(into: $0) }
            if count == 0 { break }
            let before = bytes.count
            bytes += buffer[0..<count]
            for offset in stride(from: (before + step - 1) / step * step, to: bytes.count, by: step) {
                points[Int64(offset)] = scan.point(atOrBefore: Int64(offset))
            }
            scan.forget(before: Int64(before))
        }
        return (bytes, points)
    }

    /// Bytes `start ..< start + count` of `member`, read from `point`.
    static func range(_ member: MemberBytes, _ point: MemberReadPoint, start: Int64, count: Int64) throws -> [UInt8] {
        let range = MemberRange(member: member, point: point, start: start, count: count, location: SourceLocation(file: member.file))
        return try MemberRangeStream(range).readAll()
    }

    @Test func aDeflatedEntryIsReadFromPointsInsideIt() throws {
        let path = try ZipFixture.make(Fixture.scratchDirectory() + "/a.zip", entries: ["data.xml": Self.text, "other.xml": [1, 2]])
        let member = try #require(try ZipPackageSource(path: path).memberBytes("data.xml"))
        #expect(member.form == .deflated && member.bytes == Int64(Self.text.count) && member.storedBytes < member.bytes / 2)
        let (bytes, points) = try Self.scan(member, step: 250_000)
        #expect(bytes == Self.text)
        #expect(Set(points.values.map(\.output)).count > 5, "points inside the stream, not only its start")
        for (start, point) in points.sorted(by: { $0.key < $1.key }) {
            #expect(point.output <= start && point.window.count == min(32_768, Int(point.output)))
            let count = min(Int64(70_000), Int64(Self.text.count) - start)
            let expected = Array(Self.text[Int(start)..<Int(start + count)])
            #expect(try Self.range(member, point, start: start, count: count) == expected, "from \(start)")
        }
    }

    @Test func aStoredEntryAndAFoldersFileAreReadWhereTheyLie() throws {
        let folder = try Fixture.scratchDirectory()
        let stored = try StoredZip.make(folder + "/stored.zip", entries: [("head.txt", [7, 7, 7]), ("data.xml", Self.text)])
        let member = try #require(try ZipPackageSource(path: stored).memberBytes("data.xml"))
        #expect(member.form == .plain && member.storedBytes == member.bytes && member.crc32 != nil)
        try FileManager.default.createDirectory(atPath: folder + "/unpacked", withIntermediateDirectories: true)
        try Data(Self.text).write(to: URL(fileURLWithPath: folder + "/unpacked/data.xml"))
        let file = try #require(try DirectoryPackageSource(path: folder + "/unpacked").memberBytes("data.xml"))
        #expect(file.form == .plain && file.offset == 0 && file.crc32 == nil)
        for member in [member, file] {
            let (bytes, points) = try Self.scan(member, step: 700_000)
            #expect(bytes == Self.text)
            let point = try #require(points[1_400_000])
            #expect(point.output == 1_400_000 && point.window.isEmpty)
            #expect(try Self.range(member, point, start: 1_400_000, count: 5) == Array(Self.text[1_400_000..<1_400_005]))
        }
    }

    /// A deflate stream of 300,000 stored blocks of one byte each (RFC 1951, 3.2.4: six bytes each once aligned)
    /// makes no point, and no 32 KiB window, for each: the scan notes a block's start only `pointSpacing` bytes after
    /// the last, and a read from a point still gives the member's bytes.
    @Test func tinyBlocksMakeNoPointEach() throws {
        var stored: [UInt8] = []
        var data: [UInt8] = []
        for index in 0..<300_000 {
            let byte = UInt8(ascii: "a") + UInt8(index % 26)
            stored += [index == 299_999 ? 0x01 : 0x00, 0x01, 0x00, 0xFE, 0xFF, byte]
            data.append(byte)
        }
        let path = try StoredZip.make(
            Fixture.scratchDirectory() + "/blocks.zip", stored: [(name: "data.xml", stored: stored, method: 8, bytes: data)])
        let member = try #require(try ZipPackageSource(path: path).memberBytes("data.xml"))
        #expect(member.form == .deflated && member.storedBytes == Int64(stored.count))
        let scan = try MemberScanStream(member, location: SourceLocation(file: path, entry: "data.xml"))
        #expect(try scan.readAll() == data)
        #expect(scan.heldPoints <= 3, "\(scan.heldPoints) points held")
        let point = try #require(scan.point(atOrBefore: 290_000))
        #expect(point.output >= Int64(MemberScanStream.pointSpacing) && point.output <= 290_000)
        #expect(try Self.range(member, point, start: 290_000, count: 10_000) == Array(data[290_000...]))
    }

    @Test func aDamagedOrChangedMemberIsRefusedNamingIt() throws {
        let folder = try Fixture.scratchDirectory()
        let path = try ZipFixture.make(folder + "/a.zip", entries: ["data.xml": Self.text])
        let member = try #require(try ZipPackageSource(path: path).memberBytes("data.xml"))
        // A byte changed in the middle of the stored bytes: the scan fails on the stream or on the CRC-32.
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        bytes[Int(member.offset + member.storedBytes / 2)] ^= 0x55
        let damaged = folder + "/damaged.zip"
        try Data(bytes).write(to: URL(fileURLWithPath: damaged))
        var changed = member
        changed.file = damaged
        let error = try #require(throws: AirlockError.self) { _ = try Self.scan(changed, step: 1_000_000) }
        #expect(error.code == .corruptArchive && error.location.file == damaged && error.location.entry == "data.xml")
        // An entry that inflates to more than the archive lists is refused as it comes, before its end.
        var listedSmaller = member
        listedSmaller.bytes = 1000
        let bomb = try #require(throws: AirlockError.self) {
            let scan = try MemberScanStream(listedSmaller, location: SourceLocation(file: path, entry: "data.xml"))
            var buffer = [UInt8](repeating: 0, count: 65_536)
            _ = try buffer.withUnsafeMutableBytes { try scan.read(into: $0) }
        }
        #expect(bomb.message.contains("where the archive lists 1000"))
        // A member that ends before the bytes asked for (the file changed since the points were noted), and a range
        // that does not lie in the member after its point (a plan edited).
        let start = MemberReadPoint(output: 0, input: 0, bits: 0, window: [])
        var longer = member
        longer.bytes += 100
        let short = try #require(throws: AirlockError.self) {
            _ = try Self.range(longer, start, start: Int64(Self.text.count) - 10, count: 20)
        }
        #expect(short.code == .corruptArchive && short.message.contains("ends before"))
        for (point, start, count) in [
            (start, Int64(Self.text.count) - 10, Int64(20)), (MemberReadPoint(output: 50, input: 0, bits: 0, window: []), 10, 5),
        ] {
            let outside = try #require(throws: AirlockError.self) { _ = try Self.range(member, point, start: start, count: count) }
            #expect(outside.message.contains("cannot be read from the point given"))
        }
        // A directory entry that disagrees with its local header (another CRC-32 here): not located, so libarchive,
        // which reads the entry by its local header, reads it (the zip fuzz target's finding, kept as a seed).
        let stored = try StoredZip.make(folder + "/stored.zip", entries: [("data.xml", Array(Self.text.prefix(1000)))])
        var zip = try [UInt8](Data(contentsOf: URL(fileURLWithPath: stored)))
        let directory = try #require(zip.indices.last { zip[$0..<min($0 + 4, zip.count)].elementsEqual([0x50, 0x4B, 0x01, 0x02]) })
        zip[directory + 16] ^= 0xFF
        let disagreeing = folder + "/disagreeing.zip"
        try Data(zip).write(to: URL(fileURLWithPath: disagreeing))
        #expect(try ZipArchiveReader(path: disagreeing).memberBytes("data.xml") == nil)
        #expect(try ZipArchiveReader(path: stored).memberBytes("data.xml") != nil)
        // Held in memory: no bytes on disk to point at.
        let memory = try ZipArchiveReader(bytes: [UInt8](Data(contentsOf: URL(fileURLWithPath: path))), name: "in-memory.zip")
        #expect(memory.memberBytes("data.xml") == nil)
    }
}

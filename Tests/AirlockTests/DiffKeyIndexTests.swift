import AirlockKit
import Testing

/// `DiffKeyIndex` filled record by record (`insertOld`) and in one pass at the end (`appendOld`, `placeAppended`)
/// gives the same matches: every old key found, a repeated key caught with both lines, the first record kept.
struct DiffKeyIndexTests {
    static func key(_ text: String) -> [UInt8] {
        var builder = DiffKeyBuilder()
        builder.add("USMF")
        builder.add(text)
        return builder.bytes
    }

    static func digest(_ number: Int) -> RecordDigest { RecordDigest(high: UInt64(number), low: ~UInt64(number)) }

    static func appendOld(_ index: inout DiffKeyIndex, _ text: String, number: Int, prints: [UInt16] = []) throws {
        try key(text).withUnsafeBytes { try index.appendOld(key: $0, digest: digest(number), prints: prints, line: number + 2) }
    }

    static func match(_ index: inout DiffKeyIndex, _ text: String, line: Int) throws -> DiffKeyIndex.Match {
        try key(text).withUnsafeBytes { try index.matchNew(key: $0, line: line) }
    }

    static func insertOld(_ index: inout DiffKeyIndex, _ text: String, number: Int) throws -> Int? {
        try key(text).withUnsafeBytes { try index.insertOld(key: $0, digest: digest(number), line: number + 2) }
    }

    /// 5,000 keys (the table grows past its first size), appended, placed, then matched out of order and in order.
    @Test func appendedKeysAreFoundOncePlaced() throws {
        var index = DiffKeyIndex(fieldCount: 1)
        for number in 0..<5_000 { try Self.appendOld(&index, "C-\(number)", number: number, prints: [UInt16(number)]) }
        #expect(index.placeAppended() == nil)
        #expect(index.oldCount == 5_000)
        for number in [4_999, 0, 1, 2, 2_500] {
            guard case .existing(let entry) = try Self.match(&index, "C-\(number)", line: 1) else {
                Issue.record("C-\(number) not found")
                continue
            }
            #expect(index.digest(of: entry) == Self.digest(number))
            #expect(Array(index.prints(of: entry)) == [UInt16(number)])
            #expect(index.keyParts(of: entry) == ["USMF", "C-\(number)"])
        }
        guard case .created = try Self.match(&index, "C-5000", line: 9) else {
            Issue.record("a new key should be created")
            return
        }
        guard case .repeated(let first) = try Self.match(&index, "C-0", line: 10) else {
            Issue.record("a key matched twice should repeat")
            return
        }
        #expect(first == 1)
        #expect(index.unseenOld.count == 5_000 - 5)
    }

    /// A key repeated within a batch and across batches: the first repeat is reported with the earlier record's
    /// line, the first record of each key is the one found, and the repeats are no deletes.
    @Test func repeatedKeysAreReportedAndTheFirstIsKept() throws {
        var index = DiffKeyIndex(fieldCount: 0)
        let keys = (0..<40).map { "C-\($0)" } + ["C-3", "C-3", "C-39"]
        for (number, key) in keys.enumerated() { try Self.appendOld(&index, key, number: number) }
        let placed = index.placeAppended()
        let repeated = try #require(placed)
        #expect(repeated.entry == 40)
        #expect(repeated.firstLine == 5)
        #expect(index.line(of: repeated.entry) == 42)
        let found = Self.key("C-3").withUnsafeBytes { index.oldEntry(for: $0) }
        #expect(found == 3)
        #expect(!index.unseenOld.contains(40) && !index.unseenOld.contains(41) && !index.unseenOld.contains(42))
    }

    /// `insertOld` reports a repeat at once and files nothing for it.
    @Test func insertOldReportsARepeatAtOnce() throws {
        var index = DiffKeyIndex(fieldCount: 0)
        #expect(try Self.insertOld(&index, "A", number: 0) == nil)
        #expect(try Self.insertOld(&index, "A", number: 1) == 2)
        #expect(index.oldCount == 1)
    }

    /// Keys longer than the arena's first block, and a key part of 200 bytes (a two-byte length), keep their text.
    @Test func longKeysKeepTheirText() throws {
        var index = DiffKeyIndex(fieldCount: 0)
        let long = String(repeating: "x", count: 200)
        for number in 0..<100 { try Self.appendOld(&index, "\(long)-\(number)", number: number) }
        #expect(index.placeAppended() == nil)
        guard case .existing(let entry) = try Self.match(&index, "\(long)-99", line: 1) else {
            Issue.record("the long key was not found")
            return
        }
        #expect(index.keyParts(of: entry) == ["USMF", "\(long)-99"])
    }
}

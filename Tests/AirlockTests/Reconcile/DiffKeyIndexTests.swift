import AirlockKit
import Testing

/// `DiffKeyIndex` filled record by record (`insertOld`) and in one pass at the end (`appendOld`, `placeAppended`)
/// gives the same matches: every old key found, every repeated key reported with its first record, the first kept.
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
        #expect(index.placeAppended().isEmpty)
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
        guard case .created(let created) = try Self.match(&index, "C-5000", line: 9) else {
            Issue.record("a new key should be created")
            return
        }
        #expect(created == 5_000)
        guard case .repeated(let first) = try Self.match(&index, "C-0", line: 10) else {
            Issue.record("a key matched twice should repeat")
            return
        }
        #expect(first == 0)
        #expect(index.line(of: first) == 1)
        guard case .repeated(let again) = try Self.match(&index, "C-5000", line: 11) else {
            Issue.record("a new key met twice should repeat")
            return
        }
        #expect(again == created)
        #expect(index.unseenOld.count == 5_000 - 5)
    }

    /// Keys repeated within a batch and across batches: every repeat is reported, in order, with the entry of its
    /// key's first record, which is the one found; the repeats keep their lines and are no deletes.
    @Test func repeatedKeysAreReportedAndTheFirstIsKept() throws {
        var index = DiffKeyIndex(fieldCount: 0)
        let keys = (0..<40).map { "C-\($0)" } + ["C-3", "C-3", "C-39"]
        for (number, key) in keys.enumerated() { try Self.appendOld(&index, key, number: number) }
        let repeated = index.placeAppended()
        #expect(
            repeated == [
                DiffKeyIndex.RepeatedKey(entry: 40, first: 3), DiffKeyIndex.RepeatedKey(entry: 41, first: 3),
                DiffKeyIndex.RepeatedKey(entry: 42, first: 39),
            ])
        #expect(index.line(of: 3) == 5)
        #expect(index.line(of: 40) == 42)
        let found = Self.key("C-3").withUnsafeBytes { index.oldEntry(for: $0) }
        #expect(found == 3)
        #expect(!index.unseenOld.contains(40) && !index.unseenOld.contains(41) && !index.unseenOld.contains(42))
    }

    /// New records matched in the old export's order meet a repeat of an earlier old key next (after D, entry 3,
    /// comes entry 4, which repeats B's key): the match is B's first record, and B met again is a repeat of it.
    @Test func matchingInOrderPassesOverARepeat() throws {
        var index = DiffKeyIndex(fieldCount: 0)
        for (number, key) in ["A", "B", "C", "D", "B", "E"].enumerated() { try Self.appendOld(&index, key, number: number) }
        #expect(index.placeAppended() == [DiffKeyIndex.RepeatedKey(entry: 4, first: 1)])
        for (key, expected) in [("A", 0), ("C", 2), ("D", 3), ("B", 1)] {
            guard case .existing(let entry) = try Self.match(&index, key, line: expected + 2) else {
                Issue.record("\(key) not found")
                continue
            }
            #expect(entry == expected)
        }
        guard case .repeated(let entry) = try Self.match(&index, "B", line: 9) else {
            Issue.record("B met twice should repeat")
            return
        }
        #expect(entry == 1)
        #expect(index.unseenOld == [5])
    }

    /// `insertOld` reports a repeat at once, naming the earlier record's entry, and files nothing for it.
    @Test func insertOldReportsARepeatAtOnce() throws {
        var index = DiffKeyIndex(fieldCount: 0)
        #expect(try Self.insertOld(&index, "A", number: 0) == nil)
        #expect(try Self.insertOld(&index, "A", number: 1) == 0)
        #expect(index.line(of: 0) == 2)
        #expect(index.oldCount == 1)
    }

    /// Keys longer than the arena's first block, and a key part of 200 bytes (a two-byte length), keep their text.
    @Test func longKeysKeepTheirText() throws {
        var index = DiffKeyIndex(fieldCount: 0)
        let long = String(repeating: "x", count: 200)
        for number in 0..<100 { try Self.appendOld(&index, "\(long)-\(number)", number: number) }
        #expect(index.placeAppended().isEmpty)
        guard case .existing(let entry) = try Self.match(&index, "\(long)-99", line: 1) else {
            Issue.record("the long key was not found")
            return
        }
        #expect(index.keyParts(of: entry) == ["USMF", "\(long)-99"])
    }
}

import AirlockIO
import AirlockModel
import Foundation
import Testing

@testable import AirlockConvert

/// Merge reads the shards' spools a row at a time (`TableSpoolCursor`) and puts them in key order as it goes; what it
/// gives must be what reading every spool whole and sorting gives, also for rows larger than the cursor's buffer and
/// for a spool out of key order.
struct SpoolMergeTests {
    /// Writes `rows` (values, key) as a spool at `path`.
    static func spool(_ path: String, _ rows: [([String?], UInt64)]) throws {
        var table = Table(name: "t", columnNames: ["a", "b", "c"])
        for row in rows { try table.appendRow(row.0) }
        let writer = try TableSpoolWriter(path: path, name: "t", columns: table.columnNames)
        for (index, row) in rows.enumerated() { try writer.append(row: index, of: table, key: row.1) }
        try writer.close()
    }

    /// A row spooled from another table's columns (what a shard does for an F&O entity file, whose columns are
    /// several flows' own) is the bytes of the same row spooled from a table laid out in the spool's columns: values
    /// moved to their place, null where the source has no such column, empty values kept apart from nulls.
    @Test func aRowSpooledThroughAColumnMapIsTheRowOfATableInTheSpoolsColumns() throws {
        let folder = try Fixture.scratchDirectory("airlock-spool-columns")
        var source = Table(name: "flow", columnNames: ["c", "x", "a"])
        try source.appendRow(["3", "ignored", "1"])
        try source.appendRow([nil, "ignored", ""])
        try source.appendRow(["", nil, "é"])
        let mapped = try TableSpoolWriter(path: folder + "/mapped.spool", name: "t", columns: ["a", "b", "c"])
        for row in 0..<source.rowCount { try mapped.append(row: row, of: source, columns: [2, nil, 0], key: UInt64(10 + row)) }
        try mapped.close()
        try Self.spool(folder + "/laid-out.spool", [(["1", nil, "3"], 10), (["", nil, nil], 11), (["é", nil, ""], 12)])
        let mappedBytes = try Data(contentsOf: URL(fileURLWithPath: folder + "/mapped.spool"))
        #expect(mappedBytes == (try Data(contentsOf: URL(fileURLWithPath: folder + "/laid-out.spool"))))
        #expect(try TableSpoolReader.read(path: folder + "/mapped.spool").table.row(1) == ["", nil, nil])
    }

    @Test func aCursorReadsWhatTheWholeReadGivesThroughABufferSmallerThanARow() throws {
        let folder = try Fixture.scratchDirectory("airlock-spool-cursor")
        let long = String(repeating: "é", count: 300)
        let rows: [([String?], UInt64)] = [
            (["x", nil, ""], 1), ([long, "b", nil], 5), ([nil, nil, nil], 9), (["", long + long, "z"], 12), (["q", "r", "s"], 12),
        ]
        try Self.spool(folder + "/t.spool", rows)
        let whole = try TableSpoolReader.read(bytes: FileByteStream.contents(of: folder + "/t.spool"), path: "t.spool")
        #expect(try TableSpoolReader.read(path: folder + "/t.spool") == whole)
        for size in [64, 100, 1 << 20] {
            let cursor = try TableSpoolCursor(path: folder + "/t.spool", bufferSize: size)
            #expect(cursor.name == "t" && cursor.columnNames == ["a", "b", "c"])
            var table = Table(name: "t", columnNames: cursor.columnNames)
            var keys: [UInt64] = []
            while try cursor.next() {
                keys.append(cursor.key)
                try cursor.appendRow(to: &table)
            }
            #expect(table == whole.table, "buffer \(size)")
            #expect(keys == whole.keys, "buffer \(size)")
        }
        // Cut inside a row: refused, not read short.
        let bytes = try Data(contentsOf: URL(fileURLWithPath: folder + "/t.spool"))
        try bytes.dropLast(3).write(to: URL(fileURLWithPath: folder + "/cut.spool"))
        let cursor = try TableSpoolCursor(path: folder + "/cut.spool", bufferSize: 64)
        let error = try #require(throws: AirlockError.self) { while try cursor.next() {} }
        #expect(error.code == .io && error.message.hasPrefix("not a whole Airlock spool file"))
    }

    /// `forEachRow(path:)`, which the partition's join splits the reads' spools with, streams the file: each row's key,
    /// values and encoded bytes as the whole read gives them, over more rows than the cursor's buffer holds.
    @Test func forEachRowStreamsWhatTheWholeReadGives() throws {
        let folder = try Fixture.scratchDirectory("airlock-spool-rows")
        let rows: [([String?], UInt64)] = (0..<12_000).map { index in
            (
                [index % 7 == 0 ? nil : "value \(index) " + String(repeating: "ü", count: index % 90), index % 5 == 0 ? "" : "b", nil],
                UInt64(index)
            )
        }
        try Self.spool(folder + "/t.spool", rows)
        #expect(try FileManager.default.attributesOfItem(atPath: folder + "/t.spool")[.size] as? Int ?? 0 > 1 << 20)
        let whole = try TableSpoolReader.read(bytes: FileByteStream.contents(of: folder + "/t.spool"), path: "t.spool")
        var header: (String, [String])?
        var row = 0
        try TableSpoolReader.forEachRow(path: folder + "/t.spool") {
            header = ($0, $1)
        } _: { key, encoded, values in
            #expect(key == whole.keys[row])
            let texts = values.map { $0.map { String(decoding: $0, as: UTF8.self) } }
            #expect(texts == whole.table.row(row), "row \(row)")
            #expect(encoded.count == values.reduce(0) { $0 + 4 + ($1?.count ?? 0) })
            row += 1
        }
        #expect(header?.0 == "t" && header?.1 == ["a", "b", "c"])
        #expect(row == rows.count)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: folder + "/t.spool"))
        try bytes.dropLast(3).write(to: URL(fileURLWithPath: folder + "/cut.spool"))
        let error = try #require(throws: AirlockError.self) {
            try TableSpoolReader.forEachRow(path: folder + "/cut.spool") { _, _ in
            } _: { _, _, _ in
            }
        }
        #expect(error.code == .io && error.message.hasPrefix("not a whole Airlock spool file"))
    }

    @Test func spoolsMergeInKeyOrderAndTheFirstShardsRowFirstAmongEqualKeys() throws {
        let folder = try Fixture.scratchDirectory("airlock-spool-merge")
        try Self.spool(
            folder + "/0.spool", [(["a0", nil, nil], 1), (["a1", nil, nil], 4), (["a2", nil, nil], 4), (["a3", nil, nil], 9)])
        try Self.spool(folder + "/1.spool", [(["b0", nil, nil], 0), (["b1", nil, nil], 4), (["b2", nil, nil], 10)])
        try Self.spool(folder + "/2.spool", [])
        let merged = try #require(
            try ShardMerger.mergedSpools([0, 1, 2].map { folder + "/\($0).spool" }, name: "t", columns: ["a", "b", "c"]))
        #expect((0..<merged.rowCount).map { merged.value(row: $0, column: 0) } == ["b0", "a0", "a1", "a2", "b1", "a3", "b2"])
        // A spool out of key order (no shard of this build writes one) is sorted as a whole, the same rule.
        try Self.spool(folder + "/3.spool", [(["c0", nil, nil], 8), (["c1", nil, nil], 2), (["c2", nil, nil], 4)])
        let sorted = try #require(try ShardMerger.mergedSpools([0, 3].map { folder + "/\($0).spool" }, name: "t", columns: nil))
        #expect((0..<sorted.rowCount).map { sorted.value(row: $0, column: 0) } == ["a0", "c1", "a1", "a2", "c2", "c0", "a3"])
        // Other columns than the other shards': refused, naming the spool.
        var other = Table(name: "t", columnNames: ["a"])
        try other.appendRow(["x"])
        let writer = try TableSpoolWriter(path: folder + "/4.spool", name: "t", columns: ["a"])
        try writer.append(row: 0, of: other, key: 1)
        try writer.close()
        let error = try #require(throws: AirlockError.self) {
            try ShardMerger.mergedSpools([0, 4].map { folder + "/\($0).spool" }, name: "t", columns: nil)
        }
        #expect(error.code == .usage && error.location.file == folder + "/4.spool")
    }

    /// In chunks (how `to-sales.zip` is written from the spools), the rows come in the same key order, a table of at
    /// most the chunk's rows at a time; a spool found out of key order before the first chunk is sorted whole, and
    /// after it is refused, naming the spool, as is a count other than the shard lists.
    @Test func chunksHoldTheMergedRowsInOrderAndALateDisorderIsRefused() throws {
        let folder = try Fixture.scratchDirectory("airlock-spool-chunks")
        try Self.spool(
            folder + "/0.spool", [(["a0", nil, nil], 1), (["a1", nil, nil], 4), (["a2", nil, nil], 4), (["a3", nil, nil], 9)])
        try Self.spool(folder + "/1.spool", [(["b0", nil, nil], 0), (["b1", nil, nil], 4), (["b2", nil, nil], 10)])
        let paths = [0, 1].map { folder + "/\($0).spool" }
        func chunks(_ paths: [String], size: Int, records: [Int]? = nil) throws -> [[String?]] {
            var found: [[String?]] = []
            try ShardMerger.forEachMergedChunk(paths, records: records, name: "t", columns: nil, chunkRows: size) { table in
                found.append((0..<table.rowCount).map { table.value(row: $0, column: 0) })
            }
            return found
        }
        #expect(try chunks(paths, size: 3) == [["b0", "a0", "a1"], ["a2", "b1", "a3"], ["b2"]])
        #expect(try chunks(paths, size: 7) == [["b0", "a0", "a1", "a2", "b1", "a3", "b2"]])
        #expect(try chunks([folder + "/0.spool"], size: 2) == [["a0", "a1"], ["a2", "a3"]])
        try Self.spool(folder + "/empty.spool", [])
        #expect(try chunks([folder + "/empty.spool"], size: 2) == [[]])
        // Out of order at its second row, before any chunk is full: sorted whole.
        try Self.spool(folder + "/early.spool", [(["c0", nil, nil], 8), (["c1", nil, nil], 2), (["c2", nil, nil], 4)])
        #expect(try chunks([folder + "/early.spool"], size: 2) == [["c1", "c2", "c0"]])
        // Out of order after a chunk was handed over: refused.
        try Self.spool(
            folder + "/late.spool", [(["d0", nil, nil], 1), (["d1", nil, nil], 2), (["d2", nil, nil], 3), (["d3", nil, nil], 0)])
        let late = try #require(throws: AirlockError.self) { try chunks([folder + "/late.spool"], size: 2) }
        #expect(late.code == .io && late.location.file == folder + "/late.spool" && late.message.contains("not in key order"))
        let counted = try #require(throws: AirlockError.self) { try chunks(paths, size: 2, records: [4, 4]) }
        #expect(counted.code == .io && counted.location.file == folder + "/1.spool")
    }

    /// A spool cut at the end of a row reads as whole: the count its shard's `shard.json` lists tells, and the merge
    /// refuses rather than write a package without those records.
    @Test func aSpoolHoldingOtherThanItsListedRecordsIsRefused() throws {
        let folder = try Fixture.scratchDirectory("airlock-spool-count")
        try Self.spool(folder + "/0.spool", [(["a0", nil, nil], 1), (["a1", nil, nil], 4)])
        try Self.spool(folder + "/1.spool", [(["b0", nil, nil], 2)])
        let paths = [0, 1].map { folder + "/\($0).spool" }
        #expect(try ShardMerger.mergedSpools(paths, records: [2, 1], name: "t", columns: nil)?.rowCount == 3)
        let error = try #require(throws: AirlockError.self) {
            try ShardMerger.mergedSpools(paths, records: [2, 2], name: "account", columns: nil)
        }
        #expect(error.code == .io && error.location.file == folder + "/1.spool")
        #expect(error.message == "the spool holds 1 record of account where the shard's shard.json lists 2: run the shard again")
    }
}

import AirlockIO
import AirlockModel
import Foundation
import HeapModule

/// The shards' spools merged in key order (export order), as `ShardMerger` reads every part, file and list of them.
extension ShardMerger {
    /// Rows of every shard's spool of one part or file, in key order (export order), as one table (nil when there is
    /// no spool): `forEachMergedChunk` in one chunk.
    /// - Parameter records: how many rows each spool holds by its shard's `shard.json`, when it says.
    /// - Throws: as `forEachMergedChunk`.
    static func mergedSpools(_ paths: [String], records: [Int]? = nil, name: String, columns: [String]?) throws -> Table? {
        guard !paths.isEmpty else { return nil }
        var whole: Table?
        try forEachMergedChunk(paths, records: records, name: name, columns: columns, chunkRows: .max) { whole = $0 }
        return whole
    }

    /// Rows a chunk of a merged part holds when `to-sales.zip` is written from the spools (`forEachMergedChunk`): a
    /// few megabytes, where the whole part may be most of the package.
    static let streamedChunkRows = 16_384

    /// Rows of every shard's spool of one part or file, in key order (export order), handed to `body` in tables of at
    /// most `chunkRows` rows (at least one table, possibly empty). A shard writes each spool in key order, so the
    /// spools are merged as they are read, a buffer each, holding only the chunk being filled. A spool found out of key
    /// order before the first chunk is handed over is put in order after all, read whole; found later, it is refused
    /// (no shard of this build writes one).
    /// - Parameter records: how many rows each spool holds by its shard's `shard.json`, when it says.
    /// - Throws: `AirlockError(.usage)` for a spool with other columns than `columns` (or the first spool's);
    ///   `AirlockError(.io)` for one cut short, out of key order too late, or holding another number of rows than
    ///   `records` says (after the last chunk); what `body` throws.
    static func forEachMergedChunk(
        _ paths: [String], records: [Int]?, name: String, columns: [String]?, chunkRows: Int, _ body: (Table) throws -> Void
    ) throws {
        let bufferSize = max(64 << 10, min(1 << 20, (64 << 20) / max(paths.count, 1)))
        var cursors: [TableSpoolCursor] = []
        for path in paths {
            let cursor = try TableSpoolCursor(path: path, bufferSize: bufferSize)
            if let expected = columns ?? cursors.first?.columnNames, cursor.columnNames != expected {
                throw AirlockError(
                    .usage, "the shard's spool has other columns than the other shards' for \(name)", at: SourceLocation(file: path))
            }
            cursors.append(cursor)
        }
        guard let first = cursors.first else { return }
        var table = Table(name: first.name, columnNames: first.columnNames)
        var handedOver = 0
        var heads = Heap<SpoolHead>()
        for (spool, cursor) in cursors.enumerated() where try cursor.next() { heads.insert(SpoolHead(key: cursor.key, spool: spool)) }
        while let head = heads.popMin() {
            let cursor = cursors[head.spool]
            try cursor.appendRow(to: &table)
            if table.rowCount == chunkRows {
                try body(table)
                handedOver += table.rowCount
                table = Table(name: first.name, columnNames: first.columnNames)
            }
            guard try cursor.next() else { continue }
            if cursor.key < head.key {
                guard handedOver == 0, let sorted = try sortedSpools(paths) else {
                    throw AirlockError(
                        .io, "the spool of \(name) is not in key order: run the shard again", at: SourceLocation(file: paths[head.spool]))
                }
                try checkCounts(paths, records: records, read: sorted.rowCount, name: name)
                return try body(sorted)
            }
            heads.insert(SpoolHead(key: cursor.key, spool: head.spool))
        }
        if table.rowCount > 0 || handedOver == 0 { try body(table) }
        try checkCounts(paths, records: records, read: handedOver + table.rowCount, name: name)
    }

    /// Refuses spools that held `read` rows in all where their shards' `shard.json` lists `records`, naming the first
    /// spool whose count differs (counted again: a spool cut at a row's end reads as whole).
    private static func checkCounts(_ paths: [String], records: [Int]?, read: Int, name: String) throws {
        guard let records, read != records.reduce(0, +) else { return }
        for (path, expected) in zip(paths, records) {
            let cursor = try TableSpoolCursor(path: path)
            var count = 0
            while try cursor.next() { count += 1 }
            guard count != expected else { continue }
            throw AirlockError(
                .io,
                "the spool holds \(count) record\(count == 1 ? "" : "s") of \(name) where the shard's \(RunLayout.shardManifest) lists \(expected): run the shard again",
                at: SourceLocation(file: path))
        }
    }

    /// A spool's current row in the merge: its key, then the spool's place (its shard's), which decides between equal
    /// keys.
    private struct SpoolHead: Comparable {
        var key: UInt64
        var spool: Int

        static func < (lhs: SpoolHead, rhs: SpoolHead) -> Bool { (lhs.key, lhs.spool) < (rhs.key, rhs.spool) }
    }

    /// The rows of `paths` sorted by key, then shard, then place in the spool: for spools not in key order.
    private static func sortedSpools(_ paths: [String]) throws -> Table? {
        let spools = try paths.map(TableSpoolReader.read(path:))
        var order: [(key: UInt64, spool: Int, row: Int)] = []
        for (number, spool) in spools.enumerated() {
            for (row, key) in spool.keys.enumerated() { order.append((key, number, row)) }
        }
        guard let first = spools.first?.table else { return nil }
        order.sort { ($0.key, $0.spool, $0.row) < ($1.key, $1.spool, $1.row) }
        var table = Table(name: first.name, columnNames: first.columnNames)
        for entry in order {
            let source = spools[entry.spool].table
            try table.appendRow { column, append in try source.withValue(row: entry.row, column: column) { try append($0) } }
        }
        return table
    }
}

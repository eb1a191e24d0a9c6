import AirlockModel
import AirlockReconcile

/// What `convert --since` keeps of one entity of the earlier export: a key index (`DiffKeyIndex`) holding, per
/// record, its key and the 128-bit digest of its values in the new export's columns; no values. Filed record by
/// record as the earlier export streams, then asked row by row of the new export's table.
///
/// Same answers as comparing the two tables: keys match by their exact bytes (a record whose key has a missing or
/// empty part is never unchanged; of records sharing a key, the earlier export's first counts), and values match
/// byte for byte, a missing value equal to an empty one, in the columns both exports have. The digest covers every
/// column of the new table, the earlier export's value of a column it lacks being empty; the new side then digests
/// empty for such a column too, so only the shared columns tell. A change is missed only if a changed value shares
/// its 64-bit hash with the earlier one (`RecordDigester`; about 2⁻⁶⁴).
struct SinceEntityIndex: Sendable {
    /// The key's columns, the company first when the key has it.
    let keyColumns: [String]
    /// The new export's table's columns, in its order: what a digest covers.
    let columns: [String]
    /// Per column of `columns`, whether the earlier export has it.
    private(set) var shared: [Bool]
    private(set) var index = DiffKeyIndex(fieldCount: 0)
    private var key = DiffKeyBuilder(exact: true)
    private var digester = RecordDigester(fingerprints: false, exact: true)

    init(keyColumns: [String], columns: [String]) {
        self.keyColumns = keyColumns
        self.columns = columns
        shared = Array(repeating: false, count: columns.count)
    }

    /// Notes that the earlier export has a column called `name`.
    mutating func noteOldColumn(_ name: String) {
        for position in columns.indices where columns[position] == name { shared[position] = true }
    }

    /// Files one record of the earlier export, whose value in its column `index` `withValue(index, body)` hands to
    /// `body` (nil when absent). `keyPositions` are the record's columns of `keyColumns`, `positions` those of
    /// `columns` (nil where it has none).
    /// - Throws: `AirlockError(.limitExceeded)` past the index's size.
    mutating func file(
        keyPositions: [Int?], positions: [Int?], _ withValue: (Int, (UnsafeRawBufferPointer?) -> Void) -> Void
    ) throws {
        key.reset()
        var complete = true
        for position in keyPositions {
            guard let position else { return }
            withValue(position) { bytes in
                guard let bytes, !bytes.isEmpty else {
                    complete = false
                    return
                }
                key.add(bytes)
            }
            guard complete else { return }
        }
        digester.reset()
        for position in positions {
            if let position { withValue(position) { digester.add($0) } } else { digester.add(nil) }
        }
        // A repeated key keeps its first record, as a key index over the table would.
        let digest = digester.digest()
        _ = try key.withBytes { try index.insertOld(key: $0, digest: digest, line: 0) }
    }

    /// Per row of `table` (the new export's, whose columns are `columns`), whether the earlier export holds it
    /// unchanged.
    func unchangedRows(of table: Table) -> [Bool] {
        let keyIndexes = keyColumns.compactMap { table.columnIndex(named: $0) }
        var result = [Bool](repeating: false, count: table.rowCount)
        guard keyIndexes.count == keyColumns.count, table.columns.count == columns.count else { return result }
        var key = DiffKeyBuilder(exact: true)
        var digester = RecordDigester(fingerprints: false, exact: true)
        for row in 0..<table.rowCount {
            key.reset()
            var complete = true
            for column in keyIndexes where complete {
                table.withValue(row: row, column: column) { bytes in
                    guard let bytes, !bytes.isEmpty else {
                        complete = false
                        return
                    }
                    key.add(bytes)
                }
            }
            guard complete, let entry = key.withBytes({ index.oldEntry(for: $0) }) else { continue }
            digester.reset()
            for column in columns.indices {
                if shared[column] { table.withValue(row: row, column: column) { digester.add($0) } } else { digester.add(nil) }
            }
            result[row] = digester.digest() == index.digest(of: entry)
        }
        return result
    }
}

import AirlockIO
import AirlockModel
import Foundation
import Testing

/// `TableImageFile`: a table written as its columns' buffers reads back as the same table, in every column form, and
/// can grow after; a file cut short or damaged is refused in one line naming it, never read as less.
@Suite struct TableImageFileTests {
    /// A table of every column form held as written: a dictionary column (few values, a null, an empty value), one
    /// of distinct values with accents (a wide dictionary up to 4,096 rows, plain past them), one all null, and one
    /// of empty values.
    static func table(rows: Int) throws -> Table {
        var table = Table(name: "Entity", columnNames: ["company", "name", "none", "empty"])
        for row in 0..<rows {
            try table.appendRow([row % 7 == 0 ? nil : ["USMF", "DEMF", ""][row % 3], "Société \(row) Müller", nil, ""])
        }
        return table
    }

    static func rows(_ table: Table) -> [[String?]] { (0..<table.rowCount).map { table.row($0) } }

    @Test(arguments: [0, 1, 63, 64, 65, 1_000, 5_000])
    func aTableReadsBackAsWritten(rows: Int) throws {
        let table = try Self.table(rows: rows)
        let path = try Fixture.scratchDirectory("airlock-table-image") + "/entity.table"
        let keys = (0..<rows).map { UInt64($0 * 3 + 1) }
        try TableImageFile.write(table, keys: keys, to: path)
        let read = try TableImageFile.read(path: path)
        #expect(read.keys == keys)
        #expect(read.table == table)
        #expect(read.table.name == "Entity" && read.table.columnNames == table.columnNames)
        #expect(Self.rows(read.table) == Self.rows(table))
        #expect(read.table.columns.map(\.isDictionaryEncoded) == table.columns.map(\.isDictionaryEncoded))
        #expect(read.table.columns.map(\.isWideDictionaryEncoded) == table.columns.map(\.isWideDictionaryEncoded))
        #expect(table.columns[1].isWideDictionaryEncoded == (rows > 256 && rows <= 4_096))
        for row in 0..<min(rows, 8) {
            #expect(read.table.dictionaryCode(row: row, column: 0) == table.dictionaryCode(row: row, column: 0))
        }
    }

    /// A column read back takes new values as one built by appending does: the dictionary finds its values again, and
    /// turns plain at its 257th.
    @Test func aColumnReadBackGrowsAsOneBuiltByAppending() throws {
        let path = try Fixture.scratchDirectory("airlock-table-image") + "/grow.table"
        var built = try Self.table(rows: 10)
        try TableImageFile.write(built, keys: (0..<10).map { UInt64($0) }, to: path)
        var read = try TableImageFile.read(path: path).table
        for row in 0..<300 {
            let values = [row < 5 ? "DEMF" : "C\(row)", "n", nil, ""]
            try built.appendRow(values)
            try read.appendRow(values)
        }
        #expect(read == built)
        #expect(read.columns[0].isDictionaryEncoded == built.columns[0].isDictionaryEncoded)
        #expect(read.dictionaryCode(row: 12, column: 0) == built.dictionaryCode(row: 12, column: 0))
    }

    /// Cut anywhere, a byte changed where it breaks the layout, or bytes after its end: refused, naming the file.
    @Test func aFileCutShortOrDamagedIsRefused() throws {
        let folder = try Fixture.scratchDirectory("airlock-table-image")
        let path = folder + "/whole.table"
        try TableImageFile.write(try Self.table(rows: 100), keys: (0..<100).map { UInt64($0) }, to: path)
        let whole = try Data(contentsOf: URL(fileURLWithPath: path))
        func refusal(_ bytes: Data) -> AirlockError? {
            let damaged = folder + "/damaged.table"
            _ = FileManager.default.createFile(atPath: damaged, contents: bytes)
            do {
                _ = try TableImageFile.read(path: damaged)
                return nil
            } catch let error as AirlockError {
                return error
            } catch {
                return nil
            }
        }
        for length in stride(from: 0, to: whole.count, by: max(1, whole.count / 97)) {
            let error = refusal(whole.prefix(length))
            #expect(error?.code == .io && error?.location.file?.hasSuffix("damaged.table") == true, "cut at \(length)")
            #expect(error.map { !$0.description.contains("\n") } ?? false)
        }
        #expect(refusal(whole + Data([0]))?.message.contains("after the last column") == true)
        // The last value's end offset past the column's bytes.
        var pastEnd = whole
        pastEnd[pastEnd.count - 2] = 0xFF
        #expect(refusal(pastEnd)?.message.contains("damaged") == true)
        var otherMagic = whole
        otherMagic[0] = UInt8(ascii: "X")
        #expect(refusal(otherMagic)?.message.contains("no table header") == true)
    }
}

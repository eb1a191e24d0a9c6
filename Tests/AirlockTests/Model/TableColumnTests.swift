import AirlockModel
import Testing

/// `TableColumn`'s two forms (dictionary while few distinct values, plain after): every value reads back as
/// appended, whichever form holds it and across the switch.
struct TableColumnTests {
    /// A seeded linear congruential generator (Knuth's MMIX constants): the same cases on every run.
    struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state ^ (state >> 29)
        }
    }

    static func column(_ values: [String?], reserving: Int? = nil) throws -> TableColumn {
        var column = TableColumn(name: "c")
        if let reserving { column.reserve(rows: reserving) }
        for value in values { try column.append(value) }
        return column
    }

    static func contents(_ column: TableColumn) -> [String?] {
        (0..<column.count).map(column.value)
    }

    @Test func aColumnOfFewValuesStaysADictionaryAndCostsAByteARow() throws {
        let names = ["USMF", "DEMF", "Contoso Ltd"]
        var values: [String?] = []
        for row in 0..<10_000 {
            if row % 7 == 0 { values.append(nil) } else if row % 5 == 0 { values.append("") } else { values.append(names[row % 3]) }
        }
        let column = try Self.column(values)
        #expect(column.isDictionaryEncoded)
        #expect(Self.contents(column) == values)
        #expect(column.byteCount == 10_000 + "USMFDEMFContoso Ltd".utf8.count)
        #expect(column.isPresent(1) && !column.isPresent(0))
        #expect(column.withValue(5) { $0?.count } == 0)
    }

    @Test func the257thDistinctValueTurnsTheColumnPlainWithEveryEarlierRowKept() throws {
        var values: [String?] = []
        for row in 0..<2_000 {
            if row % 11 == 0 { values.append(nil) } else if row % 13 == 0 { values.append("") } else { values.append("value \(row % 255)") }
        }
        let before = try Self.column(values)
        #expect(before.isDictionaryEncoded)
        values.append("one more")
        values.append(contentsOf: ["value 3", nil, "", "value 4"])
        let after = try Self.column(values, reserving: 10)
        #expect(!after.isDictionaryEncoded)
        #expect(Self.contents(after) == values)
        #expect(after.byteCount == values.reduce(0) { $0 + ($1?.utf8.count ?? 0) })
    }

    @Test func longDistinctValuesTurnTheColumnPlainPast64KiB() throws {
        let values: [String?] = (0..<100).map { String(repeating: Character(UnicodeScalar(UInt8(65 + $0 % 26))), count: 1_000) + "\($0)" }
        let column = try Self.column(values)
        #expect(!column.isDictionaryEncoded)
        #expect(Self.contents(column) == values)
    }

    @Test func randomMixesReadBackAsAppended() throws {
        var generator = Generator(state: 42)
        for trial in 0..<200 {
            let distinct = Int.random(in: 1...400, using: &generator)
            let rows = Int.random(in: 0...1_500, using: &generator)
            let pool: [String?] = (0..<distinct).map { index in
                switch index % 9 {
                case 0: nil
                case 1: ""
                case 2: "é\(index)ü" + String(repeating: "x", count: index % 40)
                default: "v\(index)-\(trial)"
                }
            }
            let values = (0..<rows).map { _ in pool[Int.random(in: 0..<distinct, using: &generator)] }
            let column = try Self.column(values, reserving: Bool.random(using: &generator) ? rows : nil)
            #expect(Self.contents(column) == values, "trial \(trial)")
            #expect(column.count == rows)
            #expect(column == (try Self.column(values)))
        }
    }

    @Test func equalityComparesValuesNullsAndNames() throws {
        let values: [String?] = ["a", nil, "", "b"]
        #expect(try Self.column(values) == Self.column(values))
        #expect(try Self.column(values) != Self.column(["a", "", "", "b"]))
        #expect(try Self.column(values) != Self.column(["a", nil, "", "b", nil]))
        var renamed = try Self.column(values)
        renamed.name = "d"
        #expect(try renamed != Self.column(values))
        let plain: [String?] = (0..<300).map { "p\($0)" }
        #expect(try Self.column(plain) == Self.column(plain))
        #expect(try Self.column(plain) != Self.column(plain.dropLast() + ["other"]))
    }

    @Test func shrinkingKeepsEveryValueAndLeavesTheOriginalAlone() throws {
        let few: [String?] = (0..<1_000).map { $0 % 7 == 0 ? nil : "v\($0 % 5)" }
        let many: [String?] = (0..<1_000).map { $0 % 9 == 0 ? nil : ($0 % 11 == 0 ? "" : "value-\($0)") }
        for values in [few, many] {
            let original = try Self.column(values)
            var shrunk = original
            shrunk.shrinkToFit()
            #expect(shrunk == original)
            #expect((0..<values.count).map { shrunk.value($0) } == values)
            try shrunk.append("after")
            #expect(shrunk.value(values.count) == "after")
            #expect(original.count == values.count)
        }
    }

    @Test func sharedStorageKeepsValueSemantics() throws {
        for values in [(0..<500).map { Optional("id-\($0)") }, (0..<500).map { Optional("id-\($0 % 3)") }] {
            let original = try Self.column(values)
            var copy = try Self.column(values)
            copy.name = "copy"
            let shared = copy.shareStorage(withEqualColumn: original)
            #expect(shared)
            #expect(Self.contents(copy) == values)
            try copy.append("new")
            #expect(Self.contents(original) == values)
            #expect(Self.contents(copy) == values + ["new"])
            var other = try Self.column(values.dropLast() + ["different"])
            let sharedOther = other.shareStorage(withEqualColumn: original)
            #expect(!sharedOther)
        }
    }

    @Test func tableRowsAppendedAsTextOrBytesReadTheSame() throws {
        var byText = Table(name: "t", columnNames: ["a", "b"])
        var byBytes = Table(name: "t", columnNames: ["a", "b"])
        for row in 0..<600 {
            let values: [String?] = [row % 4 == 0 ? nil : "r\(row)", "k\(row % 2)"]
            try byText.appendRow(values)
            try byBytes.appendRow { index, append in
                guard var value = values[index] else { return try append(nil) }
                try value.withUTF8 { try append(UnsafeRawBufferPointer($0)) }
            }
        }
        #expect(byText == byBytes)
        #expect(!byText.columns[0].isDictionaryEncoded && byText.columns[1].isDictionaryEncoded)
        #expect(byText.row(5) == ["r5", "k1"])
    }

    @Test func aTableSharesTheStorageOfColumnsEqualToOne() throws {
        var table = Table(name: "account", columnNames: ["@id", "accountid", "parentaccountid", "name"])
        for row in 0..<400 {
            let id = "00000000-0000-0000-0000-\(String(100_000_000_000 + row))"
            try table.appendRow([id, id, row % 2 == 0 ? id : nil, "Account \(row)"])
        }
        let before = table
        table.shareStorage(ofColumnsEqualTo: 0)
        #expect(table == before)
        try table.appendRow(["x", "y", nil, "z"])
        #expect(table.row(400) == ["x", "y", nil, "z"])
        #expect(table.row(3) == before.row(3))
    }
}

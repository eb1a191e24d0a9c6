import AirlockModel
import Testing

/// `TableColumn`'s dictionary forms (one-byte codes while few distinct values, two-byte codes while they repeat)
/// and its plain form: every value reads back as
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

    @Test func the257thDistinctValueTurnsTheColumnWideWithEveryEarlierRowKept() throws {
        var values: [String?] = []
        for row in 0..<2_000 {
            if row % 11 == 0 { values.append(nil) } else if row % 13 == 0 { values.append("") } else { values.append("value \(row % 255)") }
        }
        let before = try Self.column(values)
        #expect(before.isDictionaryEncoded)
        values.append("one more")
        values.append(contentsOf: ["value 3", nil, "", "value 4"])
        let after = try Self.column(values, reserving: 10)
        #expect(!after.isDictionaryEncoded && after.isWideDictionaryEncoded)
        #expect(Self.contents(after) == values)
        let distinct = Set(values.compactMap { $0 })
        #expect(after.byteCount == 2 * values.count + distinct.reduce(0) { $0 + $1.utf8.count })
    }

    /// Values that repeat (dates, prices, a parent's name on each of its lines) stay in the wide dictionary, at two
    /// bytes a row, however many rows come; values that do not repeat leave it for the plain form once 4,096 of them
    /// are seen, and the 65,536th distinct value leaves it too. Every row reads back as appended across each switch.
    @Test func aWideDictionaryKeepsRepeatingValuesAndLetsOthersGoPlain() throws {
        let repeating: [String?] = (0..<60_000).map { $0 % 17 == 0 ? nil : "2024-\($0 % 3_000)T00:00:00" }
        let wide = try Self.column(repeating)
        #expect(wide.isWideDictionaryEncoded)
        #expect(Self.contents(wide) == repeating)
        #expect(wide.byteCount < 3 * repeating.count)

        let unique: [String?] = (0..<10_000).map { "mail\($0)@example.com" }
        let plain = try Self.column(unique)
        #expect(!plain.isWideDictionaryEncoded && !plain.isDictionaryEncoded && !plain.isGUIDEncoded)
        #expect(Self.contents(plain) == unique)
        #expect(plain.byteCount == unique.reduce(0) { $0 + ($1?.utf8.count ?? 0) })

        // Each value three times in a row: they repeat, until the dictionary is full.
        let many: [String?] = (0..<210_000).map { "n\($0 / 3)" }
        let full = try Self.column(many)
        let fullIsPlain = !full.isWideDictionaryEncoded && !full.isDictionaryEncoded
        #expect(fullIsPlain)
        let fullReadsBack = Self.contents(full) == many
        #expect(fullReadsBack)
        let below = try Self.column(Array(many.prefix(3 * 65_535)))
        let belowIsWide = below.isWideDictionaryEncoded
        #expect(belowIsWide)
        let imageReadsBack = below == (try TableColumn(image: below.image))
        #expect(imageReadsBack)
    }

    @Test func aWideColumnShrunkTakesNewValuesAndEqualsItsPlainForm() throws {
        let values: [String?] = (0..<9_000).map { $0 % 5 == 0 ? nil : ($0 % 7 == 0 ? "" : "price \($0 % 1_000)") }
        var column = try Self.column(values)
        #expect(column.isWideDictionaryEncoded)
        column.shrinkToFit()
        try column.append("price 3")
        try column.append("a value not seen before")
        #expect(Self.contents(column) == values + ["price 3", "a value not seen before"])
        #expect(column.isWideDictionaryEncoded)
        var plain = TableColumn(name: "c")
        for value in values + ["price 3", "a value not seen before"] {
            try plain.append(value)
        }
        #expect(column == plain)
        let image = try column.image
        #expect(image.wideCodes?.count == column.count && image.codes == nil && image.problem == nil)
        #expect(try TableColumn(image: image) == column)
    }

    /// A dictionary column read from its image takes the image's values as they are: the next values appended find
    /// their codes (a lookup table made again), and an image whose dictionary holds a value twice is refused.
    @Test(arguments: [9, 300, 2_000]) func aDictionaryReadFromItsImageTakesMoreValues(distinct: Int) throws {
        let values: [String?] = (0..<40_000).map { $0 % 11 == 0 ? nil : "v\($0 % distinct)" }
        let column = try Self.column(values)
        #expect(column.isDictionaryEncoded || column.isWideDictionaryEncoded)
        var read = try TableColumn(image: column.image)
        #expect(read == column)
        try read.append("v3")
        try read.append("new")
        try read.append("v\(distinct - 1)")
        var appended = column
        for value in ["v3", "new", "v\(distinct - 1)"] { try appended.append(value) }
        #expect(read == appended)
        #expect(Self.contents(read) == values + ["v3", "new", "v\(distinct - 1)"])
        var twice = try column.image
        try #require(!twice.dictionaryEnds.isEmpty)
        let first = twice.dictionaryBytes.prefix(Int(twice.dictionaryEnds[0]))
        twice.dictionaryBytes += first
        twice.dictionaryEnds.append(UInt32(twice.dictionaryBytes.count))
        #expect(throws: AirlockError.self) { try TableColumn(image: twice) }
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

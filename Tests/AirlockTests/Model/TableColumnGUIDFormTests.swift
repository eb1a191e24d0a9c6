import AirlockIO
import AirlockModel
import Foundation
import Testing

/// `TableColumn`'s GUID form: a column of ids or lookups holds 16 bytes a row and hands back each value's text byte
/// for byte, in its case; the first value of another shape turns it plain with every row kept.
struct TableColumnGUIDFormTests {
    /// A GUID from `seed`, in Dataverse's form and the given case.
    static func guid(_ seed: Int, uppercase: Bool = false) -> String {
        var generator = TableColumnTests.Generator(state: UInt64(seed) &+ 7)
        let hex = (0..<16).map { _ in String(format: uppercase ? "%02X" : "%02x", UInt8(truncatingIfNeeded: generator.next())) }.joined()
        let cuts = [8, 12, 16, 20]
        var text = ""
        for (index, character) in hex.enumerated() {
            if cuts.contains(index) { text.append("-") }
            text.append(character)
        }
        return text
    }

    static func contents(_ column: TableColumn) -> [String?] { (0..<column.count).map(column.value) }

    @Test(arguments: [false, true])
    func manyDistinctGUIDsCostSixteenBytesARowAndReadBackInTheirCase(uppercase: Bool) throws {
        let values: [String?] = (0..<2_000).map { $0 % 10 == 3 ? nil : Self.guid($0, uppercase: uppercase) }
        let column = try TableColumnTests.column(values, reserving: values.count)
        #expect(column.isGUIDEncoded && !column.isDictionaryEncoded)
        #expect(column.byteCount == 16 * values.count)
        #expect(Self.contents(column) == values)
        #expect(column.isPresent(4) && !column.isPresent(3))
    }

    @Test func guidsOfDigitsAloneJoinEitherCase() throws {
        let digits: [String?] = (0..<300).map { "00000000-0000-0000-0000-\(String(100_000_000_000 + $0))" }
        for uppercase in [false, true] {
            let values = digits + [Self.guid(1, uppercase: uppercase), "12345678-1234-1234-1234-123456789012"]
            let column = try TableColumnTests.column(values)
            #expect(column.isGUIDEncoded)
            #expect(Self.contents(column) == values)
        }
    }

    /// Each of these, appended to a GUID column, turns it plain: every earlier row reads back as appended.
    @Test(arguments: [
        "", "{0f8fad5b-d9cb-469f-a165-70867728950e}", "0f8fad5b-d9cb-469f-a165-70867728950", "0f8fad5b-d9cb-469f-a165-70867728950e0",
        "0f8fad5bd9cb-469f-a165-70867728950e-", "0f8fad5b-d9cb-469f-a165-70867728950g", "0f8fad5b-d9cb-469f-a165-70867728950E",
        "0F8FAD5B-D9CB-469F-A165-70867728950E", "not a guid at all, but as long as one",
    ])
    func anotherShapeTurnsTheColumnPlainWithEveryRowKept(other: String) throws {
        var values: [String?] = (0..<500).map { $0 % 7 == 0 ? nil : Self.guid($0) }
        let before = try TableColumnTests.column(values)
        #expect(before.isGUIDEncoded)
        values.append(other)
        values.append(contentsOf: [Self.guid(9_999), nil])
        let after = try TableColumnTests.column(values)
        #expect(!after.isGUIDEncoded && !after.isDictionaryEncoded)
        #expect(Self.contents(after) == values)
        #expect(after == (try Self.plainColumn(values)))
    }

    /// A value of another shape among the first 256 keeps the column from the GUID form when it leaves the dictionary.
    @Test func aDictionaryHoldingAnotherShapeLeavesItForThePlainForm() throws {
        let values: [String?] = ["", "N/A"] + (0..<400).map { Self.guid($0) }
        let column = try TableColumnTests.column(values)
        #expect(!column.isGUIDEncoded && !column.isDictionaryEncoded)
        #expect(Self.contents(column) == values)
    }

    @Test func randomMixesOfGUIDsReadBackAsAppended() throws {
        var generator = TableColumnTests.Generator(state: 60)
        for trial in 0..<150 {
            let distinct = Int.random(in: 1...600, using: &generator)
            let upper = Bool.random(using: &generator)
            let pool: [String?] = (0..<distinct).map { index in
                switch Int.random(in: 0..<200, using: &generator) {
                case 0: "x\(index)"
                case 1: Self.guid(index, uppercase: !upper)
                case 2...9: nil
                default: Self.guid(index, uppercase: upper)
                }
            }
            let rows = Int.random(in: 0...1_500, using: &generator)
            let values = (0..<rows).map { _ in pool[Int.random(in: 0..<distinct, using: &generator)] }
            let column = try TableColumnTests.column(values, reserving: Bool.random(using: &generator) ? rows : nil)
            #expect(Self.contents(column) == values, "trial \(trial)")
            #expect(column == (try Self.plainColumn(values)), "trial \(trial)")
            var shrunk = column
            shrunk.shrinkToFit()
            #expect(shrunk == column, "trial \(trial)")
        }
    }

    @Test func guidColumnsShareStorageAndKeepValueSemantics() throws {
        let values: [String?] = (0..<600).map { $0 % 5 == 0 ? nil : Self.guid($0) }
        let original = try TableColumnTests.column(values)
        var copy = try TableColumnTests.column(values)
        copy.name = "copy"
        let shared = copy.shareStorage(withEqualColumn: original)
        #expect(shared)
        try copy.append("plain now")
        #expect(Self.contents(original) == values)
        #expect(Self.contents(copy) == values + ["plain now"])
        #expect(original.isGUIDEncoded && !copy.isGUIDEncoded)
    }

    /// `TableImageFile` holds a GUID column in its own form, 16 bytes a row and the case of its letters: it reads back
    /// in that form with the same values, in either case.
    @Test(arguments: [false, true]) func aGUIDColumnsImageKeepsItsForm(upper: Bool) throws {
        var table = Table(name: "account", columnNames: ["@id", "name"])
        for row in 0..<700 { try table.appendRow([upper ? Self.guid(row).uppercased() : Self.guid(row), "Account \(row)"]) }
        try table.appendRow([nil, "none"])
        #expect(table.columns[0].isGUIDEncoded && table.columns[0].holdsCanonicalGUIDs == !upper)
        let image = try table.columns[0].image
        #expect(image.codes == nil && image.ends.isEmpty && image.bytes.count == 701 * 16 && image.guidLetters == (upper ? .upper : .lower))
        let path = try Fixture.scratchDirectory("airlock-guid-image") + "/account.table"
        try TableImageFile.write(table, keys: (0..<701).map(UInt64.init), to: path)
        let read = try TableImageFile.read(path: path)
        #expect(read.table == table)
        #expect(read.table.columns[0].isGUIDEncoded && read.table.columns[0].holdsCanonicalGUIDs == !upper)
        #expect((0..<701).map { read.table.value(row: $0, column: 0) } == (0..<701).map { table.value(row: $0, column: 0) })
        // A GUID image whose bytes do not fit its rows is refused.
        var short = image
        short.bytes = ByteStore(capacity: 0)
        #expect(throws: AirlockError.self) { try TableColumn(image: short) }
    }

    /// The same values in a column of another form: the plain form, made from an image of that form.
    static func plainColumn(_ values: [String?]) throws -> TableColumn {
        var bytes = ByteStore(capacity: 0)
        var ends: [UInt32] = []
        var present = [UInt64](repeating: 0, count: (values.count + 63) / 64)
        for (row, value) in values.enumerated() {
            if let value {
                present[row >> 6] |= 1 << UInt64(row & 63)
                Array(value.utf8).withUnsafeBytes { bytes.append($0) }
            }
            ends.append(UInt32(bytes.count))
        }
        let plain = try TableColumn(
            image: TableColumnImage(
                name: "c", count: values.count, present: present, codes: nil, dictionaryBytes: [], dictionaryEnds: [], bytes: bytes,
                ends: ends))
        #expect(!plain.isGUIDEncoded)
        return plain
    }
}

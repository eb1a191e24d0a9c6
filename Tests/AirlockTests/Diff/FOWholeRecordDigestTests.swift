import AirlockIO
import AirlockModel
import AirlockReconcile
import Testing

@testable import AirlockDiff

/// A whole delimited record's digest calls two rows equal exactly when `RecordDigester` over their fields does
/// (missing and empty alike, one trailing carriage return of a field dropped), and tells moved field boundaries,
/// changed values and carriage returns inside a value apart.
struct FOWholeRecordDigestTests {
    static let columns = 3

    static func rows(_ text: String) throws -> [CSVRecord] {
        let stream = try TextDecodingStream(MemoryByteStream(Array(text.utf8)), location: SourceLocation(entry: "t.csv"))
        let reader = CSVReader(stream, location: SourceLocation(entry: "t.csv"))
        var records: [CSVRecord] = []
        var record = CSVRecord()
        while try reader.next(into: &record) { records.append(record) }
        return records
    }

    static func whole(_ record: CSVRecord) -> RecordDigest {
        record.withFields { FOWholeRecordDigest.digest($0, columnCount: columns) }
    }

    static func valueByValue(_ record: CSVRecord) -> RecordDigest {
        var digester = RecordDigester(fingerprints: false)
        for column in 0..<columns {
            if column < record.count { record.withField(column) { digester.add($0) } } else { digester.add(nil) }
        }
        return digester.digest()
    }

    @Test func agreesWithTheValueByValueDigest() throws {
        let records = try Self.rows(
            """
            a,b,c
            a,b,c
            ab,,c
            a,b,c,extra
            a,b
            a,b,
            a,"b\r",c
            "a\r","b\r","c\r"
            a,"x\r\ny",c
            a,"x\ny",c
            a,bc,
            ab,c,
            ,,
            ,
            """)
        for (left, first) in records.enumerated() {
            for (right, second) in records.enumerated() {
                let same = Self.valueByValue(first) == Self.valueByValue(second)
                #expect((Self.whole(first) == Self.whole(second)) == same, "rows \(left + 1) and \(right + 1)")
            }
        }
        // The cases the list is there for.
        #expect(Self.whole(records[0]) == Self.whole(records[3]))  // a field past the column count
        #expect(Self.whole(records[4]) == Self.whole(records[5]))  // a short row
        #expect(Self.whole(records[0]) == Self.whole(records[6]))  // a field's trailing carriage return
        #expect(Self.whole(records[0]) == Self.whole(records[7]))
        #expect(Self.whole(records[8]) != Self.whole(records[9]))  // a carriage return inside a value
        #expect(Self.whole(records[10]) != Self.whole(records[11]))  // a moved boundary
        #expect(Self.whole(records[12]) == Self.whole(records[13]))
    }
}

import Testing

@testable import AirlockModel

/// A dictionary column read back from its image holds its values in buffers of their size, not of the size growing by
/// doubling would leave them (a shard reads every table of its part so, and every byte over is in its peak).
struct TableColumnImageRoomTests {
    @Test(arguments: [(300, 200), (9_000, 3_000)]) func aDictionaryReadFromAnImageHoldsNoRoomOver(rows: Int, distinct: Int) throws {
        let values: [String?] = (0..<rows).map { "value number \($0 % distinct)" }
        let column = try TableColumnTests.column(values)
        let read = try TableColumn(image: column.image)
        #expect(read == column)
        #expect(read.isDictionaryEncoded == (distinct <= 256) && read.isWideDictionaryEncoded == (distinct > 256))
        let dictionary = read.dictionary
        #expect(dictionary.count == distinct)
        #expect(dictionary.bytes.storage.capacity == max(16, dictionary.bytes.count))
        #expect(dictionary.ends.capacity < dictionary.ends.count + 16)
    }
}

/// One primary name shared by several records of an entity without an `updateCompare` field.
struct CMTNameDuplicate {
    /// The name as the second record carries it.
    var name: String
    var firstLine: Int
    /// The first records carrying it, up to `maxListed`, as written.
    var records: [String]
    /// How many records carry it.
    var count: Int

    static let maxListed = 5

    mutating func add(_ record: String) {
        count += 1
        if records.count < Self.maxListed { records.append(record) }
    }
}

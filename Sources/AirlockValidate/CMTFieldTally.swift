/// How often something was seen in one field of one entity, and where first: backs the findings reported once
/// per (entity, field) rather than once per record.
struct CMTFieldTally {
    var count = 0
    var firstLine: Int?
    var firstRecord: String?
    var firstValue: String?

    /// Counts one occurrence, remembering the first place.
    mutating func note(line: Int, record: String?, value: @autoclosure () -> String?) {
        count += 1
        if count == 1 {
            firstLine = line
            firstRecord = record
            firstValue = value()
        }
    }
}

import AirlockModel
import Testing

/// `FODecimalSeparatorLearner`, the one learner of an F&O file's decimal separator: `validate` feeds it value by value
/// (`readNumber`, `endRecord`), `convert` record by record (`read`), and both come to the same separator.
struct FODecimalSeparatorLearnerTests {
    /// Columns: a decimal, a date, a text.
    static let types: [FOFieldType?] = [.real, .date, .string(maxLength: 20)]

    /// The separator `records` decide, fed record by record (`convert`) and value by value (`validate`).
    static func learnt(_ records: [[String?]]) -> (wholeRecords: UInt8, valueByValue: UInt8) {
        var whole = FODecimalSeparatorLearner(types: types)
        var values = FODecimalSeparatorLearner(types: types)
        for record in records {
            func withValue(_ column: Int, _ body: (UnsafeRawBufferPointer?) -> Void) {
                guard var text = record[column] else { return body(nil) }
                text.withUTF8 { body(UnsafeRawBufferPointer($0)) }
            }
            whole.read(withValue)
            withValue(0) { bytes in if let bytes { values.readNumber(bytes) } }
            values.endRecord(withValue)
        }
        return (whole.decide(), values.decide())
    }

    @Test func numbersSpeakFirst() {
        let comma = Self.learnt([["12,50", "2026-03-11", "a"], ["3,25", nil, "b"]])
        #expect(comma.wholeRecords == UInt8(ascii: ",") && comma.valueByValue == UInt8(ascii: ","))
        let point = Self.learnt([["12.50", "11.03.2026", "a"], ["7", "25.03.2026", "b"]])
        #expect(point.wholeRecords == UInt8(ascii: ".") && point.valueByValue == UInt8(ascii: "."))
    }

    @Test func aDottedDateSettlesTheCommaWhenNoNumberSpoke() {
        let settled = Self.learnt([["1,234", "25.03.2026", "a"]])
        #expect(settled.wholeRecords == UInt8(ascii: ",") && settled.valueByValue == UInt8(ascii: ","))
    }

    @Test func aDateWithSpacesOrInISOSettlesNothing() {
        // `validate` reports " 25.03.2026" as spreadsheet damage and reads no date from it; ISO reads in every locale.
        let unsettled = Self.learnt([["1,234", " 25.03.2026", "a"], ["1,500", "2026-03-25", "b"]])
        #expect(unsettled.wholeRecords == UInt8(ascii: ".") && unsettled.valueByValue == UInt8(ascii: "."))
    }

    @Test func aGivenLocaleDecides() {
        var learner = FODecimalSeparatorLearner(types: Self.types, pinned: .deDE)
        #expect(learner.isDecided && learner.separator == UInt8(ascii: ","))
        learner.pin(to: .enGB)
        #expect(learner.decide() == UInt8(ascii: "."))
    }
}

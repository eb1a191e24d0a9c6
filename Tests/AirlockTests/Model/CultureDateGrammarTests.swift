import AirlockKit
import Testing

/// `CultureDateGrammar`, the one reader of culture-formatted dates and of times of day: each reader's form of it, and
/// the readers (`FODateGrammar`, `CMTDateTime`, `ValueComparison.dateTime`) meeting on the same date through it.
struct CultureDateGrammarTests {
    static let single = CultureDateGrammar.Form(
        separators: [UInt8(ascii: "/")], spacing: .single,
        fraction: CultureDateGrammar.Fraction(separators: [UInt8(ascii: ".")], digits: 7, refusesMore: false), meridiem: .upperOrLower,
        allowsZone: true)
    static let lenient = CultureDateGrammar.Form(
        separators: [UInt8(ascii: "/"), UInt8(ascii: ".")], spacing: .lenient, fraction: nil, meridiem: .anyCase, allowsZone: false)

    static func scan(_ text: String, _ form: CultureDateGrammar.Form) -> CultureDateGrammar.Scan {
        var text = text
        return text.withUTF8 { CultureDateGrammar.scan(UnsafeRawBufferPointer($0), form: form) }
    }

    @Test func readsThePartsAsWritten() throws {
        let scan = Self.scan("3/11/2026 1:45:07.25 PM", Self.single)
        #expect(scan.problem == nil)
        let parts = try #require(scan.parts)
        #expect(parts.first == 3 && parts.second == 11 && parts.year == 2026 && parts.separator == UInt8(ascii: "/"))
        let time = try #require(parts.time)
        #expect(time.hour == 1 && time.minute == 45 && time.second == 7 && time.fraction.count == 2 && time.isPM == true)
        #expect(time.hourOfDay == 13)
        #expect(Self.scan("1/2/2026 12:00 AM", Self.single).parts?.time?.hourOfDay == 0)
    }

    @Test func eachSpacingSaysWhereReadingStopped() {
        #expect(Self.scan("3/11/2026  1:45", Self.single).problem == .time)
        #expect(Self.scan("3/11/2026x", Self.single).problem == .textAfterDate)
        #expect(Self.scan("3/11/2026 1:45 XM", Self.single).problem == .meridiem)
        #expect(Self.scan("3/11/2026 1:45:0", Self.single).problem == .seconds)
        #expect(Self.scan("3-11-2026", Self.single).problem == .date && Self.scan("3-11-2026", Self.single).parts == nil)
        // Lenient: runs of spaces, AM/PM in any case, spaces after; a time only where a digit follows.
        let lenient = Self.scan("11.03.2026   9:05 pM  ", Self.lenient)
        #expect(lenient.problem == nil && lenient.parts?.time?.hourOfDay == 21 && lenient.parts?.separator == UInt8(ascii: "."))
        #expect(Self.scan("11.03.2026 x", Self.lenient).problem == .textAfterDate)
    }

    @Test func aFormWithoutAMPMNamesOneWrittenAfterTheTime() {
        var form = Self.single
        form.meridiem = .none
        #expect(Self.scan("11/03/2026 1:45 PM", form).problem == .textAfterTime(meridiem: true))
        #expect(Self.scan("11/03/2026 1:45 XY", form).problem == .textAfterTime(meridiem: false))
    }

    @Test func fractionsStopOrAreRefusedAsTheFormSays() {
        let refusing = CultureDateGrammar.Fraction(separators: [UInt8(ascii: "."), UInt8(ascii: ",")], digits: 7, refusesMore: true)
        func time(_ text: String, _ fraction: CultureDateGrammar.Fraction) -> Result<CultureDateGrammar.Time, CultureDateGrammar.Problem> {
            var text = text
            var index = 0
            return text.withUTF8 { CultureDateGrammar.time(UnsafeRawBufferPointer($0), at: &index, fraction: fraction) }
        }
        #expect(throws: CultureDateGrammar.Problem.fractionTooLong) { try time("10:30:00,12345678", refusing).get() }
        #expect(throws: CultureDateGrammar.Problem.fraction) { try time("10:30:00.", refusing).get() }
        #expect((try? time("10:30:00,1234567", refusing).get())?.fraction.count == 7)
    }

    @Test func everyReaderMeetsOnTheSameDate() throws {
        // F&O's en-US, an older CMT build's text and the comparison of values all read 11 March 2026, 13:45.
        #expect(
            FODateGrammar.read("3/11/2026 1:45:00 PM", locale: .enUS)
                == .date(FODateTime(year: 2026, month: 3, day: 11, hour: 13, minute: 45)))
        #expect(try CMTDateTime(parsing: "3/11/2026 1:45:00 PM").isoText == "2026-03-11T13:45:00.0000000")
        #expect(ValueComparison.dateTime.equivalent("3/11/2026 1:45:00 PM", "2026-03-11T13:45:00Z"))
        // Day first without AM/PM: en-GB for F&O, and the older CMT builds' default.
        #expect(
            FODateGrammar.read("11/03/2026 13:45", locale: .enGB) == .date(FODateTime(year: 2026, month: 3, day: 11, hour: 13, minute: 45)))
        #expect(try CMTDateTime(parsing: "11/03/2026 13:45").isoText == "2026-03-11T13:45:00.0000000")
    }
}

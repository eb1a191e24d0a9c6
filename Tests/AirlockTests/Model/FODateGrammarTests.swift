import AirlockKit
import AirlockPackages
import AirlockValidate
import Foundation
import Testing

/// The F&O date grammar `validate` and `convert` share, and how a column's locale is learnt.
struct FODateGrammarTests {
    private static func date(_ text: String, _ locale: FOLocale) -> FODateTime? {
        if case .date(let date) = FODateGrammar.read(text, locale: locale) { return date }
        return nil
    }

    @Test func everyFormReadsAsTheSameDate() {
        let expected = FODateTime(year: 2026, month: 3, day: 11, hour: 13, minute: 45)
        #expect(Self.date("2026-03-11T13:45:00", .enUS) == expected)
        #expect(Self.date("2026-03-11 13:45:00.0000000Z", .deDE) == expected)
        #expect(Self.date("3/11/2026 1:45:00 PM", .enUS) == expected)
        #expect(Self.date("3/11/2026 13:45", .enUS) == expected, "a spreadsheet re-save: 24-hour time, no seconds")
        #expect(Self.date("11/03/2026 13:45:00", .enGB) == expected)
        #expect(Self.date("11.03.2026 13:45", .deDE) == expected)
        #expect(Self.date("12/31/2026 12:00:00 AM", .enUS) == FODateTime(year: 2026, month: 12, day: 31))
        #expect(Self.date("  2026-03-11  ", .enGB) == FODateTime(year: 2026, month: 3, day: 11), "blanks around are ignored")
    }

    @Test func whatIsNotADateSaysWhy() {
        let cases: [(String, FOLocale, String)] = [
            ("13/45/2026", .enUS, "month 13 is not 1 to 12 (read as en-US, M/d/yyyy)"),
            ("31/02/2026", .enGB, "day 31 does not exist in month 2 of 2026"),
            ("2026-02-30", .enUS, "day 30 does not exist in month 2 of 2026"),
            ("1899-12-31", .enUS, "year 1899 is outside 1900 to 9999"),
            ("11.03.2026", .enUS, "not a en-US date (M/d/yyyy) nor ISO 8601"),
            ("3/11/2026 13:45:00 PM", .enUS, "the time is out of range"),
            ("11/03/2026 1:45:00 PM", .enGB, "unexpected text after the time: AM or PM, which only en-US dates carry"),
            ("11/03/2026 1:45:00 XM", .enGB, "unexpected text after the time"),
        ]
        for (text, locale, message) in cases {
            guard case .problem(let problem) = FODateGrammar.read(text, locale: locale) else {
                Issue.record("\(text) read as a date in \(locale)")
                continue
            }
            #expect(problem.contains(message), "\(text): \(problem)")
        }
    }

    @Test func aColumnsLocaleIsLearntFromItsValues() {
        var british = FODateFormatDetector()
        _ = british.read("3/11/2026")
        #expect(british.locale == nil && british.candidates == [.enUS, .enGB], "3/11 reads in both")
        _ = british.read("2026-01-05")
        #expect(british.candidates == [.enUS, .enGB], "ISO settles nothing")
        guard case .date(let date) = british.read("25/03/2026") else {
            Issue.record("25/03/2026 is an en-GB date")
            return
        }
        #expect(date == FODateTime(year: 2026, month: 3, day: 25))
        #expect(british.locale == .enGB && !british.isAmbiguous)
        guard case .problem(let problem) = british.read("3/25/2026") else {
            Issue.record("3/25/2026 is not an en-GB date")
            return
        }
        #expect(problem.contains("en-GB"))

        var german = FODateFormatDetector()
        _ = german.read("11.03.2026")
        #expect(german.locale == .deDE)

        var open = FODateFormatDetector()
        _ = open.read("3/3/2026")
        #expect(!open.isAmbiguous, "the same date either way")
        _ = open.read("3/11/2026")
        #expect(open.isAmbiguous && open.ambiguousExample == "3/11/2026")

        var pinned = FODateFormatDetector(pinned: .enGB)
        _ = pinned.read("3/11/2026")
        #expect(pinned.locale == .enGB && !pinned.isAmbiguous)

        var nothing = FODateFormatDetector()
        guard case .problem(let tried) = nothing.read("March 11") else {
            Issue.record("March 11 is no F&O date")
            return
        }
        #expect(tried.contains("ISO 8601 yyyy-MM-dd, en-US M/d/yyyy, en-GB dd/MM/yyyy, de-DE dd.MM.yyyy"), "\(tried)")
    }

    // MARK: validate

    private static func headers(dates: [String], amounts: [String] = ["12.50", "7"]) -> [[String]] {
        [
            ["SO-1", "USD", "USMF", amounts[0], dates[0], "Confirmed", "Yes"],
            ["SO-2", "EUR", "USMF", amounts[1], dates[1], "Invoiced", "No"],
        ]
    }

    private static func validate(_ members: [(name: String, bytes: [UInt8])], locale: FOLocale? = nil) throws -> [ValidationFinding] {
        let collector = FindingCollector()
        try FOPackageValidator(catalog: SchemaCatalogLoader.bundled(), locale: locale).validate(
            MemoryPackageSource(path: "p.zip", members: members), into: collector)
        return collector.findings
    }

    @Test func validateReadsEveryLocaleAndNamesAnAmbiguousColumn() throws {
        for dates in [["25/03/2026 00:00:00", "11/03/2026"], ["25.03.2026 00:00", "11.03.2026"], ["2026-03-25", "2026-03-11T00:00:00"]] {
            let findings = try Self.validate(FOOrderPackage.members(headers: Self.headers(dates: dates)))
            #expect(findings.isEmpty, "\(dates): \(findings.map(\.message))")
        }
        let mixed = try Self.validate(FOOrderPackage.members(headers: Self.headers(dates: ["25/03/2026", "3/25/2026"])))
        #expect(mixed.map(\.rule) == [ValidationRules.foValueDate.id], "\(mixed.map(\.message))")
        #expect(mixed.first?.value == "3/25/2026")

        let open = try Self.validate(FOOrderPackage.members(headers: Self.headers(dates: ["3/11/2026", "4/12/2026"])))
        let ambiguous = try Findings.only(open, ValidationRules.foValueDateAmbiguous)
        #expect(ambiguous.severity == .warning && ambiguous.field == "REQUESTEDSHIPPINGDATE" && ambiguous.value == "3/11/2026")
        #expect(ambiguous.message.contains("--fo-locale"))
        #expect(
            try Self.validate(FOOrderPackage.members(headers: Self.headers(dates: ["3/11/2026", "4/12/2026"])), locale: .enGB).isEmpty)
    }

    @Test func aDecimalCommaIsRightOnlyInADecimalCommaLocale() throws {
        let lines = [["SO-1", "1", "USMF", "3", "P-1000"], ["SO-2", "1", "USMF", "\"1,5\"", "P-1001"]]
        let members = FOOrderPackage.members(
            headers: Self.headers(dates: ["11.03.2026", "12.03.2026"], amounts: ["\"12,50\"", "7"]), lines: lines)
        let german = try Self.validate(members, locale: .deDE)
        #expect(german.isEmpty, "\(german.map { "\($0.rule) \($0.field ?? "") \($0.value ?? ""): \($0.message)" })")
        #expect(try Self.validate(members).isEmpty, "the comma is learnt from the file's numbers")
        // Given en-US, the commas are damage (and the dotted dates no en-US dates).
        let findings = try Self.validate(members, locale: .enUS).filter { $0.rule != ValidationRules.foValueDate.id }
        #expect(findings.map(\.rule) == [ValidationRules.foValueSpreadsheet.id, ValidationRules.foValueSpreadsheet.id])
        #expect(findings.first?.message.contains("--fo-locale de-DE") == true)
        let grouped = FOOrderPackage.members(
            headers: Self.headers(dates: ["11.03.2026", "12.03.2026"], amounts: ["1.250", "7"]), lines: lines)
        let groupedFindings = try Self.validate(grouped, locale: .deDE)
        #expect(groupedFindings.map(\.rule) == [ValidationRules.foValueSpreadsheet.id], "\(groupedFindings.map(\.message))")
    }
}

import AirlockModel

/// A person's details beyond the name, in the forms matching compares: a gender code, a middle name's initial and a
/// birth date as `yyyymmdd`, from Sales' `gendercode` (choice 1 Male, 2 Female), `middlename` and `birthdate`, and
/// F&O's `PERSONGENDER`/`GENDER` (enum Gender: Male, Female, NonSpecific, Unknown), `PERSONMIDDLENAME`/`MIDDLENAME`
/// and a contact person's `BIRTHDAY`, `BIRTHMONTH` (MonthsOfYear) and `BIRTHYEAR` (docs/sources.md).
enum PersonDetails {
    /// Male and female; anything else (non-specific, unknown, blank) says nothing.
    static let male: UInt8 = 1
    static let female: UInt8 = 2

    /// The gender of a Sales choice value (`1`, `2`) or an F&O enum value (`Male`, `Female`, or their numbers 1, 2).
    static func gender(_ text: String) -> UInt8 {
        switch text.lowercased() {
        case "1", "male", "m": male
        case "2", "female", "f": female
        default: 0
        }
    }

    /// The first letter of a middle name (`Ann` → `a`, `J.` → `j`), folded; 0 for none.
    static func middleInitial(_ text: String) -> UInt8 {
        TextFolding.words(text).first?.utf8.first ?? 0
    }

    /// A Sales date (`1994-06-08T00:00:00.0000000`, or `6/8/1994 12:00:00 AM` as an en-US export writes it, month
    /// first) as `yyyymmdd`; 0 when it does not read as a date of a plausible year.
    static func birthDate(_ text: String) -> UInt32 {
        let head = text.prefix { $0 != "T" && $0 != " " }
        let iso = head.split(separator: "-")
        if iso.count == 3, let year = Int(iso[0]), let month = Int(iso[1]), let day = Int(iso[2]) {
            return date(year: year, month: month, day: day)
        }
        let us = head.split(separator: "/")
        if us.count == 3, let month = Int(us[0]), let day = Int(us[1]), let year = Int(us[2]) {
            return date(year: year, month: month, day: day)
        }
        return 0
    }

    /// An F&O contact person's birth date from its day, month (a MonthsOfYear name or number) and year; 0 when one is
    /// missing (`None`, 0).
    static func birthDate(day: String, month: String, year: String) -> UInt32 {
        guard let day = Int(day), let year = Int(year) else { return 0 }
        let months = [
            "january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december",
        ]
        let monthNumber = Int(month) ?? months.firstIndex(of: month.lowercased()).map { $0 + 1 } ?? 0
        return date(year: year, month: monthNumber, day: day)
    }

    static func date(year: Int, month: Int, day: Int) -> UInt32 {
        guard (1800...2200).contains(year), (1...12).contains(month), (1...31).contains(day) else { return 0 }
        return UInt32(year * 10_000 + month * 100 + day)
    }

    /// How two birth dates compare: `exact`, `close` (two of day, month and year agree, or day and month swapped: a
    /// typo, or a date read in the other order), else `different`; `absent` when one is unknown.
    static func compare(_ a: UInt32, _ b: UInt32) -> ComparisonLevel {
        guard a != 0, b != 0 else { return .absent }
        if a == b { return .exact }
        let (ay, am, ad) = (a / 10_000, a / 100 % 100, a % 100)
        let (by, bm, bd) = (b / 10_000, b / 100 % 100, b % 100)
        let agreeing = (ay == by ? 1 : 0) + (am == bm ? 1 : 0) + (ad == bd ? 1 : 0)
        if agreeing == 2 || (ay == by && am == bd && ad == bm) { return .close }
        return .different
    }
}

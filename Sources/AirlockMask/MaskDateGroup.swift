/// A date an entity keeps as a day, a month and a year in three columns of one name (F&O's `BIRTHDAY`,
/// `BIRTHMONTH`, `BIRTHYEAR`), masked together by `dateParts`: the date moved as a whole date is
/// (`MaskReplacer.shiftedDateParts`), each part written back as it was written (a month as its number or its name).
struct MaskDateGroup {
    /// The positions, in the table, of the day, month and year columns (the year may be missing).
    var day: Int?
    var month: Int?
    var year: Int?

    /// The part a column of `name` holds, and the name the group goes by (`BIRTH` for `BIRTHDAY`); nil for another name.
    static func part(of name: String) -> (group: String, part: WritableKeyPath<MaskDateGroup, Int?>)? {
        let upper = name.uppercased()
        for (suffix, part) in [("DAY", \MaskDateGroup.day), ("MONTH", \.month), ("YEAR", \.year)] where upper.hasSuffix(suffix) {
            return (String(upper.dropLast(suffix.count)), part)
        }
        return nil
    }

    /// The names of `MonthsOfYear`, as an F&O export writes the enum: `None`, then `January` to `December`.
    static let monthNames = [
        "None", "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November",
        "December",
    ]

    /// The new text of each part of one record, by position; empty when the record holds no date (no day or month),
    /// every part blank when its parts make no date.
    func masked(_ value: (Int) -> String?, with replacer: MaskReplacer) -> [(position: Int, text: String)] {
        guard let dayPosition = day, let monthPosition = month else { return [] }
        let dayText = value(dayPosition)?.trimmingCharacters(in: .whitespaces) ?? ""
        let monthText = value(monthPosition)?.trimmingCharacters(in: .whitespaces) ?? ""
        let yearText = year.flatMap(value)?.trimmingCharacters(in: .whitespaces) ?? ""
        let monthByName = Self.monthNames.firstIndex { $0.lowercased() == monthText.lowercased() }
        let dayNumber = Int(dayText) ?? 0
        let monthNumber = Int(monthText) ?? monthByName ?? -1
        // No day or no month: no date to hide.
        guard dayNumber != 0, monthNumber != 0, !dayText.isEmpty, !monthText.isEmpty else { return [] }
        let yearNumber = Int(yearText).flatMap { $0 == 0 ? nil : $0 }
        let positions = [dayPosition, monthPosition] + (year.map { [$0] } ?? [])
        guard yearText.isEmpty || Int(yearText) != nil, monthNumber > 0,
            let moved = replacer.shiftedDateParts(day: dayNumber, month: monthNumber, year: yearNumber)
        else { return positions.map { ($0, "") } }
        var result = [(dayPosition, String(moved.day))]
        result.append((monthPosition, monthByName != nil && Int(monthText) == nil ? Self.monthNames[moved.month] : String(moved.month)))
        if let yearPosition = year, let movedYear = moved.year { result.append((yearPosition, String(movedYear))) }
        return result
    }
}

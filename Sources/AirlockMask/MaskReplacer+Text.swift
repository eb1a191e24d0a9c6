import Foundation

extension MaskReplacer {
    /// Free text (a note, a description): each word replaced by a word of the same length, each number by digits,
    /// punctuation and line breaks kept: the same length, nothing of the original.
    public func freeText(_ text: String) -> String {
        alphanumericRuns(text, purpose: "text")
    }

    /// A date (`yyyy-MM-dd`, optionally followed by a time, as exports write it in ISO 8601) moved by a keyed number of
    /// days between 1 and `bound` either way, drawn from the date alone (the same date moves alike everywhere); nil
    /// for a value in another form.
    public func shiftedDate(_ value: String, bound: Int = 180) -> String? {
        shiftedDate(value, drawnFrom: String(value.prefix(10)), bound: bound)
    }

    /// A date kept as a day, a month and a year apart (F&O's `BIRTHDAY`, `BIRTHMONTH`, `BIRTHYEAR`), moved as
    /// `shiftedDate` moves the same date written whole (a contact's `birthdate` in Sales moves alike); without a year,
    /// the day and month moved by a number drawn from them alone (in a leap year, so 29 February stays a day). Nil for
    /// a day or month that makes no date.
    public func shiftedDateParts(day: Int, month: Int, year: Int?, bound: Int = 180) -> (day: Int, month: Int, year: Int?)? {
        func pad(_ value: Int, _ width: Int) -> String {
            String(repeating: "0", count: max(0, width - String(value).count)) + String(value)
        }
        let monthDay = "\(pad(month, 2))-\(pad(day, 2))"
        let whole = "\(pad(year ?? 2000, 4))-" + monthDay
        guard let moved = shiftedDate(whole, drawnFrom: year == nil ? "--" + monthDay : whole, bound: bound) else { return nil }
        let parts = moved.split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3 else { return nil }
        return (parts[2], parts[1], year == nil ? nil : parts[0])
    }

    private func shiftedDate(_ value: String, drawnFrom source: String, bound: Int) -> String? {
        let day = String(value.prefix(10))
        let parts = day.split(separator: "-")
        guard day.count == 10, parts.count == 3, let year = Int(parts[0]), let month = Int(parts[1]), let dayOfMonth = Int(parts[2]),
            bound > 0
        else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        guard let utc = TimeZone(identifier: "UTC") else { return nil }
        calendar.timeZone = utc
        guard (1...12).contains(month), (1...31).contains(dayOfMonth),
            let date = calendar.date(from: DateComponents(year: year, month: month, day: dayOfMonth)),
            calendar.component(.day, from: date) == dayOfMonth
        else { return nil }
        let drawn = bytes("date", source, count: 4).reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        let magnitude = Int(drawn % UInt32(bound)) + 1
        let offset = drawn & 0x8000_0000 == 0 ? magnitude : -magnitude
        guard let moved = calendar.date(byAdding: .day, value: offset, to: date) else { return nil }
        let components = calendar.dateComponents([.year, .month, .day], from: moved)
        guard let y = components.year, let m = components.month, let d = components.day else { return nil }
        func pad(_ value: Int, _ width: Int) -> String {
            String(repeating: "0", count: max(0, width - String(value).count)) + String(value)
        }
        return "\(pad(y, 4))-\(pad(m, 2))-\(pad(d, 2))" + value.dropFirst(10)
    }
}

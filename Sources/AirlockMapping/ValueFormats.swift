import AirlockModel

/// Rewrites dates and numbers between the formats templates name (`dateFormat`, `numberFormat`).
enum ValueFormats {
    /// `text` (a date in format `from`) in format `to`; nil when it is not a valid date in `from`.
    static func date(_ text: String, from: DateFormat, to: DateFormat) -> String? {
        guard let parts = parseDate(text.trimmingASCIIWhitespace(), from) else { return nil }
        switch to {
        case .iso8601:
            return
                "\(pad(parts.year, 4))-\(pad(parts.month, 2))-\(pad(parts.day, 2))T\(pad(parts.hour, 2)):\(pad(parts.minute, 2)):\(pad(parts.second, 2)).0000000"
        case .enUS:
            let hour12 = parts.hour % 12 == 0 ? 12 : parts.hour % 12
            return
                "\(parts.month)/\(parts.day)/\(pad(parts.year, 4)) \(hour12):\(pad(parts.minute, 2)):\(pad(parts.second, 2)) \(parts.hour < 12 ? "AM" : "PM")"
        }
    }

    /// `text` (a number in format `from`) in format `to`; nil when it is not a number in `from`.
    static func number(_ text: String, from: NumberFormat, to: NumberFormat) -> String? {
        let trimmed = text.trimmingASCIIWhitespace()
        let (decimal, grouping): (Character, Character?) =
            switch from {
            case .invariant: (".", nil)
            case .enUS: (".", ",")
            case .commaDecimal: (",", ".")
            }
        var negative = false
        var integer = ""
        var fraction = ""
        var seenDecimal = false
        for (offset, character) in trimmed.enumerated() {
            if offset == 0, character == "-" || character == "+" {
                negative = character == "-"
            } else if character.isASCII, character.isNumber {
                if seenDecimal { fraction.append(character) } else { integer.append(character) }
            } else if character == decimal, !seenDecimal {
                seenDecimal = true
            } else if let grouping, character == grouping, !seenDecimal {
                continue
            } else {
                return nil
            }
        }
        guard !integer.isEmpty || !fraction.isEmpty else { return nil }
        if integer.isEmpty { integer = "0" }
        let sign = negative ? "-" : ""
        switch to {
        case .invariant:
            return sign + integer + (fraction.isEmpty ? "" : "." + fraction)
        case .enUS, .commaDecimal:
            let separator = to == .enUS ? "," : "."
            var grouped = ""
            for (offset, digit) in integer.enumerated() {
                if offset > 0, (integer.count - offset) % 3 == 0 { grouped += separator }
                grouped.append(digit)
            }
            return sign + grouped + (fraction.isEmpty ? "" : (to == .enUS ? "." : ",") + fraction)
        }
    }

    private struct DateParts {
        var year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0
    }

    private static func parseDate(_ text: String, _ format: DateFormat) -> DateParts? {
        var parts = DateParts()
        switch format {
        case .enUS:
            let pieces = text.split(separator: " ", omittingEmptySubsequences: true)
            guard (1...3).contains(pieces.count) else { return nil }
            let date = pieces[0].split(separator: "/", omittingEmptySubsequences: false).map { Int($0) }
            guard date.count == 3, let month = date[0], let day = date[1], let year = date[2] else { return nil }
            (parts.month, parts.day, parts.year) = (month, day, year)
            if pieces.count >= 2 {
                guard setTime(String(pieces[1]), &parts) else { return nil }
                if pieces.count == 3 {
                    let marker = pieces[2].uppercased()
                    guard marker == "AM" || marker == "PM", (1...12).contains(parts.hour) else { return nil }
                    if marker == "AM", parts.hour == 12 { parts.hour = 0 }
                    if marker == "PM", parts.hour < 12 { parts.hour += 12 }
                }
            }
        case .iso8601:
            let split = text.split(maxSplits: 1, whereSeparator: { $0 == "T" || $0 == " " })
            let date = split[0].split(separator: "-", omittingEmptySubsequences: false).map { Int($0) }
            guard date.count == 3, let year = date[0], let month = date[1], let day = date[2], split[0].count == 10 else { return nil }
            (parts.year, parts.month, parts.day) = (year, month, day)
            if split.count == 2 {
                var time = String(split[1])
                if time.hasSuffix("Z") { time.removeLast() }
                if let fraction = time.firstIndex(of: ".") { time = String(time[..<fraction]) }
                guard setTime(time, &parts) else { return nil }
            }
        }
        guard (1...9999).contains(parts.year), (1...12).contains(parts.month), (1...daysIn(parts.month, parts.year)).contains(parts.day)
        else { return nil }
        return parts
    }

    private static func setTime(_ text: String, _ parts: inout DateParts) -> Bool {
        let time = text.split(separator: ":", omittingEmptySubsequences: false).map { Int($0) }
        guard (2...3).contains(time.count), let hour = time[0], let minute = time[1] else { return false }
        let second = time.count == 3 ? time[2] : 0
        guard let second, (0...23).contains(hour), (0...59).contains(minute), (0...59).contains(second) else { return false }
        (parts.hour, parts.minute, parts.second) = (hour, minute, second)
        return true
    }

    private static func daysIn(_ month: Int, _ year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}

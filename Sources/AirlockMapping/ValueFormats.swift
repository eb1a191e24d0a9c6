import AirlockModel

/// Rewrites dates and numbers between the formats templates name (`dateFormat`, `numberFormat`).
enum ValueFormats {
    /// `text` read as a date in format `from` (`auto`: in `locale`, en-US when it is nil), or the reader's problem
    /// naming the form tried; ISO 8601 reads in every F&O form.
    static func date(_ text: String, from: DateFormat, locale: FOLocale?) -> FODateGrammar.Reading {
        let reading: FODateGrammar.Reading
        switch from {
        case .iso8601:
            var bytes = text
            let isISO = bytes.withUTF8 { FODateGrammar.isISO(UnsafeRawBufferPointer($0)) }
            reading = isISO ? FODateGrammar.read(text, locale: .enUS) : .problem("not an ISO 8601 date (yyyy-MM-dd)")
        case .auto, .enUS, .enGB, .deDE:
            reading = FODateGrammar.read(text, locale: from.locale ?? locale ?? .enUS)
        }
        return reading
    }

    /// `date` written in format `to`.
    static func text(_ date: FODateTime, as format: DateFormat) -> String {
        switch format {
        case .iso8601: date.iso8601Text
        case .enUS, .auto: date.enUSText
        case .enGB: date.text(dayFirstWith: UInt8(ascii: "/"))
        case .deDE: date.text(dayFirstWith: UInt8(ascii: "."))
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
}

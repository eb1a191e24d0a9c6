/// A date or date-time read from an F&O file, whatever form it was written in.
public struct FODateTime: Sendable, Hashable {
    public var year: Int
    public var month: Int
    public var day: Int
    public var hour = 0
    public var minute = 0
    public var second = 0

    public init(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0) {
        self.year = year
        self.month = month
        self.day = day
        self.hour = hour
        self.minute = minute
        self.second = second
    }

    /// `yyyy-MM-ddTHH:mm:ss.0000000`, as Configuration Migration writes date-times.
    public var iso8601Text: String {
        "\(Self.pad(year, 4))-\(Self.pad(month, 2))-\(Self.pad(day, 2))T\(Self.pad(hour, 2)):\(Self.pad(minute, 2)):\(Self.pad(second, 2)).0000000"
    }

    /// `M/d/yyyy h:mm:ss AM`, as F&O's default (en-US) data projects write date-times.
    public var enUSText: String {
        let hour12 = hour % 12 == 0 ? 12 : hour % 12
        return "\(month)/\(day)/\(Self.pad(year, 4)) \(hour12):\(Self.pad(minute, 2)):\(Self.pad(second, 2)) \(hour < 12 ? "AM" : "PM")"
    }

    /// `dd/MM/yyyy HH:mm:ss` with `separator` between the date's parts (en-GB `/`, de-DE `.`).
    public func text(dayFirstWith separator: UInt8) -> String {
        let mark = String(UnicodeScalar(separator))
        return
            "\(Self.pad(day, 2))\(mark)\(Self.pad(month, 2))\(mark)\(Self.pad(year, 4)) \(Self.pad(hour, 2)):\(Self.pad(minute, 2)):\(Self.pad(second, 2))"
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}

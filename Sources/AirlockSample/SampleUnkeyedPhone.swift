/// A telephone number of the unkeyed pair: its country and the groups of its national significant number
/// (`20 7946 0958` in the United Kingdom), written in one of the styles people write numbers in.
struct SampleUnkeyedPhone {
    /// How a number is written.
    enum Style: Int, CaseIterable {
        /// `+44 20 7946 0958`
        case international
        /// `020 7946 0958` (`(212) 555-0123` in the United States)
        case national
        /// `0044 20 7946 0958`
        case doubleZero
        /// `020-7946-0958`
        case dashed
        /// `020.7946.0958`
        case dotted
        /// `+442079460958`
        case compact
        /// `+44 (0)20 7946 0958` (where the country has a trunk prefix; else as `international`)
        case trunkInParentheses
    }

    var country: SampleUnkeyedCountry
    var groups: [String]

    /// The number written in `style`.
    func text(_ style: Style) -> String {
        let code = country.callingCode
        let trunk = country.trunkPrefix
        switch style {
        case .international: return "+\(code) " + groups.joined(separator: " ")
        case .doubleZero: return "00\(code) " + groups.joined(separator: " ")
        case .compact: return "+\(code)" + groups.joined()
        case .trunkInParentheses:
            return trunk.isEmpty ? "+\(code) " + groups.joined(separator: " ") : "+\(code) (\(trunk))" + groups.joined(separator: " ")
        case .national:
            if country == .us, groups.count == 3 { return "(\(groups[0])) \(groups[1])-\(groups[2])" }
            if country == .se, let first = groups.first { return trunk + first + "-" + groups.dropFirst().joined(separator: " ") }
            return trunk + groups.joined(separator: " ")
        case .dashed: return trunk + groups.joined(separator: "-")
        case .dotted: return trunk + groups.joined(separator: ".")
        }
    }

    /// A number in `city` (a landline) or a mobile number of `country`.
    static func make(
        _ country: SampleUnkeyedCountry, city: SampleUnkeyedCountry.City?, mobile: Bool, _ random: inout SampleRandom
    ) -> SampleUnkeyedPhone {
        var phone = SampleUnkeyedPhone(country: country, groups: [])
        if mobile {
            switch country {
            case .gb: phone.groups = ["7" + random.digits(3), random.digits(6)]
            case .us: phone.groups = [city?.area ?? "646", String(random.int(201...989)), random.digits(4)]
            case .de: phone.groups = [random.pick(["151", "160", "170", "171", "176", "157"]), random.digits(8)]
            case .nl: phone.groups = ["6", random.digits(8)]
            case .fr: phone.groups = [random.pick(["6", "7"]), random.digits(2), random.digits(2), random.digits(2), random.digits(2)]
            case .es: phone.groups = ["6" + random.digits(2), random.digits(3), random.digits(3)]
            case .it: phone.groups = ["3" + random.digits(2), random.digits(7)]
            case .se: phone.groups = ["7" + random.pick(["0", "2", "3", "6"]), random.digits(3), random.digits(2), random.digits(2)]
            }
            return phone
        }
        let area = city?.area ?? country.cities[0].area
        switch country {
        case .gb:
            switch area.count {
            case 2: phone.groups = [area, random.digits(4), random.digits(4)]
            case 3: phone.groups = [area, random.digits(3), random.digits(4)]
            default: phone.groups = [area, random.digits(6)]
            }
        case .us: phone.groups = [area, String(random.int(201...989)), random.digits(4)]
        case .de: phone.groups = [area, random.digits(max(5, 10 - area.count))]
        case .nl: phone.groups = [area, random.digits(9 - area.count - 4), random.digits(4)]
        case .fr: phone.groups = [area, random.digits(2), random.digits(2), random.digits(2), random.digits(2)]
        case .es:
            let rest = random.digits(9 - area.count)
            let digits = Array(area + rest)
            phone.groups = [String(digits[0..<3]), String(digits[3..<6]), String(digits[6..<9])]
        case .it: phone.groups = [area, random.digits(4), random.digits(4)]
        case .se: phone.groups = [area, random.digits(3), random.digits(2), random.digits(2)]
        }
        return phone
    }
}

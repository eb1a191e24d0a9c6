/// How a column's values are masked (`MaskReplacer` does each).
public enum MaskMethod: String, Sendable, CaseIterable, Codable {
    case organisation, person, email, website, phone, postcode, street, token, text, date, dateParts, blank, keep

    /// `value` masked by the method (`keep` returns it; `blank` empties it; a date in another form than ISO 8601 is
    /// blanked, as a birth date that cannot be moved must not stay).
    func apply(_ value: String, with replacer: MaskReplacer) -> String {
        switch self {
        case .organisation: replacer.organisation(value)
        case .person: replacer.person(value)
        case .email: replacer.email(value)
        case .website: replacer.website(value)
        case .phone: replacer.phone(value)
        case .postcode: replacer.postcode(value)
        case .street: replacer.street(value)
        case .token: replacer.token(value)
        case .text: replacer.freeText(value)
        case .date: replacer.shiftedDate(value) ?? ""
        // A part of a date alone cannot be moved: `MaskTable` moves a day, a month and a year together.
        case .dateParts: value
        case .blank: ""
        case .keep: value
        }
    }
}

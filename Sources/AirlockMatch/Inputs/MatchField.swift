/// What a column says about a record, for matching.
public enum MatchField: String, Sendable, CaseIterable {
    case key, name, firstName, lastName, street, streetNumber, postcode, city, country, taxNumber, email, phone, mobile, website
    case parent, party, number, unit, company, partyType, currentKey
    case middleName, gender, birthDate, birthDay, birthMonth, birthYear
}

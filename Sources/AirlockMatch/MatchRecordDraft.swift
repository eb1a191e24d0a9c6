import AirlockNormalize

/// One record of either side folded into the forms matching compares (`Normalize/`), as text: what a row of an
/// entity file becomes before `MatchRecordStore.add` turns it into a compact `MatchRecord`.
public struct MatchRecordDraft: Sendable {
    /// The F&O key (`CUSTOMERACCOUNT`, `CONTACTPERSONPARTYNUMBER`, `PRODUCTNUMBER`) or the Sales record's GUID.
    public var key: String
    /// The entity it was read from (F&O label or Sales logical name).
    public var entity: String
    /// Its row in the export's entity file (1 = the first record).
    public var row: Int
    /// The name as written (a person's first and last name joined).
    public var name = ""
    /// The distinguishing words of the name (`OrganisationName` for companies, folded words for products).
    public var nameWords: [String] = []
    /// A company's legal forms in one spelling (`OrganisationName.legalForm`), "" when it has none.
    public var legalForm = ""
    /// A person's given and family names, folded (a person's name words are these two, in this order).
    public var firstWords: [String] = []
    public var lastWords: [String] = []
    /// A person's middle name's first letter (folded), gender and birth date (`PersonDetails`); 0 when unknown.
    public var middleInitial: UInt8 = 0
    public var gender: UInt8 = 0
    public var birthDate: UInt32 = 0
    /// Street without number, and number (`StreetName`).
    public var street = ""
    public var houseNumber = ""
    public var postcode = ""
    public var city = ""
    /// ISO 3166-1 alpha-2 where known, else the folded text (`CountryCodes.alpha2OrFolded`).
    public var country = ""
    public var taxNumber = ""
    public var email = ""
    /// The company's domain from the e-mail address or the web site, "" for public mail domains.
    public var emailDomain = ""
    public var webDomain = ""
    /// Phone numbers' last digits (`ContactKeys.phone`), up to two (business and mobile).
    public var phones: [String] = []
    /// A contact's company: the Sales parent account's GUID, or the F&O customer account (or, until
    /// `MatchInputs` resolves it, the party number) the contact person belongs to.
    public var parent = ""
    /// An F&O customer's party number (contact persons name their customer by it).
    public var party = ""
    /// A product number, compacted (`TextFolding.compactKey`).
    public var number = ""
    /// A unit's canonical symbol (`UnitNames`).
    public var unit = ""
    /// A Sales record's key attribute as it stands (`accountnumber`), trimmed.
    public var currentKey = ""
    /// The key the two sides are joined on, compacted (`TextFolding.compactKey`): a Sales record's `currentKey`, an
    /// F&O record's `key`; folded once here, not per pair.
    public var comparableKey = ""
    /// Whether it is a Sales record (else an F&O one).
    public var isSales = false
    /// Whether its name is a person's (`firstWords` and `lastWords`), else words (`nameWords`).
    public var isPerson = false

    public init(key: String, entity: String, row: Int) {
        self.key = key
        self.entity = entity
        self.row = row
    }
}

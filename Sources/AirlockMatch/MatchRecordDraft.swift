/// One record of either side in the forms matching compares (`Normalize/`): its key and name as written, and
/// each signal folded.
public struct MatchRecord: Sendable {
    /// The F&O key (`CUSTOMERACCOUNT`, `CONTACTPERSONPARTYNUMBER`, `PRODUCTNUMBER`) or the Sales record's GUID.
    public var key: String
    /// The entity it was read from (F&O label or Sales logical name).
    public var entity: String
    /// Its row in the export's entity file (1 = the first record).
    public var row: Int
    /// The name as written (a person's first and last name joined).
    public var name: String = ""
    /// The distinguishing words of the name (`OrganisationName` for companies, folded words for products).
    public var nameWords: [WordID] = []
    /// A company's legal forms in one spelling (`OrganisationName.legalForm`), "" when it has none.
    public var legalForm: String = "" {
        didSet { legalFormClasses = OrganisationName.classMask(legalForm) }
    }
    /// The same as bits, one per class (`OrganisationName.classMask`): compared per pair without text.
    public private(set) var legalFormClasses: UInt64 = 0
    /// A person's given and family names, folded.
    public var firstWords: [WordID] = []
    public var lastWords: [WordID] = []
    /// Street without number, and number (`StreetName`).
    public var street: String = ""
    public var houseNumber: String = ""
    public var postcode: String = ""
    public var city: String = ""
    /// ISO 3166-1 alpha-2 where known, else the folded text (`CountryCodes.alpha2OrFolded`).
    public var country: String = ""
    public var taxNumber: String = ""
    public var email: String = ""
    /// The company's domain from the e-mail address or the web site, "" for public mail domains.
    public var emailDomain: String = ""
    public var webDomain: String = ""
    /// Phone numbers' last digits (`ContactKeys.phone`), up to two (business and mobile).
    public var phones: [String] = []
    /// A contact's company: the Sales parent account's GUID, or the F&O customer account the contact person
    /// belongs to.
    public var parent: String = ""
    /// An F&O customer's party number (contact persons name their customer by it).
    public var party: String = ""
    /// A product number, compacted (`TextFolding.compactKey`).
    public var number: String = ""
    /// A unit's canonical symbol (`UnitNames`).
    public var unit: String = ""
    /// A Sales record's key attribute as it stands (`accountnumber`), trimmed.
    public var currentKey: String = ""
    /// The key the two sides are joined on, compacted (`TextFolding.compactKey`): a Sales record's `currentKey`, an
    /// F&O record's `key`; folded once here, not per pair.
    public var comparableKey: String = ""
    /// Whether it is a Sales record (else an F&O one).
    public var isSales = false
    /// Whether it is an F&O person customer (a contact's candidate from Customers).
    public var isPersonCustomer = false
    /// The share of its side's records of the entity holding the same name, street, postcode and city (0: not
    /// counted): how much an exact agreement on it says (`MatchScorer.frequencyBits`).
    public var nameFrequency: Float = 0
    public var streetFrequency: Float = 0
    public var postcodeFrequency: Float = 0
    public var cityFrequency: Float = 0

    public init(key: String, entity: String, row: Int) {
        self.key = key
        self.entity = entity
        self.row = row
    }
}

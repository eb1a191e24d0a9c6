import AirlockReconcile

/// Where one side's records of a `LinkedEntity` come from: the entity (F&O labels, the first one the export holds
/// wins; or the Sales logical name) and the columns of each `MatchField`, the first present of each list wins.
/// Declared for the Prospect to cash entities; docs/match.md lists them.
public struct MatchSource: Sendable {
    /// F&O entity labels, or the one Sales logical name.
    public var entities: [String]
    /// Columns by field, in order of preference.
    public var columns: [MatchField: [String]]
    /// F&O customers: which records belong (`PARTYTYPE` Organization or Person); nil takes every record.
    public var partyType: PartyType?

    /// An F&O customer's kind, from `PARTYTYPE` (blank counts as an organisation).
    public enum PartyType: Sendable { case organisation, person }

    /// The F&O sources of `entity`.
    public static func fo(_ entity: LinkedEntity) -> [MatchSource] {
        switch entity {
        case .accounts: [customers(.organisation)]
        case .contacts:
            [
                // The contact persons of Dual-write/CDS and of Data management (`Contacts V2`, smmContactPersonV2Entity)
                // carry the same columns.
                MatchSource(
                    entities: ["CDS Contacts V2", "CDS Contacts", "Contacts V2"],
                    columns: [
                        .key: ["CONTACTPERSONPARTYNUMBER"], .parent: ["ASSOCIATEDPARTYNUMBER"], .firstName: ["FIRSTNAME"],
                        .lastName: ["LASTNAME"], .email: ["PRIMARYEMAILADDRESS"], .phone: ["PRIMARYPHONENUMBER"],
                        .street: ["PRIMARYADDRESSSTREET"], .streetNumber: ["PRIMARYADDRESSSTREETNUMBER"],
                        .postcode: ["PRIMARYADDRESSZIPCODE"], .city: ["PRIMARYADDRESSCITY"],
                        .country: ["PRIMARYADDRESSCOUNTRYREGIONISOCODE", "PRIMARYADDRESSCOUNTRYREGIONID"], .company: ["DATAAREAID"],
                        .middleName: ["MIDDLENAME"], .gender: ["GENDER"], .birthDay: ["BIRTHDAY"], .birthMonth: ["BIRTHMONTH"],
                        .birthYear: ["BIRTHYEAR"],
                    ]),
                customers(.person),
            ]
        case .products:
            [
                MatchSource(
                    entities: ["Sellable released products", "Released products V2", "Products V2"],
                    columns: [
                        .key: ["PRODUCTNUMBER", "ITEMNUMBER"], .name: ["PRODUCTNAME", "PRODUCTSEARCHNAME", "SEARCHNAME"],
                        .unit: ["SALESUNITSYMBOL", "INVENTORYUNITSYMBOL"], .company: ["DATAAREAID"],
                    ])
            ]
        }
    }

    /// Customers V3 or V2, organisations or persons.
    static func customers(_ kind: PartyType) -> MatchSource {
        MatchSource(
            entities: ["Customers V3", "Customers V2"],
            columns: [
                .key: ["CUSTOMERACCOUNT"], .name: kind == .organisation ? ["ORGANIZATIONNAME", "NAME"] : [],
                .firstName: kind == .person ? ["PERSONFIRSTNAME"] : [], .lastName: kind == .person ? ["PERSONLASTNAME"] : [],
                .street: ["ADDRESSSTREET"], .streetNumber: ["ADDRESSSTREETNUMBER"], .postcode: ["ADDRESSZIPCODE"], .city: ["ADDRESSCITY"],
                .country: ["ADDRESSCOUNTRYREGIONISOCODE", "ADDRESSCOUNTRYREGIONID"], .taxNumber: ["TAXEXEMPTNUMBER"],
                .email: ["PRIMARYCONTACTEMAIL"], .phone: ["PRIMARYCONTACTPHONE"], .website: ["PRIMARYCONTACTURL"],
                .party: ["PARTYNUMBER"], .company: ["DATAAREAID"], .partyType: ["PARTYTYPE"],
                // Customers V3 and V2 carry a person's gender and middle name, not a birth date.
                .middleName: kind == .person ? ["PERSONMIDDLENAME"] : [], .gender: kind == .person ? ["PERSONGENDER"] : [],
            ],
            partyType: kind)
    }

    /// The Sales source of `entity`.
    public static func sales(_ entity: LinkedEntity) -> MatchSource {
        switch entity {
        case .accounts:
            MatchSource(
                entities: ["account"],
                columns: [
                    .key: ["@id"], .name: ["name"], .street: ["address1_line1", "address1_line2"], .postcode: ["address1_postalcode"],
                    .city: ["address1_city"], .country: ["address1_country"], .taxNumber: ["msdyn_taxexemptnumber"],
                    .email: ["emailaddress1"], .phone: ["telephone1"], .website: ["websiteurl"], .currentKey: [entity.salesKeyAttribute],
                ])
        case .contacts:
            MatchSource(
                entities: ["contact"],
                columns: [
                    .key: ["@id"], .firstName: ["firstname"], .lastName: ["lastname"], .name: ["fullname"], .email: ["emailaddress1"],
                    .phone: ["telephone1"], .mobile: ["mobilephone"], .parent: ["parentcustomerid"], .street: ["address1_line1"],
                    .postcode: ["address1_postalcode"], .city: ["address1_city"], .country: ["address1_country"],
                    .currentKey: [entity.salesKeyAttribute], .middleName: ["middlename"], .gender: ["gendercode"],
                    .birthDate: ["birthdate"],
                ])
        case .products:
            MatchSource(
                entities: ["product"],
                columns: [
                    .key: ["@id"], .name: ["name"], .unit: ["defaultuomid"], .currentKey: [entity.salesKeyAttribute],
                    .number: ["productnumber"],
                ])
        }
    }
}

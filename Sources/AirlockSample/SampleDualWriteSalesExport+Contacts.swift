import AirlockPackages

extension SampleDualWriteSalesExport {
    /// The columns of the vendor contacts (`contact`) beyond the customer contacts' ones.
    static let vendorContactFields = [
        field("msdyn_vendorcontactid", .entityReference, "Vendor", lookup: "msdyn_vendor"),
        field("msdyn_contactforvendor", .bool, "Is Vendor Contact"), field("department", .string, "Department"),
        field("jobtitle", .string, "Job Title"),
    ]

    /// The Sales id of a vendor's party: its customer's when it shares one Sales holds.
    func vendorPartyID(_ vendor: SampleDualWriteContacts.Vendor, _ references: References) -> String {
        vendor.customer.flatMap { references.parties[$0] } ?? vendor.salesPartyID
    }

    /// Adds to the parties the ones of the vendors Sales holds (but a customer's party it already has) and of the
    /// contact persons it holds, each party once.
    func addContactParties(_ parties: inout SampleEntityBuilder, _ references: References) throws {
        guard let contacts = world.contacts else { return }
        for vendor in contacts.vendors where vendor.inSales {
            if let customer = vendor.customer, references.parties[customer] != nil { continue }
            try parties.add(
                id: vendor.salesPartyID,
                [
                    Self.value("msdyn_partynumber", vendor.partyNumber),
                    Self.value("msdyn_partytype", vendor.isPerson ? "192350001" : "192350002"),
                    Self.value("msdyn_organizationname", vendor.isPerson ? nil : vendor.name),
                    Self.value("msdyn_numberofemployees", vendor.isPerson ? nil : String(vendor.employees)),
                    Self.value("msdyn_firstname", vendor.firstName), Self.value("msdyn_lastname", vendor.lastName),
                    Self.value("msdyn_language", "192350015"),
                ])
        }
        var written: Set<String> = []
        for person in contacts.persons where person.inSales && written.insert(person.partyNumber).inserted {
            try parties.add(
                id: person.salesPartyID,
                [
                    Self.value("msdyn_partynumber", person.partyNumber), Self.value("msdyn_partytype", "192350001"),
                    Self.value("msdyn_firstname", person.firstName),
                    Self.value("msdyn_middlename", person.middleName), Self.value("msdyn_lastname", person.lastName),
                ])
        }
    }

    /// The vendors Sales holds (`msdyn_vendor`), the second of each three with another credit limit.
    func vendors(_ references: References) throws -> [SampleEntityBuilder] {
        guard let contacts = world.contacts else { return [] }
        func lookup(_ name: String, _ display: String, _ entity: String) -> CMTSchemaField {
            Self.field(name, .entityReference, display, lookup: entity)
        }
        let flags = [
            "msdyn_isforeignentity", "msdyn_isonetimevendor", "msdyn_hasonlytakenbids", "msdyn_isminorityowned",
            "msdyn_isvendorlocallyowned",
            "msdyn_isserviceveteranowned", "msdyn_ownerisdisabled", "msdyn_womanowner", "msdyn_isvendorlocatedinhubzone",
            "msdyn_priceincludessalestax",
        ]
        var builder = SampleEntityBuilder(
            "msdyn_vendor", "Vendor", id: "msdyn_vendorid", primaryName: "msdyn_name",
            fields: [
                Self.field("msdyn_vendoraccountnumber", .string, "Vendor Account Number", key: true),
                Self.field("msdyn_name", .string, "Name"),
                lookup("msdyn_company", "Company", "cdm_company"), lookup("msdyn_partyid", "Party", "msdyn_party"),
                Self.field("msdyn_vendorpartynumber", .string, "Party Number"), Self.field("msdyn_firstname", .string, "First Name"),
                Self.field("msdyn_invoicevendoraccountnumber", .entityReference, "Invoice Account", lookup: "msdyn_vendor"),
                Self.field("msdyn_vendorprimarycontactperson", .entityReference, "Primary Contact", lookup: "contact"),
                Self.field("msdyn_lastname", .string, "Last Name"), Self.field("msdyn_vendorcreditlimit", .money, "Credit Limit"),
                Self.field("msdyn_addressstreet", .string, "Street"), Self.field("msdyn_addresscity", .string, "City"),
                Self.field("msdyn_addressstateid", .string, "State"), Self.field("msdyn_addresszipcode", .string, "ZIP Code"),
                Self.field("msdyn_addresscountryregionisocode", .string, "Country/Region ISO Code"),
                Self.field("msdyn_primaryemailaddress", .string, "Email"), Self.field("msdyn_pimaryphonenumber", .string, "Phone"),
                Self.field("msdyn_numberofemployees", .number, "Number of Employees"),
                lookup("msdyn_currencycode", "Currency", "transactioncurrency"),
                lookup("msdyn_paymentterms", "Terms of Payment", "msdyn_paymentterm"),
                lookup("msdyn_defaultpaymentdayname", "Payment Day", "msdyn_paymentday"),
                lookup("msdyn_taxgroup", "Sales Tax Group", "msdyn_taxgroup"),
            ] + flags.map { Self.field($0, .bool, $0) })
        for vendor in contacts.vendors where vendor.inSales {
            let address = vendor.address
            func held(_ field: String, _ entity: String, _ code: String) -> CMTFieldValue? {
                Self.lookup(field, references.codes[entity]?[code], entity, code)
            }
            try builder.add(
                id: vendor.salesID,
                [
                    Self.value("msdyn_vendoraccountnumber", vendor.number), Self.value("msdyn_name", vendor.isPerson ? nil : vendor.name),
                    Self.lookup("msdyn_company", references.company, "cdm_company", world.company),
                    Self.lookup("msdyn_partyid", vendorPartyID(vendor, references), "msdyn_party", vendor.partyNumber),
                    Self.value("msdyn_vendorpartynumber", vendor.partyNumber), Self.value("msdyn_firstname", vendor.firstName),
                    Self.value("msdyn_lastname", vendor.lastName),
                    Self.value("msdyn_vendorcreditlimit", "\(vendor.salesCreditLimit).0000000000"),
                    Self.value("msdyn_addressstreet", address.street), Self.value("msdyn_addresscity", address.city),
                    Self.value("msdyn_addressstateid", address.state), Self.value("msdyn_addresszipcode", address.zip),
                    Self.value("msdyn_addresscountryregionisocode", address.country), Self.value("msdyn_primaryemailaddress", vendor.email),
                    Self.value("msdyn_pimaryphonenumber", vendor.phone),
                    Self.value("msdyn_numberofemployees", vendor.isPerson ? nil : String(vendor.employees)),
                    Self.lookup("msdyn_currencycode", references.currencies["USD"], "transactioncurrency", "USD"),
                    held("msdyn_paymentterms", "msdyn_paymentterm", vendor.paymentTerm),
                    held("msdyn_defaultpaymentdayname", "msdyn_paymentday", vendor.paymentDay),
                    held("msdyn_taxgroup", "msdyn_taxgroup", vendor.taxGroup),
                ] + flags.map { Self.value($0, "False") })
        }
        return [builder]
    }

    /// Adds the vendor contacts Sales holds (the second of each three with another department) and the two only it
    /// has (one without a company) to the contacts.
    func addVendorContacts(_ contacts: inout SampleEntityBuilder, _ references: References) throws {
        guard let world = world.contacts else { return }
        let company = Self.lookup("msdyn_company", references.company, "cdm_company", self.world.company)
        func vendor(_ index: Int) -> CMTFieldValue? {
            let vendor = world.vendors[index]
            return Self.lookup("msdyn_vendorcontactid", vendor.salesID, "msdyn_vendor", vendor.name)
        }
        for person in world.persons where person.inSales {
            guard let index = person.vendor else {
                // A customer's contact person, held as a contact (the customer's primary contact, a second-pass lookup).
                try contacts.add(
                    id: person.salesContactID,
                    [
                        Self.value("firstname", person.firstName), Self.value("lastname", person.lastName),
                        Self.value("msdyn_contactpersonid", person.id), Self.value("msdyn_sellable", "False"), company,
                        Self.value("msdyn_partynumber", person.partyNumber), Self.value("emailaddress1", person.email),
                        Self.value("msdyn_contactforvendor", "False"),
                    ])
                continue
            }
            let address = person.address
            try contacts.add(
                id: person.salesContactID,
                [
                    Self.value("firstname", person.firstName), Self.value("middlename", person.middleName),
                    Self.value("lastname", person.lastName), Self.value("msdyn_contactpersonid", person.id),
                    Self.value("msdyn_sellable", "False"), company, Self.value("msdyn_partynumber", person.partyNumber),
                    Self.value("address1_line1", address.street), Self.value("address1_city", address.city),
                    Self.value("address1_stateorprovince", address.state), Self.value("address1_postalcode", address.zip),
                    Self.value("address1_country", address.country), Self.value("emailaddress1", person.email),
                    Self.value("telephone1", person.phone), Self.value("description", person.notes),
                    vendor(index),
                    Self.value("msdyn_contactforvendor", "True"), Self.value("department", person.salesDepartment),
                    Self.value("jobtitle", person.profession),
                ])
        }
        for contact in world.salesOnlyVendorContacts {
            try contacts.add(
                id: contact.salesID,
                [
                    Self.value("firstname", contact.firstName), Self.value("lastname", contact.lastName),
                    Self.value("msdyn_contactpersonid", contact.id), Self.value("msdyn_sellable", "False"),
                    contact.hasCompany ? company : nil, Self.value("msdyn_partynumber", contact.partyNumber),
                    Self.value("emailaddress1", contact.email), vendor(contact.vendor), Self.value("msdyn_contactforvendor", "True"),
                    Self.value("department", contact.department),
                ])
        }
    }

    /// The contacts for parties Sales holds (`msdyn_contactforparty`), the second of each three with another
    /// department, and one only it has.
    func contactsForParties(_ references: References) throws -> [SampleEntityBuilder] {
        guard let contacts = world.contacts else { return [] }
        func party(_ name: String, _ display: String) -> CMTSchemaField {
            Self.field(name, .entityReference, display, lookup: "msdyn_party")
        }
        var builder = SampleEntityBuilder(
            "msdyn_contactforparty", "Contact for Customer/Vendor", id: "msdyn_contactforpartyid",
            primaryName: "msdyn_contactforpartynumber",
            fields: [
                Self.field("msdyn_contactforpartynumber", .string, "Contact For Party Number", key: true),
                Self.field("msdyn_associatedcompanyid", .entityReference, "Associated Company", lookup: "cdm_company"),
                party("msdyn_contactpartyid", "Contact Party"), party("msdyn_associatedpartyid", "Associated Party"),
                Self.field("msdyn_parentcontactforpartyid", .entityReference, "Manager", lookup: "msdyn_contactforparty"),
                Self.field("msdyn_employmentprofession", .string, "Profession"),
                Self.field("msdyn_employmentdepartment", .string, "Department"),
                Self.field("msdyn_contactactivitysensitivitylevel", .optionSetValue, "Sensitivity"),
                Self.field("msdyn_hasrequestedinternetaccess", .bool, "Has Requested Internet Access"),
                Self.field("msdyn_isreceivingdirectmail", .bool, "Receiving Direct Mail"), Self.field("msdyn_isvip", .bool, "VIP"),
                Self.field("msdyn_notes", .string, "Notes"), Self.field("msdyn_nativelanguage", .optionSetValue, "Native Language"),
            ])
        let company = Self.lookup("msdyn_associatedcompanyid", references.company, "cdm_company", world.company)
        func associated(_ person: SampleDualWriteContacts.ContactPerson) -> String? {
            if let vendor = person.vendor { return vendorPartyID(contacts.vendors[vendor], references) }
            return person.customer.flatMap { references.parties[$0] }
        }
        for person in contacts.persons where person.inSales {
            try builder.add(
                id: person.salesID,
                [
                    Self.value("msdyn_contactforpartynumber", person.id), company,
                    Self.lookup("msdyn_contactpartyid", person.salesPartyID, "msdyn_party", person.partyNumber),
                    Self.lookup("msdyn_associatedpartyid", associated(person), "msdyn_party", person.associatedPartyNumber),
                    Self.value("msdyn_employmentprofession", person.profession),
                    Self.value("msdyn_employmentdepartment", person.salesDepartment),
                    Self.value("msdyn_contactactivitysensitivitylevel", SampleDualWriteContacts.sensitivityOptions[person.sensitivity]),
                    Self.value("msdyn_hasrequestedinternetaccess", "False"),
                    Self.value("msdyn_isreceivingdirectmail", person.receivesDirectMail ? "True" : "False"),
                    Self.value("msdyn_isvip", person.isVIP ? "True" : "False"), Self.value("msdyn_notes", person.notes),
                    Self.value("msdyn_nativelanguage", "192350015"),
                ])
        }
        if let only = contacts.salesOnlyContactForParty, let vendor = contacts.vendors.first(where: \.inSales) {
            let person = contacts.persons[only.person]
            try builder.add(
                id: only.salesID,
                [
                    Self.value("msdyn_contactforpartynumber", only.number), company,
                    Self.lookup("msdyn_contactpartyid", person.salesPartyID, "msdyn_party", person.partyNumber),
                    Self.lookup("msdyn_associatedpartyid", vendorPartyID(vendor, references), "msdyn_party", vendor.partyNumber),
                    Self.value("msdyn_employmentdepartment", "Purchasing"), Self.value("msdyn_nativelanguage", "192350015"),
                ])
        }
        return [builder]
    }
}

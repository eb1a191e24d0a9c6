import AirlockPackages

extension SampleDualWriteSalesExport {
    /// Accounts (organization customers, customertypecode 3) and contacts: sellable person customers, then plain
    /// contacts (of an account, or of none).
    mutating func customers(_ references: inout References) throws -> [SampleEntityBuilder] {
        let base = world.base
        let company = Self.lookup("msdyn_company", references.company, "cdm_company", world.company)
        func addressFields(_ prefix: String, _ display: String) -> [CMTSchemaField] {
            [
                Self.field("\(prefix)_line1", .string, "\(display): Street 1"), Self.field("\(prefix)_city", .string, "\(display): City"),
                Self.field("\(prefix)_stateorprovince", .string, "\(display): State/Province"),
                Self.field("\(prefix)_postalcode", .string, "\(display): ZIP/Postal Code"),
                Self.field("\(prefix)_country", .string, "\(display): Country/Region"),
            ]
        }
        // Countries are ISO codes: the customer maps copy ADDRESSCOUNTRYREGIONISOCODE to addressN_country as it is.
        func address(_ prefix: String, _ address: SampleWorld.Address) -> [CMTFieldValue?] {
            [
                Self.value("\(prefix)_line1", address.street), Self.value("\(prefix)_city", address.city),
                Self.value("\(prefix)_stateorprovince", address.state), Self.value("\(prefix)_postalcode", address.zip),
                Self.value("\(prefix)_country", address.country),
            ]
        }
        func groupLookup(_ index: Int) -> CMTFieldValue? {
            let group = world.groups[index]
            return Self.lookup(
                "msdyn_customergroupid", references.groups[group], "msdyn_customergroup", SampleDualWriteWorld.customerGroups[group].id)
        }
        func partyLookup(_ index: Int) -> CMTFieldValue? {
            Self.lookup("msdyn_partyid", references.parties[index], "msdyn_party", world.parties[index].number)
        }
        // The customer's payment and tax setup, each where Sales holds the row it names (the others come from F&O).
        func paymentLookups(_ index: Int) -> [CMTFieldValue?] {
            typealias Data = SampleDualWriteReferenceData
            let group = world.groups[index]
            func held(_ field: String, _ entity: String, _ code: String) -> CMTFieldValue? {
                Self.lookup(field, references.codes[entity]?[code], entity, code)
            }
            return [
                held("msdyn_paymentterm", "msdyn_paymentterm", Data.paymentTerm(customer: index, group: group)),
                held("msdyn_paymentday", "msdyn_paymentday", Data.paymentDay(customer: index, group: group)),
                held("msdyn_paymentschedule", "msdyn_paymentschedule", Data.paymentSchedule(customer: index, group: group)),
                held("msdyn_customerpaymentmethod", "msdyn_customerpaymentmethod", Data.paymentMethod(customer: index, group: group)),
                held("msdyn_salestaxgroup", "msdyn_taxgroup", Data.taxGroup(customer: index, company: world.company)),
            ]
        }
        func currency(_ code: String) -> CMTFieldValue? {
            Self.lookup("transactioncurrencyid", references.currencies[code], "transactioncurrency", code)
        }

        var accounts = SampleEntityBuilder(
            "account", "Account", id: "accountid", primaryName: "name",
            fields: [
                Self.field("name", .string, "Account Name"), Self.field("accountnumber", .string, "Account Number", key: true),
                Self.field("msdyn_company", .entityReference, "Company", lookup: "cdm_company"),
                Self.field("msdyn_partynumber", .string, "Party Number"),
                Self.field("msdyn_partyid", .entityReference, "Party", lookup: "msdyn_party"),
                Self.field("customertypecode", .optionSetValue, "Relationship Type"),
                Self.field("msdyn_customergroupid", .entityReference, "Customer Group", lookup: "msdyn_customergroup"),
                Self.field("msdyn_billingaccount", .entityReference, "Billing account", lookup: "account"),
                Self.field("primarycontactid", .entityReference, "Primary Contact", lookup: "contact"),
            ] + addressFields("address1", "Address 1") + addressFields("address2", "Address 2")
                + [
                    Self.field("emailaddress1", .string, "Email"), Self.field("telephone1", .string, "Main Phone"),
                    Self.field("websiteurl", .string, "Website"), Self.field("numberofemployees", .number, "Number of Employees"),
                    Self.field("creditlimit", .money, "Credit Limit"), Self.field("description", .string, "Description"),
                    Self.field("msdyn_identificationnumber", .string, "Identification Number"),
                    Self.field("transactioncurrencyid", .entityReference, "Currency", lookup: "transactioncurrency"),
                    Self.field("msdyn_paymentterm", .entityReference, "Terms of Payment", lookup: "msdyn_paymentterm"),
                    Self.field("msdyn_paymentday", .entityReference, "Payment Day", lookup: "msdyn_paymentday"),
                    Self.field("msdyn_paymentschedule", .entityReference, "Payment Schedule", lookup: "msdyn_paymentschedule"),
                    Self.field("msdyn_customerpaymentmethod", .entityReference, "Method of Payment", lookup: "msdyn_customerpaymentmethod"),
                    Self.field("msdyn_salestaxgroup", .entityReference, "Sales Tax Group", lookup: "msdyn_taxgroup"),
                ])
        var contacts = SampleEntityBuilder(
            "contact", "Contact", id: "contactid", primaryName: "fullname",
            fields: [
                Self.field("firstname", .string, "First Name"), Self.field("middlename", .string, "Middle Name"),
                Self.field("lastname", .string, "Last Name"),
                Self.field("msdyn_contactpersonid", .string, "Account Number/Contact Person ID", key: true),
                Self.field("msdyn_sellable", .bool, "Is Sellable"),
                Self.field("msdyn_company", .entityReference, "Company", lookup: "cdm_company"),
                Self.field("msdyn_partynumber", .string, "Party Number"),
                Self.field("msdyn_partyid", .entityReference, "Party", lookup: "msdyn_party"),
                Self.field("msdyn_customergroupid", .entityReference, "Customer Group", lookup: "msdyn_customergroup"),
            ] + addressFields("address1", "Address 1") + addressFields("address2", "Address 2") + addressFields("address3", "Address 3")
                + [
                    Self.field("emailaddress1", .string, "Email"), Self.field("telephone1", .string, "Business Phone"),
                    Self.field("websiteurl", .string, "Website"), Self.field("description", .string, "Description"),
                    Self.field("msdyn_identificationnumber", .string, "Identification Number"),
                    Self.field("transactioncurrencyid", .entityReference, "Currency", lookup: "transactioncurrency"),
                ] + Self.vendorContactFields)

        for (index, account) in base.accounts.enumerated() where account.inSales {
            let id = random.guid()
            let hasCompany = world.salesHasCompany[index]
            let party = world.parties[index]
            let common: [CMTFieldValue?] = [
                hasCompany ? company : nil, Self.value("msdyn_partynumber", party.number), partyLookup(index), groupLookup(index),
            ]
            let contact: [CMTFieldValue?] = [
                Self.value("emailaddress1", account.email), Self.value("telephone1", account.phone),
                Self.value("websiteurl", account.website), Self.value("description", account.memo),
                Self.value("msdyn_identificationnumber", world.identificationNumbers[index]), currency(account.currency),
            ]
            if party.isPerson {
                references.customers[index] = (id, "contact")
                // The contacts map: ADDRESS* is address1, INVOICEADDRESS* address2, DELIVERYADDRESS* address3.
                try contacts.add(
                    id: id,
                    [
                        Self.value("firstname", party.firstName), Self.value("middlename", party.middleName),
                        Self.value("lastname", party.lastName), Self.value("msdyn_contactpersonid", account.number),
                        Self.value("msdyn_sellable", "True"),
                    ] + common + address("address1", account.address) + address("address2", world.invoiceAddresses[index])
                        + address("address3", account.address) + contact)
            } else {
                references.customers[index] = (id, "account")
                // The accounts map: DELIVERYADDRESS* is address1, INVOICEADDRESS* address2.
                try accounts.add(
                    id: id,
                    [Self.value("name", account.name), Self.value("accountnumber", account.number)] + common
                        + [Self.value("customertypecode", "3")] + address("address1", account.address)
                        + address("address2", world.invoiceAddresses[index])
                        + [
                            Self.value("numberofemployees", String(account.employees)),
                            Self.value("creditlimit", "\(account.creditLimit).0000000000"),
                        ] + contact + paymentLookups(index))
            }
        }

        // Plain contacts: not sellable, their contact number as contact person id (the export schema has no
        // parentcustomerid: no dual-write map reads it).
        for contact in base.contacts {
            try contacts.add(
                id: random.guid(),
                [
                    Self.value("firstname", contact.firstName), Self.value("lastname", contact.lastName),
                    Self.value("msdyn_contactpersonid", contact.number), Self.value("msdyn_sellable", "False"), company,
                ] + address("address1", contact.address)
                    + [Self.value("emailaddress1", contact.email), Self.value("telephone1", contact.phone), currency(contact.currency)])
        }
        try addVendorContacts(&contacts, references)
        return [accounts, contacts]
    }
}

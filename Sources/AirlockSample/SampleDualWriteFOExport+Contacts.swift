import AirlockIO
import AirlockModel

extension SampleDualWriteFOExport {
    /// Vendors V2, CDS Contacts V2 and Contacts V2 of `SampleDualWriteContacts`: the vendors, and their contact persons
    /// and the customers' as both entities show them (CDS Contacts V2 with the contact type and account each is a
    /// contact of, and without ASSOCIATEDPARTYNUMBER, which the vendor contact map does not name: validate's reference
    /// check takes it for a customer's party).
    func contactFiles() throws -> [(label: String, technicalName: String, encoding: TextEncoding, table: Table)] {
        guard let contacts = world.contacts else { return [] }
        return [
            ("Vendors V2", "VendVendorV2Entity", .utf8BOM, try vendors(contacts)),
            ("CDS Contacts V2", "smmContactPersonCDSV2Entity", .utf16LE, try cdsContacts(contacts)),
            ("Contacts V2", "smmContactPersonV2Entity", .utf8BOM, try contactPersons(contacts)),
        ]
    }

    /// Every F&O field of the Vendors V2 → msdyn_vendors map, and DATAAREAID.
    static let vendorColumns = [
        "VENDORACCOUNTNUMBER", "DATAAREAID", "VENDORGROUPID", "VENDORORGANIZATIONNAME", "VENDORPARTYTYPE", "PERSONFIRSTNAME",
        "PERSONLASTNAME", "CREDITLIMIT", "ISFOREIGNENTITY", "ISONETIMEVENDOR", "ADDRESSBUILDINGCOMPLIMENT", "PERSONCHILDRENNAMES",
        "ADDRESSCITY", "ADDRESSCOUNTRYREGIONID", "ADDRESSCOUNTRYREGIONISOCODE", "ADDRESSCOUNTYID", "CREDITRATING", "ADDRESSDESCRIPTION",
        "ADDRESSDISTRICTNAME", "DUNSNUMBER", "ETHNICORIGINID", "FORMATTEDPRIMARYADDRESS", "PERSONHOBBIES", "PERSONINITIALS",
        "LANGUAGEID", "PERSONLASTNAMEPREFIX", "PERSONMIDDLENAME", "ORGANIZATIONNUMBER", "OURACCOUNTNUMBER", "PAYMENTID",
        "PERSONPHONETICFIRSTNAME", "PERSONPHONETICMIDDLENAME", "PERSONPHONETICLASTNAME", "ORGANIZATIONPHONETICNAME", "ADDRESSPOSTBOX",
        "PRIMARYURL", "PRIMARYEMAILADDRESS", "PRIMARYEMAILADDRESSDESCRIPTION", "PRIMARYFACEBOOK", "PRIMARYFACEBOOKDESCRIPTION",
        "PRIMARYFAXNUMBER", "PRIMARYFAXNUMBERDESCRIPTION", "PRIMARYFAXNUMBEREXTENSION", "PRIMARYLINKEDIN", "PRIMARYLINKEDINDESCRIPTION",
        "PRIMARYPHONENUMBER", "PRIMARYPHONENUMBERDESCRIPTION", "PRIMARYPHONENUMBEREXTENSION", "PRIMARYTELEX", "PRIMARYTELEXDESCRIPTION",
        "PRIMARYTWITTER", "PRIMARYTWITTERDESCRIPTION", "PRIMARYURLDESCRIPTION", "PERSONPROFESSIONALSUFFIX", "PERSONPROFESSIONALTITLE",
        "ADDRESSSTATEID", "ADDRESSSTREET", "ADDRESSSTREETNUMBER", "VENDORKNOWNASNAME", "ADDRESSZIPCODE", "DEFAULTPAYMENTDAYNAME",
        "DEFAULTPAYMENTSCHEDULENAME", "DEFAULTPAYMENTTERMSNAME", "HASONLYTAKENBIDS", "ISMINORITYOWNED", "ISVENDORLOCALLYOWNED",
        "ISSERVICEVETERANOWNED", "ISOWNERDISABLED", "ISWOMANOWNER", "PERSONANNIVERSARYDAY", "PERSONANNIVERSARYYEAR", "PERSONBIRTHDAY",
        "PERSONBIRTHYEAR", "ORGANIZATIONEMPLOYEEAMOUNT", "VENDORHOLDRELEASEDATE", "VENDORPARTYNUMBER", "ADDRESSLOCATIONID",
        "PERSONANNIVERSARYMONTH", "PERSONBIRTHMONTH", "PERSONMARITALSTATUS", "ADDRESSLATITUDE", "ADDRESSLONGITUDE", "ONHOLDSTATUS",
        "CURRENCYCODE", "ISVENDORLOCATEDINHUBZONE", "DEFAULTVENDORPAYMENTMETHODNAME", "INVOICEVENDORACCOUNTNUMBER", "PERSONGENDER",
        "AREPRICESINCLUDINGSALESTAX", "SALESTAXGROUPCODE", "PRIMARYCONTACTPERSONID",
    ]

    private func vendors(_ contacts: SampleDualWriteContacts) throws -> Table {
        var table = SampleTableBuilder(name: "Vendors V2", columns: Self.vendorColumns)
        let invoiceVendors = contacts.invoiceVendors(company: world.company)
        for (index, vendor) in contacts.vendors.enumerated() {
            // Second-pass lookups: the vendor's invoice account and its first contact person as its primary contact.
            if let invoice = invoiceVendors[index] { table.set("INVOICEVENDORACCOUNTNUMBER", contacts.vendors[invoice].number) }
            if vendor.company == world.company, let person = contacts.persons.first(where: { $0.vendor == index }) {
                table.set("PRIMARYCONTACTPERSONID", person.id)
            }
            let address = vendor.address
            table.set([
                "VENDORACCOUNTNUMBER": vendor.number, "DATAAREAID": vendor.company, "VENDORPARTYNUMBER": vendor.partyNumber,
                "VENDORGROUPID": "10",
                "VENDORPARTYTYPE": vendor.isPerson ? "Person" : "Organization", "CREDITLIMIT": "\(vendor.creditLimit).00",
                "ADDRESSCITY": address.city, "ADDRESSCOUNTRYREGIONISOCODE": address.country, "ADDRESSSTATEID": address.state,
                "ADDRESSSTREET": address.street, "ADDRESSZIPCODE": address.zip, "PRIMARYEMAILADDRESS": vendor.email,
                "PRIMARYPHONENUMBER": vendor.phone, "LANGUAGEID": "en-us", "CURRENCYCODE": "USD",
                "DEFAULTPAYMENTTERMSNAME": vendor.paymentTerm, "DEFAULTPAYMENTDAYNAME": vendor.paymentDay,
                "SALESTAXGROUPCODE": vendor.taxGroup,
            ])
            for flag in [
                "ISFOREIGNENTITY", "ISONETIMEVENDOR", "HASONLYTAKENBIDS", "ISMINORITYOWNED", "ISVENDORLOCALLYOWNED",
                "ISSERVICEVETERANOWNED",
                "ISOWNERDISABLED", "ISWOMANOWNER", "ISVENDORLOCATEDINHUBZONE", "AREPRICESINCLUDINGSALESTAX",
            ] {
                table.set(flag, "No")
            }
            if vendor.isPerson {
                table.set(["PERSONFIRSTNAME": vendor.firstName, "PERSONLASTNAME": vendor.lastName])
            } else {
                table.set(["VENDORORGANIZATIONNAME": vendor.name, "ORGANIZATIONEMPLOYEEAMOUNT": String(vendor.employees)])
            }
            try table.appendRow()
        }
        return table.table
    }

    /// The fields both contact person entities carry here, and what each contact person has in them.
    private static func contactFields(_ person: SampleDualWriteContacts.ContactPerson) -> [(String, String)] {
        let address = person.address
        return [
            ("CONTACTPERSONID", person.id), ("CONTACTPERSONPARTYNUMBER", person.partyNumber), ("DATAAREAID", person.company),
            ("ASSOCIATEDPARTYNUMBER", person.associatedPartyNumber), ("FIRSTNAME", person.firstName), ("MIDDLENAME", person.middleName),
            ("LASTNAME", person.lastName), ("CONTACTPERSONPARTYTYPE", "Person"), ("EMPLOYMENTDEPARTMENT", person.department),
            ("EMPLOYMENTPROFESSION", person.profession), ("NOTES", person.notes),
            ("ISRECEIVINGDIRECTMAIL", person.receivesDirectMail ? "Yes" : "No"),
            ("PRIMARYADDRESSCITY", address.city), ("PRIMARYADDRESSCOUNTRYREGIONID", address.country),
            ("PRIMARYADDRESSSTATEID", address.state), ("PRIMARYADDRESSSTREET", address.street), ("PRIMARYADDRESSZIPCODE", address.zip),
            ("PRIMARYEMAILADDRESS", person.email), ("PRIMARYPHONENUMBER", person.phone),
        ]
    }

    private func cdsContacts(_ contacts: SampleDualWriteContacts) throws -> Table {
        var table = SampleTableBuilder(
            name: "CDS Contacts V2",
            columns: [
                "CONTACTPERSONPARTYNUMBER", "ASSOCIATEDCONTACTTYPE", "ASSOCIATEDCONTACTNUMBER", "CONTACTPERSONID",
                "CONTACTPERSONPARTYTYPE", "DATAAREAID", "EMPLOYMENTDEPARTMENT", "EMPLOYMENTPROFESSION", "FIRSTNAME", "GENDER",
                "GOVERNMENTIDENTIFICATIONNUMBER", "ISINACTIVE", "ISRECEIVINGDIRECTMAIL", "LASTNAME", "MARITALSTATUS", "MIDDLENAME", "NOTES",
                "PRIMARYADDRESSCITY", "PRIMARYADDRESSCOUNTRYREGIONID", "PRIMARYADDRESSCOUNTYID", "PRIMARYADDRESSSTATEID",
                "PRIMARYADDRESSSTREET", "PRIMARYADDRESSZIPCODE", "PRIMARYEMAILADDRESS", "PRIMARYFAXNUMBER", "PRIMARYPHONENUMBER",
                "PRIMARYURL", "SPOUSENAME",
            ])
        for person in contacts.persons {
            for (column, value) in Self.contactFields(person) where column != "ASSOCIATEDPARTYNUMBER" { table.set(column, value) }
            table.set([
                "ASSOCIATEDCONTACTTYPE": person.vendor == nil ? "Customer" : "Vendor", "ASSOCIATEDCONTACTNUMBER": person.associatedNumber,
                "ISINACTIVE": "No", "GENDER": "Unknown", "MARITALSTATUS": "None",
            ])
            try table.appendRow()
        }
        return table.table
    }

    private func contactPersons(_ contacts: SampleDualWriteContacts) throws -> Table {
        var table = SampleTableBuilder(
            name: "Contacts V2",
            columns: [
                "CONTACTPERSONID", "ASSOCIATEDPARTYNUMBER", "CONTACTACTIVITYSENSITIVITYLEVEL", "CONTACTINFORMATIONLANGUAGEID",
                "CONTACTPERSONPARTYNUMBER", "CONTACTPERSONPARTYTYPE", "DATAAREAID", "EMPLOYMENTDEPARTMENT", "EMPLOYMENTPROFESSION",
                "FIRSTNAME", "HASREQUESTEDINTERNETACCESS", "ISRECEIVINGDIRECTMAIL", "ISVIP", "LASTNAME", "MIDDLENAME", "NOTES",
                "PRIMARYADDRESSCITY", "PRIMARYADDRESSCOUNTRYREGIONID", "PRIMARYADDRESSSTATEID", "PRIMARYADDRESSSTREET",
                "PRIMARYADDRESSZIPCODE", "PRIMARYEMAILADDRESS", "PRIMARYPHONENUMBER", "SPOUSENAME", "MANAGERCONTACTPERSONID",
            ])
        let managers = contacts.managers
        for (index, person) in contacts.persons.enumerated() {
            for (column, value) in Self.contactFields(person) { table.set(column, value) }
            if let manager = managers[index] { table.set("MANAGERCONTACTPERSONID", contacts.persons[manager].id) }
            table.set([
                "CONTACTACTIVITYSENSITIVITYLEVEL": person.sensitivity, "CONTACTINFORMATIONLANGUAGEID": "en-us",
                "HASREQUESTEDINTERNETACCESS": "No", "ISVIP": person.isVIP ? "Yes" : "No",
            ])
            try table.appendRow()
        }
        return table.table
    }
}

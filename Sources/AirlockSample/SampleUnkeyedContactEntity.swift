/// The F&O entity an unkeyed pair writes its contact persons in: `CDS Contacts` (smmContactPersonCDSEntity, the
/// entity of dual-write and of the bundled templates) or `Contacts V2` (smmContactPersonV2Entity, the one a data
/// management export of contact persons holds). Both key a contact person by its party number; `Contacts V2` also
/// carries the contact person ID and no `DATAAREAID`.
public enum SampleUnkeyedContactEntity: String, Sendable, Hashable, CaseIterable {
    case cdsContacts = "cds-contacts"
    case contactsV2 = "contacts-v2"

    /// The entity's name in the package (the manifest's label, the file's name).
    public var label: String {
        switch self {
        case .cdsContacts: "CDS Contacts"
        case .contactsV2: "Contacts V2"
        }
    }

    /// The entity's AOT name.
    var technicalName: String {
        switch self {
        case .cdsContacts: "smmContactPersonCDSEntity"
        case .contactsV2: "smmContactPersonV2Entity"
        }
    }

    /// The columns written, in order.
    var columns: [String] {
        switch self {
        case .cdsContacts:
            [
                "CONTACTPERSONPARTYNUMBER", "ASSOCIATEDPARTYNUMBER", "DATAAREAID", "FIRSTNAME", "LASTNAME", "PRIMARYEMAILADDRESS",
                "PRIMARYPHONENUMBER",
            ]
        case .contactsV2:
            [
                "CONTACTPERSONID", "CONTACTPERSONPARTYNUMBER", "ASSOCIATEDPARTYNUMBER", "FIRSTNAME", "LASTNAME", "PRIMARYEMAILADDRESS",
                "PRIMARYPHONENUMBER",
            ]
        }
    }

    /// The details the sample fills besides `columns`, which the contacts template writes on CDS Contacts (an update
    /// keeps the contact person's own); none on Contacts V2, which no template reads or writes.
    var details: [String] {
        switch self {
        case .cdsContacts:
            [
                "CONTACTPERSONPARTYTYPE", "GENDER", "ISCONTACTPERSONEXTERNALLYMAINTAINED", "ISINACTIVE", "ISRECEIVINGDIRECTMAIL",
                "MARITALSTATUS",
            ]
        case .contactsV2: []
        }
    }
}

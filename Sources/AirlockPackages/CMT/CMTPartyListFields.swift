/// Types of the fields CMT writes inside a party list's `<activitypointerrecords>` (reference section 3.6).
///
/// The schema does not declare them, but knowing them gives party members the same canonical values as
/// records (`True`/`False`, lower-case GUIDs, decoded strings). Other names are kept as written.
enum CMTPartyListFields {
    static func type(of name: String) -> CMTFieldType? {
        switch name {
        case "partyid", "activityid", "ownerid": .entityReference
        case "activitypartyid": .guid
        case "participationtypemask", "instancetypecode": .optionSetValue
        case "donotemail", "donotfax", "donotpostalmail", "donotphone", "ispartydeleted": .bool
        case "addressused": .string
        default: nil
        }
    }
}

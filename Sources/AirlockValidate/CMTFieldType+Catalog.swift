import AirlockModel
import AirlockPackages

extension CMTFieldType {
    /// Whether CMT's importer can use a schema field of this type for an attribute of catalog type `type`.
    ///
    /// The lookup spellings (`entityreference`, the old `lookup` and `customer` aliases, `owner`) all set an
    /// entity reference, so they fit any lookup or owner attribute; Memo attributes are `string` in CMT's
    /// vocabulary (the catalog notes them with `format: memo`). Everything else must match exactly.
    func fits(_ type: SalesAttributeType) -> Bool {
        switch self {
        case .entityReference, .lookup, .customer, .owner: return type.isLookup
        case .string: return type == .string
        case .guid: return type == .guid
        case .number: return type == .number
        case .bigint: return type == .bigint
        case .decimal: return type == .decimal
        case .float: return type == .float
        case .money: return type == .money
        case .bool: return type == .bool
        case .datetime: return type == .datetime
        case .optionSetValue: return type == .optionSetValue
        case .optionSetValueCollection: return type == .optionSetValueCollection
        case .state: return type == .state
        case .status: return type == .status
        case .partyList: return type == .partyList
        case .imageData: return type == .imageData
        case .fileData: return type == .fileData
        case .unknown, .other: return false
        }
    }

    /// Whether this spelling is one CMT imports (`unknown` and spellings outside the vocabulary are not).
    var isImportable: Bool {
        switch self {
        case .unknown, .other: false
        default: true
        }
    }

    /// Whether values are integers that name an option (choice, state, status).
    var isOptionValue: Bool {
        switch self {
        case .optionSetValue, .state, .status: true
        default: false
        }
    }
}

/// The CMT type vocabulary of a schema `<field type="…">` (reference section 2.4).
///
/// Spellings are lower case and compared case-sensitively, as CMT does on import; anything else is kept
/// as `.other` so that it is written back unchanged.
public enum CMTFieldType: Sendable, Hashable, CustomStringConvertible {
    case string, guid, number, bigint, decimal, float, money, bool, datetime
    case optionSetValue, optionSetValueCollection, state, status
    case entityReference, owner, partyList, imageData, fileData
    /// Old exporter aliases of `entityreference`; CMT is reported to reject `customer` on import.
    case lookup, customer
    /// Written by CMT's schema generator for unsupported types; not importable.
    case unknown
    /// A spelling outside the vocabulary, kept as written.
    case other(String)

    private static let table: [(CMTFieldType, String)] = [
        (.string, "string"), (.guid, "guid"), (.number, "number"), (.bigint, "bigint"), (.decimal, "decimal"),
        (.float, "float"), (.money, "money"), (.bool, "bool"), (.datetime, "datetime"),
        (.optionSetValue, "optionsetvalue"), (.optionSetValueCollection, "optionsetvaluecollection"),
        (.state, "state"), (.status, "status"), (.entityReference, "entityreference"), (.owner, "owner"),
        (.partyList, "partylist"), (.imageData, "imagedata"), (.fileData, "filedata"), (.lookup, "lookup"),
        (.customer, "customer"), (.unknown, "unknown"),
    ]

    /// The type written as `rawValue` (`.other` when it is not in the vocabulary).
    public init(rawValue: String) {
        self = Self.table.first { $0.1 == rawValue }?.0 ?? .other(rawValue)
    }

    /// The spelling used in `data_schema.xml`.
    public var rawValue: String {
        if case .other(let text) = self { return text }
        return Self.table.first { $0.0 == self }?.1 ?? ""
    }

    public var description: String { rawValue }

    /// Whether values are a GUID that references another record (`lookupentity` names the target's entity).
    public var isLookup: Bool {
        switch self {
        case .entityReference, .owner, .lookup, .customer: true
        default: false
        }
    }
}

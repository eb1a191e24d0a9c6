/// The type of a Dataverse attribute in CMT's `data_schema.xml` vocabulary (as the real CMT exports in
/// docs/sources.md, CMT format, write it).
public enum SalesAttributeType: String, Sendable, Hashable, CaseIterable, CustomStringConvertible, Codable {
    /// String, Memo and EntityName attributes.
    case string
    /// Uniqueidentifier: primary keys.
    case guid
    /// Whole number.
    case number
    /// BigInt.
    case bigint
    /// Decimal number.
    case decimal
    /// Floating-point number (Double).
    case float
    /// Currency.
    case money
    /// Two options (Boolean).
    case bool
    /// Date and time (any behaviour).
    case datetime
    /// Choice (picklist).
    case optionSetValue = "optionsetvalue"
    /// Choices (multi-select picklist).
    case optionSetValueCollection = "optionsetvaluecollection"
    /// `statecode`.
    case state
    /// `statuscode`.
    case status
    /// Lookup and Customer attributes.
    case entityReference = "entityreference"
    /// `ownerid`.
    case owner
    /// Activity parties.
    case partyList = "partylist"
    /// Image column.
    case imageData = "imagedata"
    /// File column.
    case fileData = "filedata"

    /// The spelling used in `data_schema.xml`.
    public var description: String { rawValue }

    /// Whether values reference another record.
    public var isLookup: Bool { self == .entityReference || self == .owner }

    /// Whether values are option values (choice, state or status).
    public var hasOptions: Bool {
        self == .optionSetValue || self == .optionSetValueCollection || self == .state || self == .status
    }
}

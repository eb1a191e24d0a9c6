/// One attribute of a Dynamics 365 Sales (Dataverse) entity, as a CMT package carries it.
public struct SalesAttributeSchema: Sendable, Equatable {
    /// The logical name (lower case).
    public let logicalName: String
    /// The display name, when known.
    public let displayName: String?
    /// The CMT type.
    public let type: SalesAttributeType
    /// The maximum length of a string attribute, when known.
    public let maxLength: Int?
    /// Whether `maxLength` is an assumption (the standard Dataverse length) rather than a stated fact.
    public let assumedLength: Bool
    /// A string format such as `memo`, when known.
    public let format: String?
    /// Whether the attribute is required (business or system required).
    public let isRequired: Bool
    /// The entities a lookup may point to (`account`, `contact` for a customer lookup).
    public let lookupTargets: [String]
    /// The known values of a choice, state or status attribute.
    public let options: [SalesOptionValue]
    /// Whether the option list is incomplete: an unknown value is a warning, not an error.
    public let isOptionSetOpen: Bool
    /// Decimal places of a decimal or money attribute, when known.
    public let precision: Int?
    /// The behaviour of a date-time attribute, when known.
    public let dateTimeBehavior: SalesDateTimeBehavior?
    /// Whether the attribute is calculated or otherwise not valid for create.
    public let isReadOnly: Bool
    /// Whether the logical name or its type is not confirmed by the references.
    public let isUnverified: Bool
    /// Where the facts come from.
    public let source: String?
    /// Free text for the reader of a report.
    public let note: String?
    private let optionIndex: [Int: Int]

    public init(
        logicalName: String, displayName: String? = nil, type: SalesAttributeType, maxLength: Int? = nil, assumedLength: Bool = false,
        format: String? = nil, isRequired: Bool = false, lookupTargets: [String] = [], options: [SalesOptionValue] = [],
        isOptionSetOpen: Bool = false, precision: Int? = nil, dateTimeBehavior: SalesDateTimeBehavior? = nil, isReadOnly: Bool = false,
        isUnverified: Bool = false, source: String? = nil, note: String? = nil
    ) {
        self.logicalName = logicalName
        self.displayName = displayName
        self.type = type
        self.maxLength = maxLength
        self.assumedLength = assumedLength
        self.format = format
        self.isRequired = isRequired
        self.lookupTargets = lookupTargets
        self.options = options
        self.isOptionSetOpen = isOptionSetOpen
        self.precision = precision
        self.dateTimeBehavior = dateTimeBehavior
        self.isReadOnly = isReadOnly
        self.isUnverified = isUnverified
        self.source = source
        self.note = note
        optionIndex = Dictionary(options.enumerated().map { ($1.value, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The option with integer value `value`, if known.
    public func option(_ value: Int) -> SalesOptionValue? {
        optionIndex[value].map { options[$0] }
    }
}

/// One field of an F&O data entity: its UPPERCASE name (as in CSV headers and XML), type and constraints.
public struct FOFieldSchema: Sendable, Hashable {
    /// The field name in UPPERCASE, as DMF writes it in CSV headers and XML.
    public var name: String
    /// The field type, with the string length when known.
    public var type: FOFieldType
    /// Whether an import must supply a value (entity key, non-nullable per CDM, or required per Microsoft).
    public var isMandatory: Bool
    /// The extended data type the length comes from, when the catalog names one (e.g. `CustAccount`).
    public var extendedDataType: String?
    /// Whether the length is an assumption (a standard extended data type length) rather than a stated fact.
    public var assumedLength: Bool
    /// Whether the type is inferred (the reference lists only the name) rather than stated.
    public var inferredType: Bool
    /// Where an inferred type comes from: the typed entity it is copied from, or `name`.
    public var inferredFrom: String?
    /// The only values a string field takes (`PARTYTYPE`: Organization or Person), spelt as F&O writes them;
    /// empty when any text is allowed.
    public var allowedValues: [String]
    /// Free text for the reader of a report.
    public var note: String?

    public init(
        name: String, type: FOFieldType, isMandatory: Bool = false, extendedDataType: String? = nil, assumedLength: Bool = false,
        inferredType: Bool = false, inferredFrom: String? = nil, allowedValues: [String] = [], note: String? = nil
    ) {
        self.name = name
        self.type = type
        self.isMandatory = isMandatory
        self.extendedDataType = extendedDataType
        self.assumedLength = assumedLength
        self.inferredType = inferredType
        self.inferredFrom = inferredFrom
        self.allowedValues = allowedValues
        self.note = note
    }

    /// The maximum length of a string field, when known.
    public var maxLength: Int? { type.maxLength }
}

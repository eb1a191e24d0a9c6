/// The type of an F&O entity field as the catalog knows it (the field types of the entities' OData metadata and of
/// Microsoft's CDM entity definitions, microsoft/CDM; docs/sources.md, F&O field lists).
public enum FOFieldType: Sendable, Hashable, CustomStringConvertible, Codable {
    /// Text; `maxLength` is the extended data type's length when the catalog knows it.
    case string(maxLength: Int?)
    /// A 32-bit integer.
    case int
    /// A 64-bit integer (record ids).
    case int64
    /// A real (decimal) number.
    case real
    /// A date without a time of day.
    case date
    /// A date and time (UTC in the database).
    case datetime
    /// A GUID.
    case guid
    /// An enum exported as its symbol name; the associated value names the enum.
    case enumeration(String)
    /// The NoYes enum (`No` / `Yes`), which F&O uses for booleans.
    case noYes

    /// Whether values are numbers (integers or decimals).
    public var isNumeric: Bool {
        switch self {
        case .int, .int64, .real: true
        default: false
        }
    }

    /// The maximum length of a string field, when known.
    public var maxLength: Int? {
        if case .string(let length) = self { return length }
        return nil
    }

    /// The enum this type draws its symbols from (`NoYes` for `.noYes`).
    public var enumName: String? {
        switch self {
        case .enumeration(let name): name
        case .noYes: FOEnumSchema.noYesName
        default: nil
        }
    }

    /// The catalog spelling: `string(20)`, `int`, `enum(CustAccountStatement)`, `noYes`, ….
    public var description: String {
        switch self {
        case .string(let length): length.map { "string(\($0))" } ?? "string"
        case .int: "int"
        case .int64: "int64"
        case .real: "real"
        case .date: "date"
        case .datetime: "datetime"
        case .guid: "guid"
        case .enumeration(let name): "enum(\(name))"
        case .noYes: "noYes"
        }
    }
}

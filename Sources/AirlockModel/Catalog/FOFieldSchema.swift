/// One field of an F&O data entity: its UPPERCASE name (as in CSV headers and XML), type and constraints.
public struct FOFieldSchema: Sendable, Hashable, Codable {
    /// The field name in UPPERCASE, as DMF writes it in CSV headers and XML.
    public var name: String
    /// The field type, with the string length when known.
    public var type: FOFieldType
    /// Whether every record must carry a value: `validate` reports an empty one as an error and `convert` refuses
    /// the record (the staging table's flag where it holds in every company, an entity key, or a field Microsoft's
    /// entity pages call required).
    public var isMandatory: Bool
    /// Whether the entity's staging table marks the field mandatory (the D365 application metadata), whatever
    /// `isMandatory` makes of it.
    public var isStagingMandatory: Bool
    /// Why a staging flag is not enforced in every record (a country's fiscal code, an optional feature); an empty
    /// value is then a notice.
    public var mandatoryNote: String?
    /// The extended data type the field has, when the catalog names one (e.g. `CustAccount`).
    public var extendedDataType: String?
    /// What the length rests on; nil when the field has no length.
    public var lengthBasis: FOLengthBasis?
    /// The EDT the length is stated for, when it is not `extendedDataType` itself (`CustVendAC` for `CustAccount`).
    public var lengthEDT: String?
    /// Where in the basis's source the length is (an EDT file, a database column, a reference page).
    public var lengthSource: String?
    /// What other sources say of the length, when they disagree (the larger length is the one checked).
    public var lengthConflict: String?
    /// Whether the field is a memo (no fixed length).
    public var isMemo: Bool
    /// How a catalog extension wants findings on the field's length reported, overriding what its basis implies.
    public var enforcement: CatalogEnforcement?
    /// Whether the type is inferred (the reference lists only the name) rather than stated.
    public var inferredType: Bool
    /// Where an inferred type comes from: the typed entity it is copied from, or `name`.
    public var inferredFrom: String?
    /// The only values a string field takes (`PARTYTYPE`: Organization or Person), spelt as F&O writes them;
    /// empty when any text is allowed.
    public var allowedValues: [String]
    /// Whether importing a record of the entity creates the record this field names when the target has none (a
    /// customer's party, by its number): the value is then no reference data the target must hold first.
    public var createsReferenced: Bool
    /// Free text for the reader of a report.
    public var note: String?

    public init(
        name: String, type: FOFieldType, isMandatory: Bool = false, isStagingMandatory: Bool = false, mandatoryNote: String? = nil,
        extendedDataType: String? = nil, lengthBasis: FOLengthBasis? = nil, lengthEDT: String? = nil, lengthSource: String? = nil,
        lengthConflict: String? = nil, isMemo: Bool = false, enforcement: CatalogEnforcement? = nil, inferredType: Bool = false,
        inferredFrom: String? = nil, allowedValues: [String] = [], createsReferenced: Bool = false, note: String? = nil
    ) {
        self.name = name
        self.type = type
        self.isMandatory = isMandatory
        self.isStagingMandatory = isStagingMandatory
        self.mandatoryNote = mandatoryNote
        self.extendedDataType = extendedDataType
        self.lengthBasis = lengthBasis
        self.lengthEDT = lengthEDT
        self.lengthSource = lengthSource
        self.lengthConflict = lengthConflict
        self.isMemo = isMemo
        self.enforcement = enforcement
        self.inferredType = inferredType
        self.inferredFrom = inferredFrom
        self.allowedValues = allowedValues
        self.createsReferenced = createsReferenced
        self.note = note
    }

    /// The maximum length of a string field, when known.
    public var maxLength: Int? { type.maxLength }

    /// How sure the length is (a length without a basis is taken as stated by whoever gave it).
    public var lengthCertainty: CatalogCertainty { lengthBasis?.certainty ?? .documented }

    /// Whether a text over `maxLength` is refused: a length stated for D365 or by the environment unless an extension
    /// relaxed it, or a guess an extension made strict.
    public var enforcesLength: Bool { lengthCertainty.isEnforced(with: enforcement) }

    /// What the length rests on, in words, for the end of a finding: the basis, the EDT and where the source says it,
    /// and any disagreement between sources.
    public var lengthBasisNote: String {
        var parts = [lengthBasis?.description ?? "stated by the catalog"]
        if let edt = lengthEDT ?? extendedDataType { parts.append("EDT \(edt)") }
        if let source = lengthSource { parts.append(source) }
        if let conflict = lengthConflict { parts.append(conflict) }
        if enforcement == .warning { parts.append("reported as a warning by your catalog extension") }
        if enforcement == .error && lengthCertainty == .guess { parts.append("made strict by your catalog extension") }
        return parts.joined(separator: "; ")
    }
}

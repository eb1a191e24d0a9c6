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
    /// The requirement level the column's metadata states.
    public let requiredLevel: SalesRequiredLevel
    /// The integrations that match records on this column (`accountnumber`: Prospect to cash keys accounts to F&O
    /// customers on it), whatever its requirement level; dual-write's keys are the entity's `dualWriteKey`.
    public let integrationKeys: [SyncIntegration]
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
    /// Where the entry comes from (solution, table reference, documentation, extension or guess).
    public let origin: CatalogOrigin
    /// How a catalog extension wants findings on this attribute reported; nil follows the certainty.
    public let enforcement: CatalogEnforcement?
    /// Where the facts come from: the source's name, or for a guess what was guessed and why.
    public let source: String?
    /// Free text for the reader of a report.
    public let note: String?
    private let optionIndex: [Int: Int]

    public init(
        logicalName: String, displayName: String? = nil, type: SalesAttributeType, maxLength: Int? = nil, assumedLength: Bool = false,
        format: String? = nil, isRequired: Bool = false, requiredLevel: SalesRequiredLevel = .none, integrationKeys: [SyncIntegration] = [],
        lookupTargets: [String] = [],
        options: [SalesOptionValue] = [],
        isOptionSetOpen: Bool = false, precision: Int? = nil, dateTimeBehavior: SalesDateTimeBehavior? = nil, isReadOnly: Bool = false,
        origin: CatalogOrigin = .environment, enforcement: CatalogEnforcement? = nil, source: String? = nil, note: String? = nil
    ) {
        self.logicalName = logicalName
        self.displayName = displayName
        self.type = type
        self.maxLength = maxLength
        self.assumedLength = assumedLength
        self.format = format
        self.isRequired = isRequired
        self.requiredLevel = requiredLevel
        self.integrationKeys = integrationKeys
        self.lookupTargets = lookupTargets
        self.options = options
        self.isOptionSetOpen = isOptionSetOpen
        self.precision = precision
        self.dateTimeBehavior = dateTimeBehavior
        self.isReadOnly = isReadOnly
        self.origin = origin
        self.enforcement = enforcement
        self.source = source
        self.note = note
        optionIndex = Dictionary(options.enumerated().map { ($1.value, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// Whether the entry is a guess (its name, type or facts are confirmed by no source).
    public var isGuess: Bool { origin.certainty == .guess }

    /// How sure the maximum length is: a guessed entry or an assumed length is a guess.
    public var lengthCertainty: CatalogCertainty { assumedLength ? .guess : origin.certainty }

    /// How sure the option list is: an open list or a guessed entry is a guess.
    public var optionsCertainty: CatalogCertainty { isOptionSetOpen ? .guess : origin.certainty }

    /// Whether a text over `maxLength` is refused: a documented length unless an extension relaxed it, or a guess
    /// an extension made strict.
    public var enforcesLength: Bool { lengthCertainty.isEnforced(with: enforcement) }

    /// Whether a value outside `options` is refused, by the same rule as `enforcesLength`.
    public var enforcesOptions: Bool { optionsCertainty.isEnforced(with: enforcement) }

    /// The first twelve options as `value label`, for messages that say what the attribute takes.
    public var optionsSummary: String {
        options.prefix(12).map { "\($0.value) \($0.label)" }.joined(separator: ", ") + (options.count > 12 ? ", …" : "")
    }

    /// The option with integer value `value`, if known.
    public func option(_ value: Int) -> SalesOptionValue? {
        optionIndex[value].map { options[$0] }
    }
}

/// The stored facts, not the option index (`init` builds it again): what the bundled catalog's image holds.
extension SalesAttributeSchema: Codable {
    private enum CodingKeys: String, CodingKey {
        case logicalName, displayName, type, maxLength, assumedLength, format, isRequired, requiredLevel, integrationKeys
        case lookupTargets, options, isOptionSetOpen, precision, dateTimeBehavior, isReadOnly, origin, enforcement, source, note
    }

    public init(from decoder: any Decoder) throws {
        let values = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            logicalName: try values.decode(String.self, forKey: .logicalName),
            displayName: try values.decodeIfPresent(String.self, forKey: .displayName),
            type: try values.decode(SalesAttributeType.self, forKey: .type),
            maxLength: try values.decodeIfPresent(Int.self, forKey: .maxLength),
            assumedLength: try values.decode(Bool.self, forKey: .assumedLength),
            format: try values.decodeIfPresent(String.self, forKey: .format),
            isRequired: try values.decode(Bool.self, forKey: .isRequired),
            requiredLevel: try values.decode(SalesRequiredLevel.self, forKey: .requiredLevel),
            integrationKeys: try values.decode([SyncIntegration].self, forKey: .integrationKeys),
            lookupTargets: try values.decode([String].self, forKey: .lookupTargets),
            options: try values.decode([SalesOptionValue].self, forKey: .options),
            isOptionSetOpen: try values.decode(Bool.self, forKey: .isOptionSetOpen),
            precision: try values.decodeIfPresent(Int.self, forKey: .precision),
            dateTimeBehavior: try values.decodeIfPresent(SalesDateTimeBehavior.self, forKey: .dateTimeBehavior),
            isReadOnly: try values.decode(Bool.self, forKey: .isReadOnly), origin: try values.decode(CatalogOrigin.self, forKey: .origin),
            enforcement: try values.decodeIfPresent(CatalogEnforcement.self, forKey: .enforcement),
            source: try values.decodeIfPresent(String.self, forKey: .source), note: try values.decodeIfPresent(String.self, forKey: .note))
    }
}

import AirlockModel

/// One problem `validate` found, located as precisely as the input allows.
///
/// Encodes to the JSON documented in docs/validation.md; every key is always present (`null` where unknown).
public struct ValidationFinding: Sendable, Equatable, Codable {
    public var rule: String
    public var severity: ValidationSeverity
    public var entity: String?
    public var file: String?
    public var line: Int?
    /// Record key (F&O) or record id (Sales).
    public var record: String?
    public var field: String?
    public var value: String?
    public var message: String
    /// What kind of catalog fact the finding rests on (platform limit, documented, guess); nil when none.
    public var basis: CatalogCertainty?

    public init(
        rule: ValidationRule, entity: String? = nil, file: String? = nil, line: Int? = nil, record: String? = nil,
        field: String? = nil, value: String? = nil, message: String, severity: ValidationSeverity? = nil, basis: CatalogCertainty? = nil
    ) {
        self.rule = rule.id
        self.severity = severity ?? rule.severity
        self.entity = entity
        self.file = file
        self.line = line
        self.record = record
        self.field = field
        self.value = value
        self.message = message
        self.basis = basis
    }

    enum CodingKeys: String, CodingKey {
        case rule, severity, entity, file, line, record, field, value, message, basis
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(rule, forKey: .rule)
        try container.encode(severity, forKey: .severity)
        try container.encode(entity, forKey: .entity)
        try container.encode(file, forKey: .file)
        try container.encode(line, forKey: .line)
        try container.encode(record, forKey: .record)
        try container.encode(field, forKey: .field)
        try container.encode(value, forKey: .value)
        try container.encode(message, forKey: .message)
        try container.encode(basis, forKey: .basis)
    }
}

import AirlockModel

/// A Sales attribute while catalog files are merged into it.
struct SalesAttributeDraft {
    var logicalName: String
    var displayName: String?
    var type: SalesAttributeType
    var maxLength: Int?
    var assumedLength = false
    var format: String?
    var isRequired = false
    var requiredLevel = SalesRequiredLevel.none
    var integrationKeys: [SyncIntegration] = []
    var lookupTargets: [String] = []
    var options: [SalesOptionValue] = []
    var isOptionSetOpen = false
    var precision: Int?
    var dateTimeBehavior: SalesDateTimeBehavior?
    var isReadOnly = false
    var origin: CatalogOrigin = .environment
    var enforcement: CatalogEnforcement?
    var source: String?
    var note: String?

    init(logicalName: String, type: SalesAttributeType) {
        self.logicalName = logicalName
        self.type = type
    }

    init(_ schema: SalesAttributeSchema) {
        logicalName = schema.logicalName
        displayName = schema.displayName
        type = schema.type
        maxLength = schema.maxLength
        assumedLength = schema.assumedLength
        format = schema.format
        isRequired = schema.isRequired
        requiredLevel = schema.requiredLevel
        integrationKeys = schema.integrationKeys
        lookupTargets = schema.lookupTargets
        options = schema.options
        isOptionSetOpen = schema.isOptionSetOpen
        precision = schema.precision
        dateTimeBehavior = schema.dateTimeBehavior
        isReadOnly = schema.isReadOnly
        origin = schema.origin
        enforcement = schema.enforcement
        source = schema.source
        note = schema.note
    }

    /// Adds `option`, or replaces the option with the same value in place.
    mutating func upsert(_ option: SalesOptionValue) {
        if let position = options.firstIndex(where: { $0.value == option.value }) {
            options[position] = option
        } else {
            options.append(option)
        }
    }

    var schema: SalesAttributeSchema {
        SalesAttributeSchema(
            logicalName: logicalName, displayName: displayName, type: type, maxLength: maxLength, assumedLength: assumedLength,
            format: format, isRequired: isRequired, requiredLevel: requiredLevel, integrationKeys: integrationKeys,
            lookupTargets: lookupTargets, options: options,
            isOptionSetOpen: isOptionSetOpen,
            precision: precision, dateTimeBehavior: dateTimeBehavior, isReadOnly: isReadOnly, origin: origin, enforcement: enforcement,
            source: source, note: note)
    }
}

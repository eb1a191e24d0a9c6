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
    var lookupTargets: [String] = []
    var options: [SalesOptionValue] = []
    var isOptionSetOpen = false
    var precision: Int?
    var dateTimeBehavior: SalesDateTimeBehavior?
    var isReadOnly = false
    var isUnverified = false
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
        lookupTargets = schema.lookupTargets
        options = schema.options
        isOptionSetOpen = schema.isOptionSetOpen
        precision = schema.precision
        dateTimeBehavior = schema.dateTimeBehavior
        isReadOnly = schema.isReadOnly
        isUnverified = schema.isUnverified
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
            format: format, isRequired: isRequired, lookupTargets: lookupTargets, options: options, isOptionSetOpen: isOptionSetOpen,
            precision: precision, dateTimeBehavior: dateTimeBehavior, isReadOnly: isReadOnly, isUnverified: isUnverified,
            source: source, note: note)
    }
}

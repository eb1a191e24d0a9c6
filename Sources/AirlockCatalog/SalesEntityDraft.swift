import AirlockModel

/// A Sales entity while catalog files are merged into it.
struct SalesEntityDraft {
    var logicalName: String
    var displayName: String?
    var primaryIdAttribute: String
    var primaryNameAttribute: String?
    var naturalKey: [String] = []
    var dualWriteKey: SalesIntegrationKey?
    var source: String?
    var note: String?
    private(set) var attributes: [SalesAttributeDraft] = []
    private var attributeIndex: [String: Int] = [:]

    init(logicalName: String, primaryIdAttribute: String) {
        self.logicalName = logicalName
        self.primaryIdAttribute = primaryIdAttribute
    }

    init(_ schema: SalesEntitySchema) {
        logicalName = schema.logicalName
        displayName = schema.displayName
        primaryIdAttribute = schema.primaryIdAttribute
        primaryNameAttribute = schema.primaryNameAttribute
        naturalKey = schema.naturalKey
        dualWriteKey = schema.dualWriteKey
        source = schema.source
        note = schema.note
        for attribute in schema.attributes { upsert(SalesAttributeDraft(attribute)) }
    }

    /// The attribute with logical name `name` (lower case).
    func attribute(named name: String) -> SalesAttributeDraft? {
        attributeIndex[name].map { attributes[$0] }
    }

    /// Adds `attribute`, or replaces the attribute of the same name in place.
    mutating func upsert(_ attribute: SalesAttributeDraft) {
        if let position = attributeIndex[attribute.logicalName] {
            attributes[position] = attribute
        } else {
            attributeIndex[attribute.logicalName] = attributes.count
            attributes.append(attribute)
        }
    }

    var schema: SalesEntitySchema {
        SalesEntitySchema(
            logicalName: logicalName, displayName: displayName, primaryIdAttribute: primaryIdAttribute,
            primaryNameAttribute: primaryNameAttribute, naturalKey: naturalKey, attributes: attributes.map(\.schema), source: source,
            note: note, dualWriteKey: dualWriteKey)
    }
}

import AirlockModel

/// An F&O entity while catalog files are merged into it.
struct FOEntityDraft {
    var label: String
    var technicalName: String
    var publicName: String?
    var isCompanySpecific: Bool
    var keyFields: [String]
    var alternatives: [String] = []
    var referencedBy: [String] = []
    var requirements: [FORecordRequirement] = []
    var loadOrder: [FOLoadOrder] = []
    var source: String?
    var note: String?
    private(set) var fields: [FOFieldSchema]
    private var fieldIndex: [String: Int]

    init(label: String, technicalName: String) {
        self.label = label
        self.technicalName = technicalName
        isCompanySpecific = true
        keyFields = []
        fields = []
        fieldIndex = [:]
    }

    init(_ schema: FOEntitySchema) {
        label = schema.label
        technicalName = schema.technicalName
        publicName = schema.publicName
        isCompanySpecific = schema.isCompanySpecific
        keyFields = schema.keyFields
        alternatives = schema.alternatives
        referencedBy = schema.referencedBy
        requirements = schema.requirements
        loadOrder = schema.loadOrder
        source = schema.source
        note = schema.note
        fields = []
        fieldIndex = [:]
        for field in schema.fields { upsert(field) }
    }

    /// The names the entity is found by: label, technical name and public name.
    var names: [String] { [label, technicalName, publicName].compactMap { $0 } }

    /// The field named `name` (UPPERCASE).
    func field(named name: String) -> FOFieldSchema? {
        fieldIndex[name].map { fields[$0] }
    }

    /// Adds `field`, or replaces the field of the same name in place.
    mutating func upsert(_ field: FOFieldSchema) {
        if let position = fieldIndex[field.name] {
            fields[position] = field
        } else {
            fieldIndex[field.name] = fields.count
            fields.append(field)
        }
    }

    var schema: FOEntitySchema {
        FOEntitySchema(
            label: label, technicalName: technicalName, publicName: publicName, isCompanySpecific: isCompanySpecific, keyFields: keyFields,
            fields: fields, alternatives: alternatives, referencedBy: referencedBy, requirements: requirements, loadOrder: loadOrder,
            source: source, note: note)
    }
}

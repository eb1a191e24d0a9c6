import AirlockPackages

/// Builds one entity of a sample Configuration Migration package: its schema and its data section side by side.
struct SampleEntityBuilder {
    var schema: CMTSchemaEntity
    var data: CMTEntityData
    /// For an entity of a given schema (`init(schema:)`): each field's position in it, the order records list their
    /// values in.
    private var fieldOrder: [String: Int]?

    /// An entity whose primary id field `id` (a GUID) comes first, then `fields`.
    init(_ name: String, _ displayName: String, id: String, primaryName: String, fields: [CMTSchemaField]) {
        let all = [CMTSchemaField(name: id, type: .guid, displayName: displayName, primaryKey: true)] + fields
        schema = CMTSchemaEntity(
            name: name, displayName: displayName, primaryIDField: id, primaryNameField: primaryName, disablePlugins: false,
            fields: all)
        data = CMTEntityData(schema: schema)
    }

    /// An entity of an export schema as it is (`ExportSchemaBuilder`): its records list their values in the
    /// schema's field order, as an export made with that schema does.
    init(schema: CMTSchemaEntity) {
        self.schema = schema
        data = CMTEntityData(schema: schema)
        var order: [String: Int] = [:]
        for (index, field) in schema.fields.enumerated() { order[field.name] = index }
        fieldOrder = order
    }

    /// Appends a record with id `id` and the non-nil `values` (the id field first). For an entity of a given
    /// schema, a value of a field the schema does not declare is a programming error (an export holds no such value).
    mutating func add(id: String, _ values: [CMTFieldValue?]) throws {
        let idField = CMTFieldValue(name: schema.primaryIDField ?? "", value: id)
        var fields = values.compactMap { $0 }
        if let fieldOrder {
            fields = fields.filter { field in
                guard fieldOrder[field.name] != nil else {
                    assertionFailure("\(schema.name).\(field.name) is not in the export schema")
                    return false
                }
                return field.name != idField.name
            }
            fields.sort { (fieldOrder[$0.name] ?? 0) < (fieldOrder[$1.name] ?? 0) }
        }
        try data.append(CMTRecord(id: id, fields: [idField] + fields))
    }

    /// The records as an export made with `schema` (an entity of an export schema) holds them: each record's values
    /// in the schema's field order. A value of a field `schema` does not declare is a programming error (an export
    /// holds no such value).
    func exported(with schema: CMTSchemaEntity) throws -> CMTEntityData {
        var order: [String: Int] = [:]
        for (index, field) in schema.fields.enumerated() { order[field.name] = index }
        var exported = CMTEntityData(schema: schema)
        for row in 0..<data.recordCount {
            var record = data.record(at: row)
            record.fields = record.fields.filter { field in
                guard order[field.name] != nil else {
                    assertionFailure("\(schema.name).\(field.name) is not in the export schema")
                    return false
                }
                return true
            }
            record.fields.sort { (order[$0.name] ?? 0) < (order[$1.name] ?? 0) }
            try exported.append(record)
        }
        return exported
    }

    /// A schema field; `key` marks it for update comparison (the record's natural key), `lookup` names the entity
    /// (or entities, `account|contact`) a lookup points to.
    static func field(_ name: String, _ type: CMTFieldType, _ display: String, key: Bool = false, lookup: String? = nil)
        -> CMTSchemaField
    {
        CMTSchemaField(name: name, type: type, displayName: display, updateCompare: key ? true : nil, lookupType: lookup)
    }

    /// A field value; nil (the field left out) when `text` is nil or empty.
    static func value(_ name: String, _ text: String?) -> CMTFieldValue? {
        guard let text, !text.isEmpty else { return nil }
        return CMTFieldValue(name: name, value: text)
    }

    /// A lookup value to record `id` of `entity`; nil (left out) when `id` is nil.
    static func lookup(_ name: String, _ id: String?, _ entity: String, _ display: String) -> CMTFieldValue? {
        guard let id else { return nil }
        return CMTFieldValue.lookup(name, id: id, entity: entity, entityName: display)
    }
}

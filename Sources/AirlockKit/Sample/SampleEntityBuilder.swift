import AirlockPackages

/// Builds one entity of a sample Configuration Migration package: its schema and its data section side by side.
struct SampleEntityBuilder {
    var schema: CMTSchemaEntity
    var data: CMTEntityData

    /// An entity whose primary id field `id` (a GUID) comes first, then `fields`.
    init(_ name: String, _ displayName: String, id: String, primaryName: String, fields: [CMTSchemaField]) {
        let all = [CMTSchemaField(name: id, type: .guid, displayName: displayName, primaryKey: true)] + fields
        schema = CMTSchemaEntity(
            name: name, displayName: displayName, primaryIDField: id, primaryNameField: primaryName, disablePlugins: false,
            fields: all)
        data = CMTEntityData(schema: schema)
    }

    /// Appends a record with id `id` and the non-nil `values` (the id field first).
    mutating func add(id: String, _ values: [CMTFieldValue?]) throws {
        let idField = CMTFieldValue(name: schema.primaryIDField ?? "", value: id)
        try data.append(CMTRecord(id: id, fields: [idField] + values.compactMap { $0 }))
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

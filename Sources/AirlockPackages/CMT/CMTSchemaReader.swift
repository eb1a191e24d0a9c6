import AirlockIO
import AirlockModel

/// Reads `data_schema.xml` into a `CMTSchema`.
///
/// Schemas are small (a few hundred fields), so the document is read into a tree first. Unknown attributes
/// are kept; unknown child elements are skipped (CMT itself ignores them).
public enum CMTSchemaReader {
    /// Reads a schema document.
    /// - Parameters:
    ///   - stream: the bytes of `data_schema.xml` (UTF-8 or UTF-16, with or without a BOM).
    ///   - location: file and entry, used in every error.
    /// - Throws: `AirlockError(.malformedXML)` for XML that is not well-formed or not shaped as a CMT schema
    ///   (with line and column where known), `.invalidValue` for a boolean attribute that is not true/false/1/0.
    public static func read(_ stream: ByteStream, location: SourceLocation) throws -> CMTSchema {
        let root = try XMLElementNode.parse(stream, location: location)
        guard root.name == "entities" else {
            throw AirlockError(
                .malformedXML, "the root element is <\(root.name)>; a CMT data_schema.xml starts with <entities>",
                at: at(location, root))
        }
        var schema = CMTSchema()
        for attribute in root.attributes {
            if attribute.name == "dateMode" {
                schema.dateMode = attribute.value
            } else {
                schema.otherAttributes.append(CMTAttribute(attribute.name, attribute.value))
            }
        }
        var seen = Set<String>()
        for child in root.children {
            switch child.name {
            case "entity":
                let entity = try readEntity(child, location: location)
                guard seen.insert(entity.name).inserted else {
                    throw AirlockError(
                        .malformedXML, "entity '\(entity.name)' is declared twice; CMT needs one <entity> per table",
                        at: at(location, child, entity: entity.name))
                }
                schema.entities.append(entity)
            case "entityImportOrder":
                schema.entityImportOrder = child.children.filter { $0.name == "entityName" }.map { $0.text.trimmingASCIIWhitespace() }
            default:
                continue
            }
        }
        return schema
    }

    private static func readEntity(_ node: XMLElementNode, location: SourceLocation) throws -> CMTSchemaEntity {
        guard let name = node.attributes.first(where: { $0.name == "name" })?.value, !name.isEmpty else {
            throw AirlockError(.malformedXML, "an <entity> has no name attribute", at: at(location, node))
        }
        var entity = CMTSchemaEntity(name: name)
        let here = at(location, node, entity: name)
        for attribute in node.attributes {
            switch attribute.name {
            case "name": continue
            case "displayname": entity.displayName = attribute.value
            case "etc": entity.objectTypeCode = attribute.value
            case "primaryidfield": entity.primaryIDField = attribute.value
            case "primarynamefield": entity.primaryNameField = attribute.value
            case "disableplugins": entity.disablePlugins = try bool(attribute, at: here)
            case "skipupdate": entity.skipUpdate = try bool(attribute, at: here)
            case "forcecreate": entity.forceCreate = try bool(attribute, at: here)
            default: entity.otherAttributes.append(CMTAttribute(attribute.name, attribute.value))
            }
        }
        for child in node.children {
            switch child.name {
            case "fields":
                entity.fields = try readFields(child, entity: name, location: location)
            case "relationships":
                entity.relationships = try child.children.filter { $0.name == "relationship" }.map { relationship in
                    CMTSchemaRelationship(
                        attributes: relationship.attributes.map { CMTAttribute($0.name, $0.value) },
                        fields: try relationship.child("fields").map { try readFields($0, entity: name, location: location) })
                }
            case "filter":
                entity.filter = child.text
            default:
                continue
            }
        }
        return entity
    }

    private static func readFields(_ node: XMLElementNode, entity: String, location: SourceLocation) throws -> [CMTSchemaField] {
        var fields: [CMTSchemaField] = []
        var seen = Set<String>()
        for child in node.children where child.name == "field" {
            let field = try readField(child, entity: entity, location: location)
            guard seen.insert(field.name).inserted else {
                throw AirlockError(
                    .malformedXML, "field '\(field.name)' is declared twice in the entity",
                    at: at(location, child, entity: entity, field: field.name))
            }
            fields.append(field)
        }
        return fields
    }

    private static func readField(_ node: XMLElementNode, entity: String, location: SourceLocation) throws -> CMTSchemaField {
        guard let name = node.attributes.first(where: { $0.name == "name" })?.value, !name.isEmpty else {
            throw AirlockError(.malformedXML, "a <field> has no name attribute", at: at(location, node, entity: entity))
        }
        let here = at(location, node, entity: entity, field: name)
        guard let type = node.attributes.first(where: { $0.name == "type" })?.value else {
            throw AirlockError(.malformedXML, "the field has no type attribute", at: here)
        }
        var field = CMTSchemaField(name: name, type: CMTFieldType(rawValue: type))
        for attribute in node.attributes {
            switch attribute.name {
            case "name", "type": continue
            case "updateCompare": field.updateCompare = try bool(attribute, at: here)
            case "displayname": field.displayName = attribute.value
            case "lookupType": field.lookupType = attribute.value
            case "primaryKey": field.primaryKey = try bool(attribute, at: here)
            case "customfield": field.customField = try bool(attribute, at: here)
            case "dateMode": field.dateMode = attribute.value
            default: field.otherAttributes.append(CMTAttribute(attribute.name, attribute.value))
            }
        }
        return field
    }

    /// Schema booleans are read by .NET's XmlSerializer, which takes `true`, `false`, `1` and `0`; any case is
    /// accepted here because the meaning is unambiguous.
    private static func bool(_ attribute: (name: String, value: String), at location: SourceLocation) throws -> Bool {
        switch attribute.value.trimmingASCIIWhitespace().lowercased() {
        case "true", "1": return true
        case "false", "0": return false
        default:
            throw AirlockError(
                .invalidValue, "attribute \(attribute.name)=\"\(attribute.value)\" is not a boolean (true, false, 1 or 0)",
                at: location)
        }
    }

    private static func at(_ location: SourceLocation, _ node: XMLElementNode, entity: String? = nil, field: String? = nil)
        -> SourceLocation
    {
        var place = location
        place.line = node.line > 0 ? node.line : nil
        place.entity = entity
        place.field = field
        return place
    }
}

import AirlockIO
import AirlockModel

/// Writes a `CMTSchema` as `data_schema.xml`, laid out as CMT's schema tool writes it.
///
/// Layout: no XML declaration, UTF-8 without BOM, CR LF line ends, two-space indent, ` />` on empty elements,
/// no line end after the root's end tag. Known attributes come in CMT's order (entity: name, displayname, etc,
/// primaryidfield, primarynamefield, disableplugins, skipupdate, forcecreate; field: updateCompare, displayname,
/// name, type, lookupType, primaryKey, customfield, dateMode), then the kept unknown ones. Booleans are
/// lower case (`true`/`false`), the only spelling .NET's XmlSerializer is sure to take.
public enum CMTSchemaWriter {
    /// Writes `schema` into `writer` (which the caller flushes).
    /// - Throws: `AirlockError(.invalidValue)` for text XML cannot carry (a control character), or the sink's error.
    public static func write(
        _ schema: CMTSchema, to writer: BufferedByteWriter, location: SourceLocation = SourceLocation(entry: CMTPackage.schemaMember)
    ) throws {
        var xml = CMTXMLOutput()
        var place = location
        do {
            xml.raw("<entities")
            // XmlSerializer puts namespace declarations first.
            for attribute in schema.otherAttributes where attribute.name.hasPrefix("xmlns") {
                try xml.attribute(attribute.name, attribute.value)
            }
            if let dateMode = schema.dateMode { try xml.attribute("dateMode", dateMode) }
            for attribute in schema.otherAttributes where !attribute.name.hasPrefix("xmlns") {
                try xml.attribute(attribute.name, attribute.value)
            }
            xml.raw(">")
            for entity in schema.entities {
                place.entity = entity.name
                place.field = nil
                try writeEntity(entity, &xml, &place)
            }
            place.entity = nil
            place.field = nil
            if let order = schema.entityImportOrder {
                xml.line(1)
                if order.isEmpty {
                    xml.raw("<entityImportOrder />")
                } else {
                    xml.raw("<entityImportOrder>")
                    for name in order {
                        xml.line(2)
                        xml.raw("<entityName>")
                        try xml.text(name)
                        xml.raw("</entityName>")
                    }
                    xml.line(1)
                    xml.raw("</entityImportOrder>")
                }
            }
            xml.line(0)
            xml.raw("</entities>")
            try xml.drain(into: writer)
        } catch let problem as CMTValueProblem {
            throw AirlockError(.invalidValue, problem.reason, at: place)
        }
    }

    /// The bytes of `data_schema.xml` for `schema`.
    /// - Throws: as `write(_:to:location:)`.
    public static func bytes(_ schema: CMTSchema) throws -> [UInt8] {
        let sink = MemoryByteSink()
        let writer = BufferedByteWriter(sink: sink)
        try write(schema, to: writer)
        try writer.flush()
        return sink.bytes
    }

    private static func writeEntity(_ entity: CMTSchemaEntity, _ xml: inout CMTXMLOutput, _ place: inout SourceLocation) throws {
        xml.line(1)
        xml.raw("<entity")
        try xml.attribute("name", entity.name)
        if let value = entity.displayName { try xml.attribute("displayname", value) }
        if let value = entity.objectTypeCode { try xml.attribute("etc", value) }
        if let value = entity.primaryIDField { try xml.attribute("primaryidfield", value) }
        if let value = entity.primaryNameField { try xml.attribute("primarynamefield", value) }
        if let value = entity.disablePlugins { try xml.attribute("disableplugins", text(value)) }
        if let value = entity.skipUpdate { try xml.attribute("skipupdate", text(value)) }
        if let value = entity.forceCreate { try xml.attribute("forcecreate", text(value)) }
        for attribute in entity.otherAttributes { try xml.attribute(attribute.name, attribute.value) }
        xml.raw(">")
        try writeFields(entity.fields, level: 2, &xml, &place)
        if let relationships = entity.relationships {
            place.field = nil
            xml.line(2)
            if relationships.isEmpty {
                xml.raw("<relationships />")
            } else {
                xml.raw("<relationships>")
                for relationship in relationships {
                    xml.line(3)
                    xml.raw("<relationship")
                    for attribute in relationship.attributes { try xml.attribute(attribute.name, attribute.value) }
                    if let fields = relationship.fields {
                        xml.raw(">")
                        try writeFields(fields, level: 4, &xml, &place)
                        xml.line(3)
                        xml.raw("</relationship>")
                    } else {
                        xml.raw(" />")
                    }
                }
                xml.line(2)
                xml.raw("</relationships>")
            }
        }
        if let filter = entity.filter {
            place.field = nil
            xml.line(2)
            xml.raw("<filter>")
            try xml.text(filter)
            xml.raw("</filter>")
        }
        xml.line(1)
        xml.raw("</entity>")
    }

    private static func writeFields(_ fields: [CMTSchemaField], level: Int, _ xml: inout CMTXMLOutput, _ place: inout SourceLocation) throws
    {
        xml.line(level)
        if fields.isEmpty {
            xml.raw("<fields />")
            return
        }
        xml.raw("<fields>")
        for field in fields {
            place.field = field.name
            xml.line(level + 1)
            xml.raw("<field")
            if let value = field.updateCompare { try xml.attribute("updateCompare", text(value)) }
            if let value = field.displayName { try xml.attribute("displayname", value) }
            try xml.attribute("name", field.name)
            try xml.attribute("type", field.type.rawValue)
            if let value = field.lookupType { try xml.attribute("lookupType", value) }
            if let value = field.primaryKey { try xml.attribute("primaryKey", text(value)) }
            if let value = field.customField { try xml.attribute("customfield", text(value)) }
            if let value = field.dateMode { try xml.attribute("dateMode", value) }
            for attribute in field.otherAttributes { try xml.attribute(attribute.name, attribute.value) }
            xml.raw(" />")
        }
        xml.line(level)
        xml.raw("</fields>")
    }

    private static func text(_ value: Bool) -> String { value ? "true" : "false" }
}

import AirlockIO
import AirlockModel

/// The line of each `<entity>`, `<field>` and `<entityImportOrder>` entry of `data_schema.xml`, so that
/// schema findings point at a line (`CMTSchemaReader` keeps no positions).
struct CMTSchemaLines {
    private(set) var entities: [String: Int] = [:]
    private(set) var fields: [String: Int] = [:]
    private(set) var importOrder: [String: Int] = [:]
    private(set) var importOrderLine: Int?

    init() {}

    /// Reads the lines of `stream` (a schema `CMTSchemaReader` has already accepted).
    /// - Throws: `AirlockError` when the XML cannot be read.
    init(_ stream: ByteStream, location: SourceLocation) throws {
        let xml = try XMLStreamReader(stream, location: location)
        var entity: String?
        var inFields = false
        var inOrder = false
        while let kind = try xml.next() {
            switch kind {
            case .startElement:
                switch xml.depth {
                case 1:
                    entity = nil
                    inOrder = false
                    if xml.hasName("entity"), let name = xml.attribute("name") {
                        entity = name
                        if entities[name] == nil { entities[name] = xml.line }
                    } else if xml.hasName("entityImportOrder") {
                        inOrder = true
                        importOrderLine = xml.line
                    }
                case 2:
                    inFields = entity != nil && xml.hasName("fields")
                    if inOrder, xml.hasName("entityName") {
                        let line = xml.line
                        let name = try xml.readElementText().trimmingASCIIWhitespace()
                        if importOrder[name] == nil { importOrder[name] = line }
                    }
                case 3:
                    if inFields, let entity, xml.hasName("field"), let name = xml.attribute("name") {
                        let key = Self.key(entity, name)
                        if fields[key] == nil { fields[key] = xml.line }
                    }
                default:
                    break
                }
            default:
                break
            }
        }
    }

    /// The line of field `field` of entity `entity`, else of the entity.
    func line(entity: String, field: String? = nil) -> Int? {
        if let field, let line = fields[Self.key(entity, field)] { return line }
        return entities[entity]
    }

    private static func key(_ entity: String, _ field: String) -> String { entity + "\u{0}" + field }
}

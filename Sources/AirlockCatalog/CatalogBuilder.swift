import AirlockModel
import AirlockYAML
import Yams

/// Merges catalog YAML documents, one after the other, over a starting catalog.
///
/// A document adds what is new and overrides what it names: entities are found by any of their names, fields
/// and attributes by name, enum symbols and option values are added to the known ones. Checks that span
/// files (an enum named by a field must exist) run in `build()`.
struct CatalogBuilder {
    var foEntities: [FOEntityDraft] = []
    var foEntityIndex: [String: Int] = [:]
    var foEnums: [FOEnumSchema] = []
    var foEnumIndex: [String: Int] = [:]
    var salesEntities: [SalesEntityDraft] = []
    var salesEntityIndex: [String: Int] = [:]
    /// Where each enum-typed field named its enum, keyed by `technical name|FIELD`, for errors in `build()`.
    var enumReferences: [String: SourceLocation] = [:]

    init(_ catalog: SchemaCatalog = .empty) {
        foEntities = catalog.foEntities.map(FOEntityDraft.init)
        reindexFOEntities()
        for schema in catalog.foEnums { upsertFOEnum(schema) }
        for schema in catalog.salesEntities { upsertSalesEntity(SalesEntityDraft(schema)) }
    }

    /// Merges the YAML `text` read from `file`.
    /// - Throws: `AirlockError` (`.invalidCatalog`) naming the file, line, column and key of the first problem.
    mutating func apply(yaml text: String, file: String) throws {
        let root: Node?
        do {
            // `.basic`: every scalar is text, read by `YAMLNode`'s typed accessors. Yams' default resolver tries a
            // regular expression per type on every scalar, which was most of the start-up of a command.
            root = try Yams.compose(yaml: text, .basic)
        } catch let error as YamlError {
            throw YAMLNode.airlockError(error, file: file, code: .invalidCatalog)
        }
        guard let root else { return }
        let document = YAMLNode(node: root, path: "", file: file, code: .invalidCatalog)
        if case .scalar(let scalar) = root, scalar.string.trimmingASCIIWhitespace().isEmpty { return }
        for entry in try document.entries(allowing: ["foEnums", "foEntities", "salesEntities"]) {
            switch entry.key {
            case "foEnums":
                for enumEntry in try entry.value.entries() { try applyFOEnum(enumEntry) }
            case "foEntities":
                for item in try entry.value.items() { try applyFOEntity(item) }
            default:
                for item in try entry.value.items() { try applySalesEntity(item) }
            }
        }
    }

    /// The merged catalog.
    /// - Throws: `AirlockError` when a field names an enum that no file defines.
    func build() throws -> SchemaCatalog {
        for entity in foEntities {
            for field in entity.fields {
                guard let enumName = field.type.enumName, foEnumIndex[enumName.lowercased()] == nil else { continue }
                let location =
                    enumReferences["\(entity.technicalName)|\(field.name)"]
                    ?? SourceLocation(entity: entity.label, field: field.name)
                throw AirlockError(
                    .invalidCatalog, "field \(field.name) names the enum \(enumName), which no catalog file defines", at: location)
            }
        }
        return SchemaCatalog(foEntities: foEntities.map(\.schema), foEnums: foEnums, salesEntities: salesEntities.map(\.schema))
    }

    mutating func reindexFOEntities() {
        foEntityIndex = [:]
        for (position, entity) in foEntities.enumerated() {
            for name in entity.names where foEntityIndex[name.lowercased()] == nil { foEntityIndex[name.lowercased()] = position }
        }
    }

    mutating func upsertFOEnum(_ schema: FOEnumSchema) {
        if let position = foEnumIndex[schema.name.lowercased()] {
            foEnums[position] = schema
        } else {
            foEnumIndex[schema.name.lowercased()] = foEnums.count
            foEnums.append(schema)
        }
    }

    mutating func upsertSalesEntity(_ draft: SalesEntityDraft) {
        if let position = salesEntityIndex[draft.logicalName] {
            salesEntities[position] = draft
        } else {
            salesEntityIndex[draft.logicalName] = salesEntities.count
            salesEntities.append(draft)
        }
    }
}

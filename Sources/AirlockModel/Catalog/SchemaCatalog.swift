/// What Airlock knows about the entities of both sides: F&O data entities with their fields and enums, and
/// Dynamics 365 Sales entities with their attributes. Validation and conversion check packages against it.
///
/// Lookups by name use dictionaries built once, in `init`.
public struct SchemaCatalog: Sendable, Equatable {
    /// The F&O data entities.
    public let foEntities: [FOEntitySchema]
    /// The F&O enums that entity fields use.
    public let foEnums: [FOEnumSchema]
    /// The Sales entities.
    public let salesEntities: [SalesEntitySchema]
    private let foEntityIndex: [String: Int]
    private let foEnumIndex: [String: Int]
    private let salesEntityIndex: [String: Int]

    /// A catalog that knows nothing.
    public static let empty = SchemaCatalog(foEntities: [], foEnums: [], salesEntities: [])

    public init(foEntities: [FOEntitySchema], foEnums: [FOEnumSchema], salesEntities: [SalesEntitySchema]) {
        self.foEntities = foEntities
        self.foEnums = foEnums
        self.salesEntities = salesEntities
        var entityIndex: [String: Int] = [:]
        for (position, entity) in foEntities.enumerated() {
            for name in [entity.label, entity.technicalName, entity.publicName].compactMap({ $0 })
            where entityIndex[name.lowercased()] == nil {
                entityIndex[name.lowercased()] = position
            }
        }
        foEntityIndex = entityIndex
        foEnumIndex = Self.index(foEnums.map(\.name))
        salesEntityIndex = Self.index(salesEntities.map(\.logicalName))
    }

    private static func index(_ names: [String]) -> [String: Int] {
        Dictionary(names.enumerated().map { ($1.lowercased(), $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The F&O entity whose DMF label, AOT name or OData name is `name` (case-insensitive).
    public func foEntity(named name: String) -> FOEntitySchema? {
        foEntityIndex[name.lowercased()].map { foEntities[$0] }
    }

    /// The DMF label of the F&O entity named `name` (its label, AOT or OData name, case-insensitive), or `name` as
    /// given when the catalog does not know it: the one name every reader keys an entity by.
    public func foLabel(of name: String) -> String {
        foEntity(named: name)?.label ?? name
    }

    /// What F&O entity names are compared by: the label of `name`, lower-cased (two names of one entity, in any case,
    /// give the same key).
    public func foKey(of name: String) -> String {
        foLabel(of: name).lowercased()
    }

    /// Whether `name` and `other` name the same F&O entity (by any of its names, in any case).
    public func isSameFOEntity(_ name: String, _ other: String) -> Bool {
        foKey(of: name) == foKey(of: other)
    }

    /// The AOT (technical) name of the F&O entity named `name` (any of its names, case-insensitive), or `name` as
    /// given when the catalog does not know it.
    public func foTechnicalName(of name: String) -> String {
        foEntity(named: name)?.technicalName ?? name
    }

    /// `label` and the other versions of the entity that hold the same records, in preference order (the
    /// entity's `alternatives`); `label` alone when the catalog does not know it.
    public func foEntityVersions(of label: String) -> [String] {
        [label] + (foEntity(named: label)?.alternatives ?? [])
    }

    /// The F&O enum named `name` (case-insensitive).
    public func foEnum(named name: String) -> FOEnumSchema? {
        foEnumIndex[name.lowercased()].map { foEnums[$0] }
    }

    /// The enum whose symbols `field` takes, for enum and NoYes fields.
    public func foEnum(for field: FOFieldSchema) -> FOEnumSchema? {
        field.type.enumName.flatMap { foEnum(named: $0) }
    }

    /// The Sales entity with logical name `name` (case-insensitive).
    public func salesEntity(named name: String) -> SalesEntitySchema? {
        salesEntityIndex[name.lowercased()].map { salesEntities[$0] }
    }

    public static func == (lhs: SchemaCatalog, rhs: SchemaCatalog) -> Bool {
        lhs.foEntities == rhs.foEntities && lhs.foEnums == rhs.foEnums && lhs.salesEntities == rhs.salesEntities
    }
}

/// The entities and enums, not the name indexes (`init` builds them again): the bundled catalog's image
/// (`SchemaCatalogLoader`).
extension SchemaCatalog: Codable {
    private enum CodingKeys: String, CodingKey {
        case foEntities, foEnums, salesEntities
    }

    public init(from decoder: any Decoder) throws {
        let values = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            foEntities: try values.decode([FOEntitySchema].self, forKey: .foEntities),
            foEnums: try values.decode([FOEnumSchema].self, forKey: .foEnums),
            salesEntities: try values.decode([SalesEntitySchema].self, forKey: .salesEntities))
    }
}

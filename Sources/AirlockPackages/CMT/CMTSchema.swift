/// The content of a CMT `data_schema.xml`: entities with their fields, relationships and filters, and the import order.
public struct CMTSchema: Sendable, Equatable {
    /// The root `dateMode` (`absolute`, `relative`, `relativeDaily`), kept as written; nil when absent.
    public var dateMode: String?
    /// Other root attributes in document order, e.g. `xmlns:xsi` written by older CMT builds.
    public var otherAttributes: [CMTAttribute]
    /// Entities in document order (CMT imports in this order unless `entityImportOrder` says otherwise).
    public var entities: [CMTSchemaEntity]
    /// `<entityImportOrder>` entity names; nil when the element is absent (older schemas).
    public var entityImportOrder: [String]?

    public init(
        dateMode: String? = nil, otherAttributes: [CMTAttribute] = [], entities: [CMTSchemaEntity] = [],
        entityImportOrder: [String]? = nil
    ) {
        self.dateMode = dateMode
        self.otherAttributes = otherAttributes
        self.entities = entities
        self.entityImportOrder = entityImportOrder
    }

    /// The first entity with logical name `name`, or nil.
    public func entity(named name: String) -> CMTSchemaEntity? {
        entities.first { $0.name == name }
    }
}

import AirlockMapping
import AirlockModel
import AirlockReconcile

/// The columns of a flow's mapped records: the target fields, plus bookkeeping columns that are never written.
///
/// - F&O target: `DATAAREAID` (when the entity is company-specific), then each mapped field once, in template order.
/// - Sales target: the primary id attribute, the mapped attributes, then for each lookup `<field>@entity` and
///   `<field>@name` (the `lookupentity` / `lookupentityname` to write) and for each key path `<field>.<attribute>`
///   (the referenced record's business key, e.g. `salesorderid.ordernumber`).
struct FlowLayout {
    let columns: [String]
    let targetSide: DataSide
    let targetEntity: String
    /// The company of an F&O target (part of every key); nil for Sales.
    let company: String?
    /// The column holding the company, when written.
    let companyColumn: String?
    /// The Sales primary id attribute.
    let idColumn: String?
    /// The key, as columns of this layout.
    let keyColumns: [String]
    private let positions: [String: Int]

    static let companyField = "DATAAREAID"

    /// The layout of `template`'s records in `context`: its company, and the fields its rules add. A flow run
    /// (`FlowRunner`) and a flow whose records a shard read (`ShardLookups`) lay them out by this one call.
    init(template: MappingTemplate, context: ConversionContext) {
        self.init(
            template: template, catalog: context.catalog, company: context.company,
            extraFields: context.rules.flatMap { $0.extraTargetFields(for: template) })
    }

    init(template: MappingTemplate, catalog: SchemaCatalog, company: String, extraFields: [String]) {
        var columns: [String] = []
        var seen: Set<String> = []
        func add(_ name: String) { if seen.insert(name).inserted { columns.append(name) } }
        targetSide = template.target.side
        targetEntity = template.target.entity
        switch template.target.side {
        case .fo:
            self.company = company
            let schema = catalog.foEntity(named: template.target.entity)
            if schema?.isCompanySpecific ?? true {
                companyColumn = Self.companyField
                add(Self.companyField)
            } else {
                companyColumn = nil
            }
            idColumn = nil
            for field in template.fields { add(field.target) }
            for field in extraFields { add(field) }
            keyColumns = template.target.key.map(\.field)
        case .sales:
            self.company = nil
            companyColumn = nil
            let schema = catalog.salesEntity(named: template.target.entity)
            let id = schema?.primaryIdAttribute ?? template.target.entity + "id"
            idColumn = id
            add(id)
            for field in template.fields { add(field.target) }
            for field in extraFields { add(field) }
            for field in template.fields where !field.lookup.isEmpty {
                add(Self.lookupEntityColumn(field.target))
                add(Self.lookupNameColumn(field.target))
            }
            keyColumns = template.target.key.map(\.description)
            for key in template.target.key where key.referencedField != nil { add(key.description) }
        }
        self.columns = columns
        var positions: [String: Int] = [:]
        for (index, name) in columns.enumerated() { positions[name] = index }
        self.positions = positions
    }

    /// The position of column `name`.
    func position(_ name: String) -> Int? { positions[name] }

    /// The key definition over tables of this layout.
    var keyDefinition: KeyDefinition {
        KeyDefinition(columns: keyColumns, company: company.map { .fixed($0) } ?? .none)
    }

    /// Whether column `name` is bookkeeping (never written, never compared).
    static func isBookkeeping(_ name: String) -> Bool { name.utf8.contains { $0 == UInt8(ascii: "@") || $0 == UInt8(ascii: ".") } }

    static func lookupEntityColumn(_ field: String) -> String { field + "@entity" }
    static func lookupNameColumn(_ field: String) -> String { field + "@name" }
}

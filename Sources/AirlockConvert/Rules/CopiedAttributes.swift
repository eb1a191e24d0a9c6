import AirlockModel
import AirlockPackages

/// The required attributes of a Sales entity that a rule's records repeat from the Sales export, so that each record
/// is complete for the importer (`WriteBackRule`, `InvoicedOrderStatusRule`): a lookup with the entity and name of the
/// record it points to, as in an export.
struct CopiedAttributes {
    /// The attributes in column order, and whether each is a lookup.
    private(set) var attributes: [(field: String, isLookup: Bool)] = []

    /// The required attributes of `schema` that `columns` does not hold and `include` keeps, their columns appended to
    /// `columns` (a lookup's followed by its entity and name columns).
    init(requiredOf schema: SalesEntitySchema?, appendingTo columns: inout [String], where include: (SalesAttributeSchema) -> Bool) {
        for attribute in schema?.requiredAttributes ?? [] where !columns.contains(attribute.logicalName) && include(attribute) {
            columns.append(attribute.logicalName)
            attributes.append((attribute.logicalName, attribute.type.isLookup))
            if attribute.type.isLookup {
                columns.append(FlowLayout.lookupEntityColumn(attribute.logicalName))
                columns.append(FlowLayout.lookupNameColumn(attribute.logicalName))
            }
        }
    }

    /// Appends to `values` the attributes' values of record `row` of Sales `entity` (`section`, its section of the export).
    func appendValues(ofRow row: Int, entity: String, sales: SalesExport, section: CMTEntityData?, to values: inout [String?]) {
        for (field, isLookup) in attributes {
            Self.append(field, isLookup: isLookup, ofRow: row, entity: entity, sales: sales, section: section, to: &values)
        }
    }

    /// Appends to `values` the value of `field` of record `row` of Sales `entity` and, for a lookup, the entity and name
    /// of the record it points to (`section` is the entity's section of the export).
    static func append(
        _ field: String, isLookup: Bool, ofRow row: Int, entity: String, sales: SalesExport, section: CMTEntityData?,
        to values: inout [String?]
    ) {
        values.append(sales.value(entity, row: row, field))
        if isLookup {
            values.append(section?.records.lookupEntity(row: row, field: field))
            values.append(section?.records.lookupEntityName(row: row, field: field))
        }
    }
}

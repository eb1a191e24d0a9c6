import AirlockMapping
import AirlockModel
import AirlockPackages

/// Settles the currencies a Sales export names but does not hold. A record's currency is a lookup to a
/// `transactioncurrency` record, and exports of accounts and contacts seldom include those records: the lookup
/// then carries only the currency's GUID and its name (`lookupentityname="USD"` or `"US Dollar"`). The name is read
/// as an ISO 4217 code or currency name (AirlockModel's `CurrencyCodes`; `--currency NAME=CODE` first), and the
/// currency record is added to the export as Sales holds it, with that GUID and code, so that every flow finds it:
/// a Sales → F&O flow reads its ISO code, an F&O → Sales flow that names the currency writes its GUID.
///
/// Only lookups a flow reads are settled: the Sales → F&O fields the templates look up in `transactioncurrency`.
/// A name neither settles stays unsettled: its records keep a currency the export does not hold, and are rejected
/// as before; the warning names it once, with how many records name it.
enum CurrencyResolver {
    /// The entity, its key and its primary name.
    static let entity = "transactioncurrency"
    static let codeAttribute = "isocurrencycode"
    static let nameAttribute = "currencyname"

    /// A currency a lookup names that the export does not hold.
    struct NamedCurrency: Sendable, Hashable {
        /// The GUID the lookups point to.
        var id: String
        /// The name the lookups give (`lookupentityname`), trimmed; "" when they give none.
        var name: String
        /// The ISO 4217 code it was settled as; nil: unsettled.
        var code: String?
        /// Whether `--currency` settled it.
        var byHand: Bool
        /// The records that name it, per `entity.field`.
        var records: Int
        var fields: [String]
    }

    /// Settles the currencies of `sales` that `templates` look up and the export lacks.
    static func resolve(_ sales: CMTPackage, templates: TemplateSet, names: [String: String]) throws -> (
        sales: CMTPackage, currencies: [NamedCurrency]
    ) {
        let held = heldIDs(in: sales)
        var found: [String: NamedCurrency] = [:]
        for (source, field) in lookupFields(templates) {
            guard let section = sales.data.entities.first(where: { $0.name == source }) else { continue }
            let values = section.records.values
            guard let column = values.columnIndex(named: field) else { continue }
            let pointed = section.records.attributeTable(named: CMTRecordTable.lookupEntityAttribute)
            let named = section.records.attributeTable(named: CMTRecordTable.lookupEntityNameAttribute)
            let pointedColumn = pointed?.columnIndex(named: field)
            let namedColumn = named?.columnIndex(named: field)
            for row in 0..<values.rowCount {
                guard let id = values.value(row: row, column: column)?.trimmingASCIIWhitespace().lowercased(), !id.isEmpty,
                    !held.contains(id)
                else { continue }
                if let pointedColumn, let target = pointed?.value(row: row, column: pointedColumn), target != entity { continue }
                let name = namedColumn.flatMap { named?.value(row: row, column: $0) }?.trimmingASCIIWhitespace() ?? ""
                var currency = found[id] ?? NamedCurrency(id: id, name: name, code: nil, byHand: false, records: 0, fields: [])
                if currency.name.isEmpty { currency.name = name }
                currency.records += 1
                if !currency.fields.contains("\(source).\(field)") { currency.fields.append("\(source).\(field)") }
                found[id] = currency
            }
        }
        guard !found.isEmpty else { return (sales, []) }
        var currencies = found.values.sorted { ($0.name, $0.id) < ($1.name, $1.id) }
        for index in currencies.indices {
            let name = currencies[index].name
            guard !name.isEmpty else { continue }
            if let code = names[TextFolding.fold(name)] {
                currencies[index].code = code
                currencies[index].byHand = true
            } else {
                currencies[index].code = CurrencyCodes.currency(name)?.code
            }
        }
        var package = sales
        let settled = currencies.filter { $0.code != nil }
        guard !settled.isEmpty else { return (sales, currencies) }
        var section =
            package.data.entities.first { $0.name == entity }
            ?? CMTEntityData(name: entity, displayName: "Currency", fieldNames: [entity + "id", codeAttribute, nameAttribute])
        for currency in settled {
            try section.append(
                CMTRecord(
                    id: currency.id,
                    fields: [
                        CMTFieldValue(name: entity + "id", value: currency.id),
                        CMTFieldValue(name: codeAttribute, value: currency.code ?? ""),
                        CMTFieldValue(name: nameAttribute, value: currency.name.isEmpty ? currency.code ?? "" : currency.name),
                    ]))
        }
        if let index = package.data.entities.firstIndex(where: { $0.name == entity }) {
            package.data.entities[index] = section
        } else {
            package.data.entities.append(section)
        }
        return (package, currencies)
    }

    /// The GUIDs (lower case) of the currency records the export holds.
    static func heldIDs(in sales: CMTPackage) -> Set<String> {
        guard let table = sales.data.entities.first(where: { $0.name == entity })?.records.values else { return [] }
        return Set((0..<table.rowCount).compactMap { table.value(row: $0, column: 0)?.trimmingASCIIWhitespace().lowercased() })
    }

    /// The Sales fields (entity, field) the Sales → F&O templates look up in `transactioncurrency`, in run order.
    static func lookupFields(_ templates: TemplateSet) -> [(entity: String, field: String)] {
        var fields: [(entity: String, field: String)] = []
        for template in templates.runOrder() where template.direction == .salesToFO {
            for mapping in template.fields where mapping.lookup.contains(where: { $0.entity == entity }) {
                guard let source = mapping.source, !fields.contains(where: { $0 == (template.source.entity, source) }) else { continue }
                fields.append((template.source.entity, source))
            }
        }
        return fields
    }
}

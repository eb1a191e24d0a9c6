import AirlockMapping
import AirlockModel

/// How a company-specific Sales table names its legal entity: the lookup attribute (`msdyn_company`), the table it
/// points to (`cdm_company`) and that table's code attribute (`cdm_companycode`). A lookup to such a table matches
/// only the conversion company's rows of the Sales export (`SalesExport.companyKeyIndex`).
struct SalesCompanyLookup: Sendable, Hashable {
    let field: String
    let companyEntity: String
    let codeAttribute: String

    /// The Sales table of legal entities, and its code, when neither the templates nor the catalog say otherwise.
    static let defaultCompanyEntity = "cdm_company"
    static let defaultCodeAttribute = "cdm_companycode"

    /// The company lookup of every company-specific Sales table: what the templates name as the `company:` of a
    /// Sales endpoint of that table (`msdyn_company.cdm_companycode`), else a natural-key attribute of the catalog
    /// that looks the legal entities up (sites, warehouses, vendors).
    static func all(templates: TemplateSet, catalog: SchemaCatalog) -> [String: SalesCompanyLookup] {
        let defaultCode = catalog.salesEntity(named: defaultCompanyEntity)?.naturalKey.first ?? defaultCodeAttribute
        var result: [String: SalesCompanyLookup] = [:]
        for entity in catalog.salesEntities {
            let field = entity.naturalKey.first { entity.attribute(named: $0)?.lookupTargets == [defaultCompanyEntity] }
            if let field {
                result[entity.logicalName] = SalesCompanyLookup(
                    field: field, companyEntity: defaultCompanyEntity, codeAttribute: defaultCode)
            }
        }
        for template in templates.templates {
            for endpoint in [template.source, template.target] where endpoint.side == .sales {
                guard let company = endpoint.company, let code = company.referencedField else { continue }
                let targets = catalog.salesEntity(named: endpoint.entity)?.attribute(named: company.field)?.lookupTargets ?? []
                result[endpoint.entity] = SalesCompanyLookup(
                    field: company.field, companyEntity: targets.first ?? defaultCompanyEntity, codeAttribute: code)
            }
        }
        return result
    }
}

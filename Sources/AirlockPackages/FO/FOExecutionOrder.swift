/// Which entity must be imported before which, so that F&O finds every referenced record already there.
///
/// DMF runs levels of one execution unit one after another (entities on the same level in parallel), so
/// each entity goes on the level after the deepest entity it references, all in execution unit 1.
public enum FOExecutionOrder {
    /// AOT name → AOT names of entities it references (that may be in the same package).
    public static let references: [String: [String]] = [
        "CustCustomerV3Entity": ["CustCustomerGroupEntity", "PaymentTermEntity", "CurrencyEntity"],
        "CustCustomerV2Entity": ["CustCustomerGroupEntity", "PaymentTermEntity", "CurrencyEntity"],
        "CustCustomerBaseEntity": ["CustCustomerGroupEntity", "PaymentTermEntity", "CurrencyEntity"],
        "smmContactPersonV2Entity": ["CustCustomerV3Entity", "CustCustomerV2Entity"],
        "smmContactPersonCDSV2Entity": ["CustCustomerV3Entity", "CustCustomerV2Entity"],
        "smmContactPersonCDSEntity": ["CustCustomerV3Entity", "CustCustomerV2Entity"],
        "EcoResProductV2Entity": ["UnitOfMeasureEntity"],
        "EcoResReleasedProductV2Entity": ["EcoResProductV2Entity", "UnitOfMeasureEntity"],
        "EcoResSellableReleasedProductEntity": ["EcoResReleasedProductV2Entity", "UnitOfMeasureEntity", "CurrencyEntity"],
        "SalesQuotationHeaderV2Entity": [
            "CustCustomerV3Entity", "CustCustomerV2Entity", "smmContactPersonV2Entity", "CurrencyEntity", "PaymentTermEntity",
        ],
        "SalesQuotationHeaderCDSEntity": [
            "CustCustomerV3Entity", "CustCustomerV2Entity", "smmContactPersonCDSV2Entity", "smmContactPersonCDSEntity", "CurrencyEntity",
            "PaymentTermEntity",
        ],
        "SalesQuotationLineV2Entity": ["SalesQuotationHeaderV2Entity", "EcoResReleasedProductV2Entity", "UnitOfMeasureEntity"],
        "SalesQuotationLineCDSEntity": [
            "SalesQuotationHeaderCDSEntity", "EcoResReleasedProductV2Entity", "EcoResSellableReleasedProductEntity", "UnitOfMeasureEntity",
        ],
        "SalesOrderHeaderV2Entity": ["CustCustomerV3Entity", "CustCustomerV2Entity", "CurrencyEntity", "PaymentTermEntity"],
        "SalesOrderHeaderCDSEntity": ["CustCustomerV3Entity", "CustCustomerV2Entity", "CurrencyEntity", "PaymentTermEntity"],
        "SalesOrderLineV2Entity": ["SalesOrderHeaderV2Entity", "EcoResReleasedProductV2Entity", "UnitOfMeasureEntity"],
        "SalesOrderLineCDSEntity": [
            "SalesOrderHeaderCDSEntity", "EcoResReleasedProductV2Entity", "EcoResSellableReleasedProductEntity", "UnitOfMeasureEntity",
        ],
        "SalesInvoiceHeaderV2Entity": ["CustCustomerV3Entity", "CustCustomerV2Entity", "SalesOrderHeaderV2Entity"],
        "SalesInvoiceLineV2Entity": ["SalesInvoiceHeaderV2Entity", "EcoResReleasedProductV2Entity"],
        "SalesExternallyMaintainedCustomerSalesInvoiceHeaderEntity": [
            "CustCustomerV3Entity", "CustCustomerV2Entity", "SalesOrderHeaderCDSEntity",
        ],
        "SalesExternallyMaintainedCustomerSalesInvoiceLineEntity": [
            "SalesExternallyMaintainedCustomerSalesInvoiceHeaderEntity", "EcoResSellableReleasedProductEntity",
        ],
    ]

    /// Sets `ExecutionUnit` 1, `LevelInExecutionUnit` and `SequenceInLevel` on every line: referenced entities
    /// on earlier levels; lines on one level keep their relative order. Entities Airlock does not know go on level 1.
    public static func assign(_ entities: inout [FOManifestEntity]) {
        let names = entities.map { $0.targetEntity ?? FOEntityNames.forLabel($0.entityName)?.technicalName ?? $0.entityName }
        let present = Set(names)
        var levels: [String: Int] = [:]
        func level(_ name: String, _ visiting: Set<String>) -> Int {
            if let known = levels[name] { return known }
            var result = 1
            for dependency in references[name] ?? [] where present.contains(dependency) && !visiting.contains(dependency) {
                result = max(result, level(dependency, visiting.union([name])) + 1)
            }
            levels[name] = result
            return result
        }
        var sequence: [Int: Int] = [:]
        for index in entities.indices {
            let entityLevel = level(names[index], [])
            let next = (sequence[entityLevel] ?? 0) + 1
            sequence[entityLevel] = next
            entities[index].executionUnit = 1
            entities[index].levelInExecutionUnit = entityLevel
            entities[index].sequenceInLevel = next
        }
    }
}

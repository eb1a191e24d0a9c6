import AirlockCatalog
import AirlockModel
import Foundation
import Testing

/// The catalog's dual-write tables, columns, entities and integration keys held to the copies of the dual-write
/// mapping reference in `Fixtures/dual-write`: a column or field a map names that the catalog lacks, or a
/// documented column no map names, fails here.
struct DualWriteCatalogTests {
    /// The Dataverse table of each map title's entity set.
    static let tables: [String: String] = [
        "accounts": "account", "contacts": "contact", "transactioncurrencies": "transactioncurrency", "uoms": "uom", "products": "product",
        "quotes": "quote", "quotedetails": "quotedetail", "salesorders": "salesorder", "salesorderdetails": "salesorderdetail",
        "invoices": "invoice", "invoicedetails": "invoicedetail", "cdm_companies": "cdm_company", "msdyn_parties": "msdyn_party",
        "msdyn_contactforparties": "msdyn_contactforparty", "msdyn_partypostaladdresses": "msdyn_partypostaladdress",
        "msdyn_shipvias": "msdyn_shipvia", "msdyn_termsofdeliveries": "msdyn_termsofdelivery",
        "msdyn_pricecustomergroups": "msdyn_pricecustomergroup", "msdyn_customergroups": "msdyn_customergroup",
        "msdyn_paymentterms": "msdyn_paymentterm", "msdyn_paymentdays": "msdyn_paymentday",
        "msdyn_paymentschedules": "msdyn_paymentschedule",
        "msdyn_customerpaymentmethods": "msdyn_customerpaymentmethod", "msdyn_taxgroups": "msdyn_taxgroup",
        "msdyn_sharedproductdetails": "msdyn_sharedproductdetails", "msdyn_vendors": "msdyn_vendor",
        "msdyn_operationalsites": "msdyn_operationalsite", "msdyn_warehouses": "msdyn_warehouse",
        "msdyn_salesorderorigins": "msdyn_salesorderorigin", "msdyn_productcategories": "msdyn_productcategory",
        "msdyn_productcategoryhierarchies": "msdyn_productcategoryhierarchy", "msdyn_globalproducts": "msdyn_globalproduct",
        "msdyn_productdimensiongroups": "msdyn_productdimensiongroup", "msdyn_productcolors": "msdyn_productcolor",
        "msdyn_productsizes": "msdyn_productsize", "msdyn_productstyles": "msdyn_productstyle",
        "msdyn_productconfigurations": "msdyn_productconfiguration",
    ]

    /// Tables the maps look up that the catalog leaves out: the party model's small reference tables and the vendor
    /// and organisation tables, which no Sales flow writes (docs/catalog.md).
    static let uncatalogued: Set<String> = [
        "cdm_worker", "msdyn_complimentaryclosing", "msdyn_decisionmakingrole", "msdyn_internalorganization", "msdyn_loyaltylevel",
        "msdyn_personalcharactertype", "msdyn_postaladdresscollection", "msdyn_salescontactpersontitle", "msdyn_salutation",
        "msdyn_vendorgroup", "msdyn_vendorpaymentmethod",
    ]

    static func table(of map: DualWriteMapFixture) throws -> String {
        try #require(tables[map.dataverseTableSet], "\(map.file): table of \(map.dataverseTableSet)")
    }

    @Test func everyColumnTheMapsWriteIsInTheCatalogAndEveryLookupFindsItsKey() throws {
        let catalog = try SchemaCatalogLoader.bundled()
        for map in try DualWriteMapFixture.all() {
            let table = try Self.table(of: map)
            let entity = try #require(catalog.salesEntity(named: table), "\(map.file): \(table)")
            for row in map.rows {
                guard let column = row.dataverseColumn else { continue }
                let attribute = try #require(entity.attribute(named: column), "\(map.file): \(table).\(column)")
                guard let key = row.lookupPath.first else { continue }
                #expect(attribute.type.isLookup, "\(map.file): \(table).\(column) is a lookup")
                // `customerid.Account(accountnumber).Contact(…)` names its targets' keys itself.
                if key.contains("(") { continue }
                for target in attribute.lookupTargets {
                    guard let targetEntity = catalog.salesEntity(named: target) else {
                        #expect(Self.uncatalogued.contains(target), "\(map.file): \(table).\(column) → \(target) is in the catalog")
                        continue
                    }
                    #expect(targetEntity.attribute(named: key) != nil, "\(map.file): \(target) has the key \(key)")
                }
            }
        }
    }

    @Test func everyDocumentedColumnCitingAMapIsWrittenByIt() throws {
        let catalog = try SchemaCatalogLoader.bundled()
        var maps: [String: DualWriteMapFixture] = [:]
        for map in try DualWriteMapFixture.all() { maps[map.file] = map }
        var checked = 0
        for entity in catalog.salesEntities {
            for attribute in entity.attributes where attribute.origin == .documentation {
                guard let source = attribute.source, let file = Self.fixtureName(in: source) else { continue }
                let map = try #require(maps[file], "\(entity.logicalName).\(attribute.logicalName) cites \(file)")
                #expect(try Self.table(of: map) == entity.logicalName, "\(entity.logicalName).\(attribute.logicalName): \(file)")
                let rows = map.rows.filter { $0.dataverseColumn == attribute.logicalName }
                #expect(!rows.isEmpty, "\(file) writes \(entity.logicalName).\(attribute.logicalName)")
                // A value map of integers is the option set.
                for row in rows where !row.valueMap.isEmpty && row.valueMap.allSatisfy({ Int($0.to) != nil }) {
                    #expect(Set(attribute.options.map(\.value)) == Set(row.valueMap.compactMap { Int($0.to) }), "\(file): options")
                }
                checked += 1
            }
        }
        #expect(checked > 100)
    }

    /// The fixture file a `source` text cites (`… (CustomersV3-accounts.md: …)`).
    static func fixtureName(in source: String) -> String? {
        guard let range = source.range(of: #"[A-Za-z0-9-]+\.md"#, options: .regularExpression) else { return nil }
        let name = String(source[range])
        return FileManager.default.fileExists(atPath: Fixture.path("dual-write/\(name)")) ? name : nil
    }

    @Test func theIntegrationKeysAreColumnsAndTheDocumentedOnesAreThese() throws {
        let catalog = try SchemaCatalogLoader.bundled()
        var documented: [String: [String]] = [:]
        for entity in catalog.salesEntities {
            guard let key = entity.dualWriteKey else { continue }
            for column in key.columns { #expect(entity.attribute(named: column) != nil, "\(entity.logicalName).\(column)") }
            if let scope = key.onlyWhen { #expect(entity.attribute(named: scope)?.type == .bool, "\(entity.logicalName).\(scope)") }
            #expect(key.source != nil, "\(entity.logicalName) names the key's source")
            if key.origin == .documentation { documented[entity.logicalName] = key.columns }
        }
        #expect(
            documented == [
                "account": ["msdyn_company", "accountnumber"], "contact": ["msdyn_company", "msdyn_contactpersonid"],
                "msdyn_contactforparty": ["msdyn_associatedcompanyid", "msdyn_contactforpartynumber"],
                "msdyn_vendor": ["msdyn_company", "msdyn_vendoraccountnumber"], "cdm_company": ["cdm_companycode"],
                "msdyn_party": ["msdyn_partynumber"], "transactioncurrency": ["isocurrencycode"], "uom": ["msdyn_symbol"],
                "product": ["msdyn_productnumber"], "msdyn_globalproduct": ["msdyn_productnumber"],
                "msdyn_productcategoryhierarchy": ["msdyn_name"], "msdyn_productcolor": ["msdyn_productcolorname"],
                "msdyn_productsize": ["msdyn_productsize"], "msdyn_productstyle": ["msdyn_productstyle"],
                "msdyn_productconfiguration": ["msdyn_productconfiguration"], "msdyn_productdimensiongroup": ["msdyn_groupname"],
            ])
        #expect(catalog.salesEntity(named: "contact")?.dualWriteKey?.onlyWhen == "msdyn_sellable")
        #expect(catalog.salesEntity(named: "account")?.dualWriteKey?.isEnforced == true)
        #expect(catalog.salesEntity(named: "salesorder")?.dualWriteKey?.isEnforced == false)
    }

    @Test func theFinanceAndOperationsEntitiesHoldEveryFieldTheMapsName() throws {
        let catalog = try SchemaCatalogLoader.bundled()
        var named: [String: Set<String>] = [:]
        for map in try DualWriteMapFixture.all() {
            let entity = try #require(
                catalog.foEntity(named: map.financeAndOperationsEntity), "\(map.file): \(map.financeAndOperationsEntity)")
            for field in map.rows.compactMap(\.financeAndOperationsField) {
                #expect(entity.field(named: field) != nil, "\(map.file): \(entity.label).\(field)")
                named[entity.label, default: []].insert(field)
            }
        }
        // An entity only the maps name holds exactly their fields.
        for entity in catalog.foEntities where entity.source?.hasPrefix("dual-write mapping reference") == true {
            #expect(Set(entity.fields.map(\.name)).subtracting(["DATAAREAID"]) == named[entity.label], "\(entity.label)")
            #expect(entity.fields.allSatisfy { $0.name == "DATAAREAID" || $0.inferredType }, "\(entity.label): types are inferred")
        }
    }

    @Test func anExtensionSetsAKeyAndTheLoaderRefusesAKeyThatIsNoColumn() throws {
        let bundled = try SchemaCatalogLoader.bundled()
        let catalog = try SchemaCatalogLoader.merging(
            yaml: """
                salesEntities:
                  - logicalName: salesorder
                    dualWriteKey: [msdyn_company, msdyn_salesordernumber]
                  - logicalName: invoice
                    dualWriteKey: {columns: [msdyn_company, msdyn_invoicenumber], severity: error, source: checked in our environment}
                """, file: "keys.yaml", into: bundled)
        let order = try #require(catalog.salesEntity(named: "salesorder")?.dualWriteKey)
        #expect(order.columns == ["msdyn_company", "msdyn_salesordernumber"] && order.origin == .environment && order.isEnforced)
        let invoice = try #require(catalog.salesEntity(named: "invoice")?.dualWriteKey)
        #expect(invoice.origin == .environment && invoice.enforcement == .error && invoice.source == "checked in our environment")

        let unknown = try #require(throws: AirlockError.self) {
            try SchemaCatalogLoader.merging(
                yaml: """
                    salesEntities:
                      - logicalName: account
                        dualWriteKey: [msdyn_company, zz_code]
                    """, file: "bad.yaml", into: bundled)
        }
        #expect(unknown.code == .invalidCatalog && unknown.message.contains("dualWriteKey zz_code is not an attribute of account"))
        let scope = try #require(throws: AirlockError.self) {
            try SchemaCatalogLoader.merging(
                yaml: """
                    salesEntities:
                      - logicalName: contact
                        dualWriteKey: {columns: [msdyn_company], onlyWhen: firstname}
                    """, file: "bad.yaml", into: bundled)
        }
        #expect(scope.message.contains("onlyWhen firstname is string, not a Yes/No"))
    }
}

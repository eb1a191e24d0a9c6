import AirlockCatalog
import AirlockIO
import AirlockKit
import AirlockPackages
import Foundation
import Testing

struct SchemaCatalogTests {
    static func catalog() throws -> SchemaCatalog { try SchemaCatalogLoader.bundled() }

    // MARK: - The bundled catalog

    @Test func bundledCatalogLoadsBothSides() throws {
        let catalog = try Self.catalog()
        #expect(catalog.foEntities.count == 27 + 23)
        // The enums the application metadata defines and those of the other entities' OData metadata.
        #expect(catalog.foEnums.count == 111)
        #expect(catalog.salesEntities.count == 15 + 26)
        #expect(try SchemaCatalogLoader.bundledFiles().count == 28 + 23 + 15 + 26)
    }

    @Test func eachSideLoadedAloneIsThatSideOfTheWholeCatalog() throws {
        let whole = try Self.catalog()
        let fo = try SchemaCatalogLoader.bundled(side: .fo)
        let sales = try SchemaCatalogLoader.bundled(side: .sales)
        #expect(fo.salesEntities.isEmpty && sales.foEntities.isEmpty && sales.foEnums.isEmpty)
        #expect(fo.foEntities == whole.foEntities)
        #expect(fo.foEnums == whole.foEnums)
        #expect(sales.salesEntities == whole.salesEntities)
    }

    @Test func foEntitiesHaveTheirFieldsKeysAndEnums() throws {
        let catalog = try Self.catalog()
        // The 39 entities of the application metadata hold its fields (FOCatalogSourceTests); of the others, the
        // entities only the dual-write maps name hold their maps' fields (DualWriteCatalogTests), and Units and
        // Currencies their OData field lists (DATAAREAID, which those lists omit, not counted).
        let metadata = Set(try FOMetadataFacts.facts().map(\.entity))
        #expect(metadata.count == 39)
        let dualWrite = Set(catalog.foEntities.filter { $0.source?.hasPrefix("dual-write mapping reference") == true }.map(\.label))
        #expect(dualWrite.count == 9)
        let odata = catalog.foEntities.filter { !metadata.contains($0.technicalName) && !dualWrite.contains($0.label) }
        #expect(
            Dictionary(uniqueKeysWithValues: odata.map { ($0.label, $0.fields.filter { $0.name != "DATAAREAID" }.count) }) == [
                "Units": 10, "Currencies": 15,
            ])
        for entity in catalog.foEntities {
            #expect(entity.isCompanySpecific == (entity.field(named: "DATAAREAID") != nil), "\(entity.label)")
            for key in entity.keyFields { #expect(entity.field(named: key) != nil, "\(entity.label) key \(key)") }
            for field in entity.fields {
                #expect(field.name == field.name.uppercased())
                if field.type.enumName != nil { #expect(catalog.foEnum(for: field) != nil, "\(entity.label).\(field.name)") }
                #expect((field.maxLength != nil) == (field.lengthBasis != nil), "\(entity.label).\(field.name): a length has its basis")
            }
        }
    }

    @Test func foEntityNamesAgreeWithThePackageReader() throws {
        let catalog = try Self.catalog()
        for names in FOEntityNames.known where names.label != "Customer definitions" {
            let entity = try #require(catalog.foEntity(named: names.label), "\(names.label)")
            #expect(entity.technicalName == names.technicalName)
            #expect(entity.publicName == names.publicCollection)
            #expect(catalog.foEntity(named: names.technicalName.uppercased())?.label == names.label)
            if let publicName = names.publicCollection { #expect(catalog.foEntity(named: publicName)?.label == names.label) }
        }
    }

    @Test func entityVersionsHoldingTheSameRecordsComeFromTheCatalog() throws {
        let catalog = try Self.catalog()
        #expect(catalog.foEntityVersions(of: "Customers V2") == ["Customers V2", "Customers V3"])
        #expect(catalog.foEntityVersions(of: "CDS sales order headers").count == 4)
        #expect(catalog.foEntityVersions(of: "No such entity") == ["No such entity"])
        for entity in catalog.foEntities {
            for alternative in entity.alternatives {
                #expect(catalog.foEntity(named: alternative) != nil, "\(entity.label): alternative \(alternative) is a known entity")
            }
        }
    }

    @Test func knowsTheTypesOfCustomerFields() throws {
        let catalog = try Self.catalog()
        let customers = try #require(catalog.foEntity(named: "custcustomerv3entity"))
        #expect(customers.label == "Customers V3" && customers.publicName == "CustomersV3")
        #expect(customers.keyFields == ["CUSTOMERACCOUNT"])
        let account = try #require(customers.field(named: "customerAccount"))
        #expect(account.type == .string(maxLength: 20) && account.isMandatory && account.lengthBasis == .schema2016)
        #expect(account.lengthEDT == "CustVendAC" && account.enforcesLength)
        #expect(account.extendedDataType == "CustAccount")
        #expect(customers.field(named: "ACCOUNTSTATEMENT")?.type == .enumeration("CustAccountStatement"))
        #expect(customers.field(named: "ALLOWONACCOUNT")?.type == .noYes)
        #expect(customers.field(named: "ADDRESSRECORDID")?.type == .int64)
        #expect(customers.field(named: "CREDITLIMIT")?.type == .real)
        #expect(customers.field(named: "CONSOLIDATIONDAY")?.type == .int)
        #expect(customers.field(named: "ADDRESSVALIDFROM")?.type == .datetime)
        #expect(customers.field(named: "CREDMANLASTREVIEWDATE")?.type == .date)
        #expect(customers.field(named: "SALESCURRENCYCODE")?.type == .string(maxLength: 3))
        // DirPartyName: 100 in the 2016 schema, 160 in a later statement; the larger is checked, the conflict named.
        let name = try #require(customers.field(named: "ORGANIZATIONNAME"))
        #expect(name.maxLength == 160 && name.lengthConflict?.contains("100 (D365 7.0 database schema)") == true)
        #expect(name.isStagingMandatory && !name.isMandatory)
        #expect(
            customers.field(named: "ADDRESSBOOKS").map { $0.maxLength == 200 && $0.lengthBasis == .ax2012 && !$0.enforcesLength } == true)
        #expect(customers.field(named: "PAYMENTTERMS").map { $0.maxLength == 100 && $0.lengthBasis == .application } == true)
        #expect(customers.mandatoryFields.map(\.name).sorted() == ["CUSTOMERACCOUNT", "CUSTOMERGROUPID", "SALESCURRENCYCODE"])
        // An organization needs its name, a person one of its name fields (blank PARTYTYPE is an organization).
        #expect(
            customers.requirements.map(\.description) == [
                "PARTYTYPE Organization or empty needs ORGANIZATIONNAME",
                "PARTYTYPE Person needs one of PERSONFIRSTNAME, PERSONMIDDLENAME, PERSONLASTNAME",
            ])
        #expect(
            customers.loadOrder.map(\.description) == ["CUSTOMERACCOUNT ← INVOICEACCOUNT", "CUSTOMERACCOUNT ← PAYMENTFACTORINGACCOUNT"])
        #expect(customers.field(named: "DATAAREAID")?.type == .string(maxLength: 4))

        let v2 = try #require(catalog.foEntity(named: "CustomersV2"))
        #expect(v2.field(named: "FULFILLMENTERRORTOLERANCE")?.type == .enumeration("WhsCustFulfillmentErrorTolerance"))
        #expect(v2.field(named: "ADDRESSBUILDINGCOMPLEMENT") == nil)
        #expect(v2.field(named: "ISEXTERNALLYMAINTAINED")?.type == .noYes)

        let headers = try #require(catalog.foEntity(named: "Sales order headers V2"))
        #expect(headers.field(named: "TRANSPORTATIONDOCUMENTLINEID")?.type == .guid)
        #expect(catalog.foEntity(named: "Currencies")?.isCompanySpecific == false)
    }

    @Test func typesTheMetadataGivesReplaceInferredOnes() throws {
        let catalog = try Self.catalog()
        let orders = try #require(catalog.foEntity(named: "CDS sales order headers"))
        let status = try #require(orders.field(named: "SALESORDERPROCESSINGSTATUS"))
        #expect(status.type == .enumeration("SalesOrderProcessingStatus") && !status.inferredType)
        let external = try #require(orders.field(named: "ORDERINGCUSTOMERISEXTERNALLYMAINTAINED"))
        #expect(external.type == .noYes && !external.inferredType)
        #expect(orders.field(named: "SALESORDERNUMBER")?.isMandatory == true)

        let invoices = try #require(catalog.foEntity(named: "ExternallyMaintainedCustomerSalesInvoiceHeaders"))
        #expect(invoices.field(named: "TotalDiscountCustomerGroupCode")?.type == .real)
        #expect(invoices.field(named: "INVOICEDATE")?.type == .date)

        let products = try #require(catalog.foEntity(named: "Sellable released products"))
        let productType = try #require(products.field(named: "PRODUCTTYPE"))
        #expect(productType.type == .enumeration("EcoResProductType") && !productType.inferredType)
        #expect(products.field(named: "ISSTOCKEDPRODUCT")?.type == .noYes)
        #expect(products.field(named: "SALESUNITDECIMALPRECISION")?.type == .int)
        #expect(products.field(named: "FIELDSERVICEPRODUCTTYPE")?.type == .enumeration("EcoResFieldServiceProductType"))

        // A field the metadata does not list keeps its inferred type and says so.
        let contacts = try #require(catalog.foEntity(named: "CdsContactPersonsV2"))
        #expect(contacts.field(named: "ASSOCIATEDCONTACTTYPE")?.inferredType == false)
        #expect(contacts.fields.contains { $0.inferredType })
    }

    @Test func knowsEnumSymbolsAndMarksTruncatedEnumsOpen() throws {
        let catalog = try Self.catalog()
        let noYes = try #require(catalog.foEnum(named: "NoYes"))
        #expect(noYes.symbols == ["No", "Yes"] && !noYes.isOpen)
        #expect(noYes.contains("Yes") && !noYes.contains("yes") && noYes.symbol(matchingIgnoringCase: "yes") == "Yes")
        let status = try #require(catalog.foEnum(named: "SalesOrderProcessingStatus"))
        #expect(status.symbols.count == 9 && status.contains("DeliveredPartiallyInvoiced"))
        let timezone = try #require(catalog.foEnum(named: "timezone"))
        #expect(timezone.isOpen && timezone.memberCount == 105 && timezone.symbols.count == 32)
        #expect(catalog.foEnum(named: "UnitOfMeasureClass")?.isOpen == true)
        let fieldService = try #require(catalog.foEnum(named: "EcoResFieldServiceProductType"))
        #expect(!fieldService.isOpen && fieldService.symbols == ["Inventory", "NonInventory", "Service", "NotAvailable"])
        #expect(fieldService.source?.contains("AndreYaro/D365_Foundation") == true)
    }

    @Test func knowsSalesEntitiesAttributesAndOptions() throws {
        let catalog = try Self.catalog()
        let keys: [String: [String]] = [
            "transactioncurrency": ["isocurrencycode"], "uomschedule": ["name"], "uom": ["name"], "pricelevel": ["name"],
            "productpricelevel": ["pricelevelid", "productid", "uomid"], "product": ["productnumber"], "account": ["accountnumber"],
            "contact": ["msdynce_contactnumber"], "quote": ["quotenumber"], "quotedetail": ["quoteid", "sequencenumber"],
            "salesorder": ["ordernumber"], "salesorderdetail": ["salesorderid", "sequencenumber"], "invoice": ["invoicenumber"],
            "invoicedetail": ["invoiceid", "sequencenumber"], "msdynce_p2cautonumber": ["msdynce_entityname"],
        ]
        // The dual-write tables (docs/catalog.md) match on their integration key.
        let dualWrite = catalog.salesEntities.filter { $0.source?.hasPrefix("dual-write mapping reference") == true }
        #expect(dualWrite.count == 26)
        #expect(Set(catalog.salesEntities.map(\.logicalName)).subtracting(dualWrite.map(\.logicalName)) == Set(keys.keys))
        for entity in catalog.salesEntities {
            let key = keys[entity.logicalName] ?? entity.dualWriteKey?.columns ?? []
            #expect(entity.naturalKey == key, "\(entity.logicalName)")
            #expect(entity.attribute(named: entity.primaryIdAttribute)?.type == .guid)
            for attribute in entity.attributes {
                if attribute.type.isLookup { #expect(!attribute.lookupTargets.isEmpty, "\(entity.logicalName).\(attribute.logicalName)") }
                if attribute.maxLength != nil { #expect(attribute.type == .string) }
            }
        }
        let account = try #require(catalog.salesEntity(named: "Account"))
        #expect(account.primaryNameAttribute == "name")
        let name = try #require(account.attribute(named: "name"))
        #expect(name.type == .string && name.maxLength == 160 && !name.assumedLength && name.isRequired && name.origin == .tableReference)
        #expect(name.requiredLevel == .applicationRequired)
        let accountNumber = try #require(account.attribute(named: "accountnumber"))
        #expect(accountNumber.maxLength == 40 && accountNumber.isRequired && accountNumber.origin == .solution)
        #expect(account.attribute(named: "creditonhold").map { $0.type == .bool && $0.origin == .tableReference } == true)
        #expect(account.attribute(named: "emailaddress1")?.maxLength == 100)
        #expect(account.attribute(named: "address1_city")?.maxLength == 80)
        #expect(account.attribute(named: "ownerid")?.type == .owner)

        let quote = try #require(catalog.salesEntity(named: "quote"))
        #expect(quote.attribute(named: "customerid")?.lookupTargets == ["account", "contact"])
        #expect(quote.attribute(named: "statuscode")?.option(4) == SalesOptionValue(value: 4, label: "Won", state: 2))
        #expect(quote.attribute(named: "statecode")?.option(3)?.label == "Closed")
        #expect(quote.attribute(named: "totalamount")?.isReadOnly == true)
        #expect(quote.attribute(named: "closedon")?.dateTimeBehavior == .dateOnly)
        #expect(quote.requiredAttributes.map(\.logicalName).sorted() == ["customerid", "name", "pricelevelid", "transactioncurrencyid"])

        let order = try #require(catalog.salesEntity(named: "salesorder"))
        #expect(order.attribute(named: "ordercreationmethod")?.option(776_160_001)?.label == "Win Quote")
        #expect(order.attribute(named: "statuscode")?.option(100003)?.state == 4)
        #expect(order.attribute(named: "msdyn_salesordernumber").map { $0.maxLength == 20 && !$0.assumedLength } == true)
        let processing = try #require(order.attribute(named: "msdynce_processingstatus"))
        #expect(!processing.isOptionSetOpen && processing.origin == .solution && processing.enforcesOptions)
        #expect(processing.options.map(\.value) == Array(647_390_000...647_390_011) && processing.option(647_390_011)?.label == "Draft")
        #expect(
            quote.attribute(named: "statuscode")?.option(647_390_000) == SalesOptionValue(value: 647_390_000, label: "Submitted", state: 3))

        let product = try #require(catalog.salesEntity(named: "product"))
        #expect(product.attribute(named: "msdyn_fieldserviceproducttype")?.option(690_970_002)?.label == "Service")
        #expect(product.attribute(named: "producttypecode")?.option(1)?.label == "Sales Inventory")
        #expect(product.attribute(named: "statuscode")?.option(0) == SalesOptionValue(value: 0, label: "Draft", state: 2))
        #expect(catalog.salesEntity(named: "pricelevel")?.attribute(named: "statuscode")?.option(100001)?.state == 0)
        #expect(catalog.salesEntity(named: "transactioncurrency")?.primaryNameAttribute == "currencyname")
        #expect(catalog.salesEntity(named: "contact")?.primaryNameAttribute == "fullname")
    }

    // MARK: - The samples use only what the catalog knows

    @Test func everySampleColumnIsInTheCatalogAndItsValuesFit() throws {
        let catalog = try Self.catalog()
        let folder = try Fixture.scratchDirectory("airlock-catalog")
        let paths = try SampleGenerator.write(to: folder, accounts: 40, seed: 7)

        let fo = try FOPackageReader(source: openPackageSource(path: paths[0]))
        #expect(fo.manifest.entities.count == 9)
        for line in fo.manifest.entities {
            let entity = try #require(catalog.foEntity(named: line.entityName), "\(line.entityName)")
            let table = try fo.readEntity(line).table
            for (column, name) in table.columnNames.enumerated() {
                let field = try #require(entity.field(named: name), "\(entity.label).\(name)")
                let symbols = catalog.foEnum(for: field)
                for row in 0..<table.rowCount {
                    guard let value = table.value(row: row, column: column), !value.isEmpty else { continue }
                    if let maxLength = field.maxLength { #expect(value.count <= maxLength, "\(entity.label).\(name) = \(value)") }
                    if let symbols { #expect(symbols.contains(value), "\(entity.label).\(name) = \(value)") }
                }
            }
        }

        let sales = try CMTPackageReader(path: paths[1]).read()
        // The export schema's entities, invoices and their lines among them (without records).
        #expect(sales.schema.entities.count == 14)
        for schemaEntity in sales.schema.entities {
            let entity = try #require(catalog.salesEntity(named: schemaEntity.name), "\(schemaEntity.name)")
            #expect(schemaEntity.primaryIDField == entity.primaryIdAttribute)
            for field in schemaEntity.fields {
                let attribute = try #require(entity.attribute(named: field.name), "\(entity.logicalName).\(field.name)")
                #expect(attribute.type.rawValue == field.type.rawValue, "\(entity.logicalName).\(field.name)")
                #expect(field.lookupTargets.allSatisfy(attribute.lookupTargets.contains), "\(entity.logicalName).\(field.name)")
                if field.updateCompare == true { #expect(entity.naturalKey.contains(field.name), "\(entity.logicalName).\(field.name)") }
            }
            let records = try #require(sales.data.entity(named: schemaEntity.name))
            for row in 0..<records.recordCount {
                for value in records.record(at: row).fields {
                    guard let attribute = entity.attribute(named: value.name) else { continue }
                    if let maxLength = attribute.maxLength {
                        #expect(value.value.count <= maxLength, "\(entity.logicalName).\(value.name)")
                    }
                    if attribute.type.hasOptions && !attribute.isOptionSetOpen, let number = Int(value.value) {
                        #expect(attribute.option(number) != nil, "\(entity.logicalName).\(value.name) = \(number)")
                    }
                }
            }
        }
    }

    // MARK: - Extension files

    static let extensionYAML = """
        # A customised environment.
        foEnums:
          CustAccountStatement: {symbols: [Monthly]}
          ZZPriority: {symbols: [Low, High]}
        foEntities:
          - label: Customers V3
            fields:
              ORGANIZATIONNAME: {length: 200}
              ZZLOYALTYTIER: {type: enum, enum: ZZPriority, mandatory: true}
              zzexternalid: {type: string, length: 36}
          - label: Customer bank accounts
            technicalName: CustBankAccountEntity
            publicName: CustomerBankAccounts
            key: [CUSTOMERACCOUNT, BANKACCOUNTID]
            fields:
              CUSTOMERACCOUNT: {type: string, length: 20}
              BANKACCOUNTID: {type: string, length: 10}
        salesEntities:
          - logicalName: account
            attributes:
              name: {maxLength: 250}
              new_segment:
                type: optionsetvalue
                options: {100000000: Small, 100000001: {label: Large}}
          - logicalName: quote
            attributes:
              statuscode:
                options:
                  100000000: {label: Awaiting approval, state: 1}
        """

    @Test func anExtensionAddsFieldsChangesLengthsAndAddsSymbols() throws {
        let bundled = try Self.catalog()
        let catalog = try SchemaCatalogLoader.merging(yaml: Self.extensionYAML, file: "custom.yaml", into: bundled)

        let customers = try #require(catalog.foEntity(named: "Customers V3"))
        #expect(customers.fields.count == bundled.foEntity(named: "Customers V3").map { $0.fields.count + 2 })
        let name = try #require(customers.field(named: "ORGANIZATIONNAME"))
        #expect(name.type == .string(maxLength: 200) && name.lengthBasis == .environment && name.extendedDataType == "DirPartyName")
        #expect(customers.field(named: "ZZLOYALTYTIER").map { $0.type == .enumeration("ZZPriority") && $0.isMandatory } == true)
        #expect(customers.field(named: "ZZEXTERNALID")?.type == .string(maxLength: 36))
        #expect(customers.fields.last?.name == "ZZEXTERNALID")

        let statement = try #require(catalog.foEnum(named: "CustAccountStatement"))
        #expect(statement.symbols == ["Always", "Quarter", "Biannually", "Yearly", "Never", "Monthly"])
        #expect(catalog.foEnum(named: "ZZPriority")?.symbols == ["Low", "High"])
        #expect(catalog.foEnums.count == bundled.foEnums.count + 1)

        let bank = try #require(catalog.foEntity(named: "CustomerBankAccounts"))
        #expect(bank.keyFields == ["CUSTOMERACCOUNT", "BANKACCOUNTID"] && bank.isCompanySpecific)
        #expect(catalog.foEntities.count == bundled.foEntities.count + 1)

        let account = try #require(catalog.salesEntity(named: "account"))
        #expect(account.attribute(named: "name").map { $0.maxLength == 250 && !$0.assumedLength && $0.isRequired } == true)
        #expect(account.attribute(named: "new_segment")?.options.map(\.label) == ["Small", "Large"])
        let status = try #require(catalog.salesEntity(named: "quote")?.attribute(named: "statuscode"))
        #expect(status.option(100_000_000) == SalesOptionValue(value: 100_000_000, label: "Awaiting approval", state: 1))
        #expect(status.option(4)?.label == "Won")

        // The bundled catalog itself is unchanged.
        #expect(try Self.catalog() == bundled)
        #expect(bundled.foEntity(named: "Customers V3")?.field(named: "ORGANIZATIONNAME")?.maxLength == 160)
    }

    @Test func extensionFilesLoadFromDiskInOrder() throws {
        let folder = try Fixture.scratchDirectory("airlock-catalog")
        let first = folder + "/first.yaml"
        let second = folder + "/second.yaml"
        try Self.extensionYAML.write(toFile: first, atomically: true, encoding: .utf8)
        try """
        foEntities:
          - technicalName: CustCustomerV3Entity
            fields:
              ORGANIZATIONNAME: {length: 120, note: Checked in our environment}
        """.write(toFile: second, atomically: true, encoding: .utf8)
        let catalog = try SchemaCatalogLoader.load(extensions: [first, second])
        let name = try #require(catalog.foEntity(named: "Customers V3")?.field(named: "ORGANIZATIONNAME"))
        #expect(name.maxLength == 120 && name.note == "Checked in our environment")
        #expect(catalog.foEntity(named: "Customer bank accounts") != nil)

        let missing = try #require(throws: AirlockError.self) { try SchemaCatalogLoader.load(extensions: [folder + "/none.yaml"]) }
        #expect(missing.code == .io && missing.location.file == folder + "/none.yaml")
    }

    // MARK: - Malformed extension files

    /// The error that merging `yaml` gives, as thrown for a file named `bad.yaml`.
    private func mergeError(_ yaml: String) throws -> AirlockError {
        let bundled = try Self.catalog()
        return try #require(throws: AirlockError.self) { try SchemaCatalogLoader.merging(yaml: yaml, file: "bad.yaml", into: bundled) }
    }

    @Test func aMalformedValueNamesTheFileLineAndKey() throws {
        let error = try mergeError(
            """
            foEntities:
              - label: Customers V3
                fields:
                  ORGANIZATIONNAME: {length: many}
            """)
        #expect(error.code == .invalidCatalog)
        #expect(error.location.file == "bad.yaml" && error.location.line == 4 && error.location.column == 34)
        #expect(error.location.field == "foEntities[0].fields.ORGANIZATIONNAME.length")
        #expect(error.location.entity == "Customers V3")
        #expect(error.message.contains("many"))
        #expect(
            error.description.hasPrefix(
                "bad.yaml: line 4, column 34: entity Customers V3, field foEntities[0].fields.ORGANIZATIONNAME.length: expected a whole number"
            ))
    }

    @Test func anUnknownKeyIsAnError() throws {
        let error = try mergeError(
            """
            salesEntities:
              - logicalName: account
                attributes:
                  name: {maxLenght: 200}
            """)
        #expect(error.location.line == 4)
        #expect(error.location.field == "salesEntities[0].attributes.name.maxLenght")
        #expect(error.message.contains("unknown key 'maxLenght'"))
    }

    @Test func invalidYAMLNamesTheLine() throws {
        let error = try mergeError("foEnums:\n  NoYes: {symbols: [Maybe]\n  Abc: {symbols: [D]}\n")
        #expect(error.code == .invalidCatalog && error.location.file == "bad.yaml")
        #expect(error.location.line == 3)
        #expect(error.message.hasPrefix("not valid YAML"))

        let duplicate = try mergeError("foEnums:\n  Abc: {symbols: [D]}\n  Abc: {symbols: [E]}\n")
        #expect(duplicate.location.line == 2 && duplicate.message.contains("duplicate key Abc"))
    }

    @Test func newFieldsNeedATypeAndKnownEnums() throws {
        let untyped = try mergeError(
            """
            foEntities:
              - label: Units
                fields:
                  ZZCOLOR: {length: 10}
            """)
        #expect(untyped.location.line == 4 && untyped.message.contains("needs a type"))

        let unknownEnum = try mergeError(
            """
            foEntities:
              - label: Units
                fields:
                  ZZCOLOR: {type: enum, enum: ZZColour}
            """)
        #expect(unknownEnum.location.line == 4 && unknownEnum.location.field == "foEntities[0].fields.ZZCOLOR.enum")
        #expect(unknownEnum.message.contains("ZZColour"))

        let wrongLength = try mergeError(
            """
            foEntities:
              - label: Units
                fields:
                  DECIMALPRECISION: {length: 10}
            """)
        #expect(wrongLength.message.contains("string fields only"))

        let badKey = try mergeError(
            """
            foEntities:
              - label: Units
                key: [UNITSYMBOL, ZZMISSING]
            """)
        #expect(badKey.location.line == 3 && badKey.message.contains("ZZMISSING"))

        let newEntity = try mergeError(
            """
            foEntities:
              - label: Something new
                fields: {A: {type: string}}
            """)
        #expect(newEntity.location.line == 2 && newEntity.message.contains("technicalName"))

        let badOption = try mergeError(
            """
            salesEntities:
              - logicalName: quote
                attributes:
                  statuscode:
                    options: {seven: Lost}
            """)
        #expect(badOption.location.line == 5 && badOption.message.contains("whole number"))

        let lengthOfNumber = try mergeError(
            """
            salesEntities:
              - logicalName: quote
                attributes:
                  revisionnumber: {maxLength: 10}
            """)
        #expect(lengthOfNumber.location.line == 4 && lengthOfNumber.message.contains("maxLength applies to string attributes only"))
    }
}

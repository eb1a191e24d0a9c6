import AirlockCatalog
import AirlockModel
import Foundation
import Testing

/// The bundled F&O catalog held to the facts copied from the D365 application metadata (`Fixtures/sources`,
/// docs/sources.md): every field of the 39 entities the metadata covers, with its type, EDT or enum, length and the
/// basis of that length, and its staging table's mandatory flag; and every enum's members. A catalog entry that
/// drifts from its source fails here.
struct FOCatalogSourceTests {
    /// The catalog type of a metadata kind (`Time`, a time of day, is a whole number of seconds).
    static let kinds: [String: FOFieldType] = [
        "Real": .real, "Int": .int, "Int64": .int64, "Date": .date, "UtcDateTime": .datetime, "Guid": .guid, "Time": .int,
    ]

    /// X++ names ignore case; the OData names the catalog kept drop the underscores of country suffixes.
    static func sameName(_ lhs: String, _ rhs: String) -> Bool {
        func normal(_ name: String) -> String { name.lowercased().replacingOccurrences(of: "_", with: "") }
        return normal(lhs) == normal(rhs)
    }

    @Test func everyFieldOfTheMetadataIsInTheCatalogAsItSays() throws {
        let catalog = try SchemaCatalogLoader.bundled()
        let facts = try FOMetadataFacts.facts()
        #expect(facts.count == 2_938)
        var waived: [String] = []
        for fact in facts {
            let place = "\(fact.entity).\(fact.field)"
            guard let entity = catalog.foEntity(named: fact.entity), let field = entity.field(named: fact.field) else {
                Issue.record("\(place) is not in the catalog")
                continue
            }
            switch fact.kind {
            case "String":
                guard case .string(let length) = field.type else {
                    Issue.record("\(place): \(field.type), the metadata says String")
                    continue
                }
                #expect(field.extendedDataType == (fact.edt.isEmpty ? nil : fact.edt), "\(place)")
                if fact.memo == "memo" {
                    #expect(field.isMemo && length == nil, "\(place) is a memo")
                } else if let stated = Int(fact.maxLength) {
                    // Where sources disagree, the larger length is the one checked.
                    let others = fact.conflict.split(separator: ";").compactMap { $0.split(separator: "=").last.flatMap { Int($0) } }
                    #expect(length == ([stated] + others).max(), "\(place): length")
                    #expect(field.lengthBasis?.rawValue == fact.basis, "\(place): basis")
                    #expect(field.lengthEDT == (fact.lengthEDT.isEmpty ? nil : fact.lengthEDT), "\(place): the length's EDT")
                    #expect((field.lengthConflict != nil) == !fact.conflict.isEmpty, "\(place): the conflict is named")
                } else {
                    #expect(length == nil && field.lengthBasis == nil, "\(place) has no length in any source")
                }
            case "Enum":
                if let name = field.type.enumName {
                    #expect(Self.sameName(name, fact.enumName) || Self.sameName(fact.enumName, "EcoResProductSubType"), "\(place): enum")
                    #expect(catalog.foEnum(for: field) != nil, "\(place): enum \(name) is defined")
                } else {
                    // An enum of a model no public source holds: text, and the note says why its values are not checked.
                    #expect(field.type == .string(maxLength: nil) && field.note?.contains(fact.enumName) == true, "\(place)")
                }
            default:
                #expect(field.type == Self.kinds[fact.kind], "\(place): \(field.type), the metadata says \(fact.kind)")
            }
            #expect(field.isStagingMandatory == (fact.mandatory == "yes"), "\(place): the staging table's flag")
            if fact.mandatory == "yes" && !field.isMandatory {
                // A flag not enforced in every record says why, or a conditional requirement takes it.
                let conditional = entity.requirements.contains { $0.anyOf.contains(field.name) }
                #expect(field.mandatoryNote != nil || conditional, "\(place): why the staging flag is not enforced")
                waived.append(place)
            }
        }
        // The staging flags that do not hold in every record: a country's fiscal code, an optional feature, invoices
        // without an order or a product, and the organization name that only organizations need.
        #expect(
            waived.sorted() == [
                "CustCustomerV2Entity.ORGANIZATIONNAME", "CustCustomerV3Entity.ORGANIZATIONNAME",
                "SalesExternallyMaintainedCustomerSalesInvoiceHeaderEntity.INVOICEADDRESSCOUNTRYREGIONID",
                "SalesExternallyMaintainedCustomerSalesInvoiceHeaderEntity.SALESORDERNUMBER",
                "SalesExternallyMaintainedCustomerSalesInvoiceLineEntity.PRODUCTNUMBER",
                "SalesInvoiceHeaderV2Entity.INVOICEADDRESSCOUNTRYREGIONID",
                "SalesInvoiceHeaderV2Entity.SALESORDERNUMBER", "SalesInvoiceLineV2Entity.PRODUCTNUMBER",
                "SalesOrderHeaderV4Entity.FINTAGDISPLAYVALUE",
                "SalesOrderLineV3Entity.FINTAGDISPLAYVALUE", "SalesQuotationLineV2Entity.CFOPCODE",
            ])
    }

    @Test func everyEnumOfTheMetadataHasItsMembers() throws {
        let catalog = try SchemaCatalogLoader.bundled()
        let rows = try FOMetadataFacts.rows("sources/fo-enums.tsv")
        #expect(rows.count == 88)
        for row in rows {
            let name = row[0]
            let members = row[1].split(separator: "|").map { String($0.split(separator: "=", omittingEmptySubsequences: false)[0]) }
            guard let schema = catalog.foEnums.first(where: { Self.sameName($0.name, name) }) else {
                Issue.record("enum \(name) is not in the catalog")
                continue
            }
            #expect(schema.symbols == members, "enum \(name)")
            #expect(schema.source != nil, "enum \(name) names its source")
        }
    }

    @Test func aLengthIsEnforcedByItsBasisAndAnExtensionChangesIt() throws {
        let bundled = try SchemaCatalogLoader.bundled()
        let customers = try #require(bundled.foEntity(named: "Customers V3"))
        // Stated for D365 (2025 metadata; the 2016 schema): enforced. AX 2012 only, or the default size: not.
        for (name, enforced) in [("PAYMENTTERMS", true), ("CUSTOMERACCOUNT", true), ("ADDRESSCITY", true), ("ADDRESSBOOKS", false)] {
            #expect(customers.field(named: name)?.enforcesLength == enforced, "\(name)")
        }
        let extended = try SchemaCatalogLoader.merging(
            yaml: """
                foEntities:
                  - label: Customers V3
                    fields:
                      CUSTOMERACCOUNT: {length: 40}
                      ADDRESSBOOKS: {severity: error}
                      PAYMENTTERMS: {severity: warning}
                """, file: "env.yaml", into: bundled)
        let custom = try #require(extended.foEntity(named: "Customers V3"))
        // An EDT extension made the account longer in this environment: its length, stated by the user.
        let account = try #require(custom.field(named: "CUSTOMERACCOUNT"))
        #expect(account.maxLength == 40 && account.lengthBasis == .environment && account.enforcesLength)
        #expect(custom.field(named: "ADDRESSBOOKS")?.enforcesLength == true)
        #expect(custom.field(named: "PAYMENTTERMS")?.enforcesLength == false)
        #expect(custom.field(named: "PAYMENTTERMS")?.lengthBasisNote.contains("reported as a warning by your catalog extension") == true)
    }

    @Test func theLoaderRefusesABadBasisAndRequirementsOnUnknownFields() throws {
        let bundled = try SchemaCatalogLoader.bundled()
        let basis = try #require(throws: AirlockError.self) {
            try SchemaCatalogLoader.merging(
                yaml: "foEntities:\n  - label: Customers V3\n    fields:\n      PAYMENTTERMS: {lengthBasis: rumour}\n", file: "bad.yaml",
                into: bundled)
        }
        #expect(basis.message.contains("unknown lengthBasis 'rumour'") && basis.location.line == 4)
        let requirement = try #require(throws: AirlockError.self) {
            try SchemaCatalogLoader.merging(
                yaml: "foEntities:\n  - label: Customers V3\n    requirements:\n      - {when: {PARTYTYPE: [Person]}, anyOf: [ZZNAME]}\n",
                file: "bad.yaml", into: bundled)
        }
        #expect(requirement.message.contains("requirement field ZZNAME is not a field of Customers V3"))
        let order = try #require(throws: AirlockError.self) {
            try SchemaCatalogLoader.merging(
                yaml: "foEntities:\n  - label: Customers V3\n    loadOrder:\n      - {key: [CUSTOMERACCOUNT], references: [A, B]}\n",
                file: "bad.yaml", into: bundled)
        }
        #expect(order.message.contains("references names one field for each key field"))
    }
}

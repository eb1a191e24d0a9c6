import AirlockCatalog
import AirlockModel
import Foundation
import Testing

/// The catalog image's binary form (`BundledCatalogImage.encoded()`, `decoded(_:)`) keeps every value the catalog
/// types hold, in every case and with and without each optional, and refuses an image cut anywhere.
struct CatalogImageFormTests {
    /// A catalog holding every case of every choice, each optional both set and unset, texts beyond ASCII and
    /// numbers below zero.
    static func everyForm() -> SchemaCatalog {
        let types: [FOFieldType] = [
            .string(maxLength: nil), .string(maxLength: 0), .string(maxLength: 1 << 40), .int, .int64, .real, .date, .datetime,
            .guid, .enumeration("SalesStatus"), .noYes,
        ]
        var fields = types.enumerated().map { position, type in FOFieldSchema(name: "FIELD\(position)", type: type) }
        for (position, basis) in FOLengthBasis.allCases.enumerated() {
            fields.append(
                FOFieldSchema(
                    name: "FULL\(position)", type: .string(maxLength: 60), isMandatory: true,
                    isStagingMandatory: position.isMultiple(of: 2),
                    mandatoryNote: "Brésil only", extendedDataType: "Name", lengthBasis: basis, lengthEDT: "CustVendAC",
                    lengthSource: "[ax].[CUSTTABLE]", lengthConflict: "", isMemo: true,
                    enforcement: CatalogEnforcement.allCases[position % CatalogEnforcement.allCases.count], inferredType: true,
                    inferredFrom: "Customers V3", allowedValues: ["Organization", "Person", "日本"], createsReferenced: true,
                    note: "a note ✓"))
        }
        let entity = FOEntitySchema(
            label: "Customers V3", technicalName: "CustCustomerV3Entity", publicName: "CustomersV3", isCompanySpecific: false,
            keyFields: ["FIELD0", "FIELD1"], fields: fields, alternatives: ["Customers V2"], referencedBy: ["CUSTACCOUNT"],
            requirements: [
                FORecordRequirement(field: "FIELD0", values: ["A", ""], anyOf: ["FIELD1"], source: "page"),
                FORecordRequirement(field: "FIELD1", values: [], anyOf: []),
            ],
            loadOrder: [FOLoadOrder(key: ["FIELD0"], references: ["FIELD1"], source: "docs"), FOLoadOrder(key: [], references: [])],
            source: "AxDataEntityView/CustCustomerV3Entity.xml", note: "n")
        let bare = FOEntitySchema(label: "Bare", technicalName: "BareEntity", keyFields: [], fields: [])
        let enums = [
            FOEnumSchema(name: "SalesStatus", symbols: ["Backorder", "Delivered"], isOpen: true, memberCount: -1, note: "x", source: "y"),
            FOEnumSchema(name: "Empty", symbols: []),
        ]
        var attributes = SalesAttributeType.allCases.enumerated().map { position, type in
            SalesAttributeSchema(logicalName: "plain\(position)", type: type)
        }
        for (position, level) in SalesRequiredLevel.allCases.enumerated() {
            let origin = CatalogOrigin.allCases[position % CatalogOrigin.allCases.count]
            attributes.append(
                SalesAttributeSchema(
                    logicalName: "full\(position)", displayName: "Nom complet", type: .string, maxLength: 4_000, assumedLength: true,
                    format: "email", isRequired: true, requiredLevel: level, integrationKeys: SyncIntegration.allCases,
                    lookupTargets: ["account", "contact"],
                    options: [SalesOptionValue(value: -2_147_483_648, label: "Négatif", state: 1), SalesOptionValue(value: 7, label: "")],
                    isOptionSetOpen: true, precision: 10,
                    dateTimeBehavior: SalesDateTimeBehavior.allCases[position % SalesDateTimeBehavior.allCases.count], isReadOnly: true,
                    origin: origin, enforcement: .warning, source: "accounts.md", note: "∑"))
        }
        let sales = [
            SalesEntitySchema(
                logicalName: "account", displayName: "Account", primaryIdAttribute: "accountid", primaryNameAttribute: "name",
                naturalKey: ["accountnumber"], attributes: attributes, source: "account.md", note: "n",
                dualWriteKey: SalesIntegrationKey(
                    columns: ["accountnumber", "msdyn_company"], onlyWhen: "customertypecode = 3", origin: .documentation,
                    enforcement: .error, source: "dual-write map")),
            SalesEntitySchema(logicalName: "bare", primaryIdAttribute: "bareid", attributes: []),
        ]
        return SchemaCatalog(foEntities: [entity, bare], foEnums: enums, salesEntities: sales)
    }

    @Test func everyValueSurvivesTheImage() throws {
        let catalog = Self.everyForm()
        let image = BundledCatalogImage(sourcesDigest: "digest", catalog: catalog).encoded()
        let decoded = try #require(BundledCatalogImage.decoded(image))
        #expect(decoded.sourcesDigest == "digest")
        #expect(decoded.catalog == catalog)
        #expect(decoded.catalog.foEntity(named: "CustomersV3")?.field(named: "full3")?.lengthBasis == FOLengthBasis.allCases[3])
        #expect(decoded.catalog.salesEntity(named: "ACCOUNT")?.attribute(named: "full1")?.option(-2_147_483_648)?.label == "Négatif")
        #expect(decoded.catalog.foEnum(named: "salesstatus")?.symbol(matchingIgnoringCase: "DELIVERED") == "Delivered")
        // Equal catalogs give equal bytes.
        #expect(BundledCatalogImage(sourcesDigest: "digest", catalog: Self.everyForm()).encoded() == image)
    }

    @Test func anImageCutAnywhereIsRefused() {
        let image = BundledCatalogImage(sourcesDigest: "digest", catalog: Self.everyForm()).encoded()
        for length in 0..<image.count {
            #expect(BundledCatalogImage.decoded(image.prefix(length)) == nil, "cut to \(length) of \(image.count) bytes")
        }
    }

    @Test func anImageOfTheEarlierJSONFormIsRefused() {
        let json = Data(#"{"catalog":{"foEntities":[],"foEnums":[],"salesEntities":[]},"sourcesDigest":"x"}"#.utf8)
        #expect(BundledCatalogImage.decoded(json) == nil)
    }
}

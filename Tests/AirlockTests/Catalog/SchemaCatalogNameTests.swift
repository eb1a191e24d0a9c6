import AirlockKit
import Testing

/// `SchemaCatalog.foLabel(of:)` and `foTechnicalName(of:)`: the one lookup every reader keys an F&O entity by (the
/// converter's export tables and plan, `verify`'s sent entities, `retry`'s selection, `validate`'s execution order).
struct SchemaCatalogNameTests {
    @Test func anyNameOfAnEntityGivesItsLabelAndTechnicalName() throws {
        let catalog = try SchemaCatalogLoader.bundled()
        for name in ["Customers V3", "customers v3", "CustCustomerV3Entity", "CUSTOMERSV3"] {
            #expect(catalog.foLabel(of: name) == "Customers V3", "\(name)")
            #expect(catalog.foTechnicalName(of: name) == "CustCustomerV3Entity", "\(name)")
        }
    }

    @Test func aNameTheCatalogDoesNotKnowIsKeptAsGiven() throws {
        let catalog = try SchemaCatalogLoader.bundled()
        #expect(catalog.foLabel(of: "Custom widgets V1") == "Custom widgets V1")
        #expect(catalog.foTechnicalName(of: "Custom widgets V1") == "Custom widgets V1")
    }
}

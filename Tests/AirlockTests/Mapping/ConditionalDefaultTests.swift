import AirlockKit
import Foundation
import Testing

/// A field map's `onlyWith` and `fallback`: a default given only to a record with data for the field, after the
/// record's own value of another field.
struct ConditionalDefaultTests {
    /// The record's other fields as `applyTransforms` and `valueOrigin` read them.
    static func fields(_ values: [String: String]) -> (String) -> String? { { values[$0] } }

    @Test func aDeliveryCountryTakesTheAccountsOwnCountryBeforeTheDefaultAndNothingWithoutADeliveryAddress() throws {
        let set = try TemplateLoader.bundled()
        let delivery = try #require(set.template(named: "accounts")?.mapping(forTarget: "DELIVERYADDRESSCOUNTRYREGIONISOCODE"))
        #expect(delivery.fallbackField == "address1_country")
        #expect(delivery.onlyWithFields == ["address2_line1", "address2_city", "address2_postalcode", "address2_stateorprovince"])
        // No field of the delivery address: nothing, though the account is in France (before: US).
        let inFrance = Self.fields(["address1_country": "FRANCE", "address1_line1": "108 rue La Boétie"])
        #expect(delivery.applyTransforms(to: nil, valueMap: nil, otherFields: inFrance) == .value(nil))
        #expect(delivery.valueOrigin(of: nil, valueMap: nil, otherFields: inFrance) == .withheld)
        // A delivery street without a country: the account's own country, through the country step.
        let street = Self.fields(["address1_country": "FRANCE", "address2_line1": "Quai 4"])
        #expect(delivery.applyTransforms(to: "", valueMap: nil, otherFields: street) == .value("FR"))
        #expect(delivery.valueOrigin(of: "", valueMap: nil, otherFields: street) == .fallback)
        // Neither country anywhere: the default.
        let nowhere = Self.fields(["address2_city": "Redmond"])
        #expect(delivery.applyTransforms(to: nil, valueMap: nil, otherFields: nowhere) == .value("US"))
        #expect(delivery.valueOrigin(of: nil, valueMap: nil, otherFields: nowhere) == .ownValue)
        // The record's own delivery country is its own, address or not.
        #expect(delivery.applyTransforms(to: "Deutschland", valueMap: nil, otherFields: inFrance) == .value("DE"))
        #expect(delivery.valueOrigin(of: "Deutschland", valueMap: nil, otherFields: inFrance) == .source)
        // An existing record keeps its value only where the template's own value applies.
        #expect(!delivery.ownValueApplies(to: nil, valueMap: nil, otherFields: inFrance))
        #expect(delivery.ownValueApplies(to: nil, valueMap: nil, otherFields: nowhere))
    }

    @Test func aConstantWithOnlyWithIsWrittenOnlyForADocumentWithAShipToAddress() throws {
        let set = try TemplateLoader.bundled()
        for flow in ["quotes", "orders-to-fo"] {
            let specific = try #require(set.template(named: flow)?.mapping(forTarget: "ISDELIVERYADDRESSORDERSPECIFIC"))
            #expect(specific.applyTransforms(to: nil, valueMap: nil, otherFields: Self.fields([:])) == .value(nil), "\(flow)")
            #expect(specific.valueOrigin(of: nil, valueMap: nil, otherFields: Self.fields([:])) == .withheld)
            let shipped = Self.fields(["shipto_city": "Lyon"])
            #expect(specific.applyTransforms(to: nil, valueMap: nil, otherFields: shipped) == .value("Yes"), "\(flow)")
            let country = try #require(set.template(named: flow)?.mapping(forTarget: "DELIVERYADDRESSCOUNTRYREGIONISOCODE"))
            #expect(country.applyTransforms(to: nil, valueMap: nil, otherFields: Self.fields([:])) == .value(nil), "\(flow)")
            #expect(country.applyTransforms(to: nil, valueMap: nil, otherFields: shipped) == .value("US"), "\(flow): blank → US (doc)")
        }
    }

    @Test func theFieldsAMapReadsBesideItsSourceAreReadByTheFlow() throws {
        let accounts = try #require(try TemplateLoader.bundled().template(named: "accounts"))
        let delivery = try #require(accounts.mapping(forTarget: "DELIVERYADDRESSCOUNTRYREGIONISOCODE"))
        #expect(Set(delivery.otherFieldsRead).isSubset(of: Set(accounts.sourceFieldsRead)))
        let reference = TemplateDocumentation.transform(delivery, set: try TemplateLoader.bundled())
        #expect(reference.contains("nothing when it and `address2_line1`, `address2_city`"), "\(reference)")
        #expect(reference.contains("`address1_country` when blank"), "\(reference)")
    }

    /// Loads a folder holding `accounts.yaml` whose text is the bundled one with `old` replaced; returns the error.
    private func loadError(replacing old: String, with new: String) throws -> AirlockError {
        let text = try #require(try TemplateLoader.bundled().file(named: "accounts")).text
        #expect(text.contains(old), "the fixture edit must apply")
        let folder = try Fixture.scratchDirectory("airlock-templates")
        try Data(text.replacingOccurrences(of: old, with: new).utf8).write(to: URL(fileURLWithPath: folder + "/accounts.yaml"))
        do {
            _ = try TemplateLoader.load(directory: folder)
        } catch let error as AirlockError {
            return error
        }
        Issue.record("no error")
        return AirlockError(.io, "none")
    }

    @Test func aFallbackOrOnlyWithThatCannotApplyIsRefusedWithItsPlace() throws {
        let withoutSource = try loadError(
            replacing: "{row: 19, to: SITEID, default: \"1\",", with: "{row: 19, to: SITEID, fallback: address1_city, default: \"1\",")
        #expect(withoutSource.code == .invalidTemplate)
        #expect(withoutSource.message.contains("a 'fallback' is read when 'from' is blank"), "\(withoutSource.message)")
        #expect(withoutSource.location.field?.hasSuffix(".fallback") == true)
        let ownSource = try loadError(replacing: "fallback: address1_country", with: "fallback: address2_country")
        #expect(ownSource.message.contains("its own source field address2_country"), "\(ownSource.message)")
        let nothingToWithhold = try loadError(
            replacing: "{row: 3, from: fax, to: PRIMARYCONTACTFAX,",
            with: "{row: 3, from: fax, onlyWith: [address1_city], to: PRIMARYCONTACTFAX,")
        #expect(nothingToWithhold.message.contains("'onlyWith' says which records get the field map's own value"))
        #expect(nothingToWithhold.location.field?.hasSuffix(".onlyWith") == true)
    }
}

import AirlockKit
import Foundation
import Testing

/// The README's example for `airlock match`, run in process on a smaller pair: `sample --unkeyed`, `match`, then
/// `convert --keymap keymap.csv --assign-keys p2c`. The pair is convert-ready: every record converts, and the linked
/// F&O records keep their own values where the templates give only the records they create one.
@Suite struct SampleUnkeyedExampleTests {
    static func counts(_ run: ConversionResult, _ flow: String) throws -> RecordCounts {
        try #require(run.report.flows[flow], "\(flow)").counts
    }

    @Test func theReadmeExampleConvertsEveryRecordAndKeepsWhatTheLinkedRecordsHold() throws {
        let folder = try Fixture.scratchDirectory("airlock-unkeyed-example")
        let written = try SampleUnkeyedPair.write(to: folder, accounts: 300)
        let catalog = try SchemaCatalogLoader.bundled()
        let matched = try Matcher.run(
            MatchingOptions(foPath: written[0], salesPath: written[1], outputDirectory: folder + "/match"), catalog: catalog)
        let run = try Converter.run(
            ConversionOptions(
                foPath: written[0], salesPath: written[1], outputDirectory: folder + "/run",
                keymap: folder + "/match/" + RunLayout.keymap, assignKeys: ["p2c"]),
            catalog: catalog)
        // Every record read is accounted for, and none is rejected: --assign-keys p2c numbers the Sales accounts and
        // contacts match left unlinked, and the Sales export holds the unit group, units and price lists the
        // products name.
        for (name, flow) in run.report.flows {
            let c = flow.counts
            #expect(c.read == c.created + c.updated + c.unchanged + c.filtered + c.rejected, "\(name): every record accounted for")
            #expect(c.rejected == 0, "\(name): \(flow.counts.rejected) rejected")
        }
        let products = try Self.counts(run, "products")
        #expect(products.read > 10 && products.created + products.updated == products.read)
        #expect(try #require(run.report.flows["products"]).generated["priceListItems"]?.created == products.read)
        // Each linked account is an update of its F&O customer, and most linked contacts of their F&O record (a
        // contact's F&O key pairs it with its company's: one linked to a person of another company is created).
        let accounts = try #require(matched.entities.first { $0.entity == "accounts" }).linked
        let updatedAccounts = try Self.counts(run, "accounts")
        #expect(accounts > 100 && updatedAccounts.updated + updatedAccounts.unchanged == accounts)
        let contacts = try #require(matched.entities.first { $0.entity == "contacts" }).linked
        let updatedContacts = try ["contacts", "contacts-to-customers"].map { try Self.counts(run, $0) }.reduce(0) {
            $0 + $1.updated + $1.unchanged
        }
        #expect(contacts > 100 && updatedContacts >= contacts * 9 / 10, "\(updatedContacts) of \(contacts) linked contacts")
        // The F&O export holds the columns the templates write: the linked records keep their own site, warehouse,
        // language, gender… where the templates give only new records a value.
        #expect(!run.report.warnings.contains { $0.contains("existing records cannot keep their values there") }, "\(run.report.warnings)")
        let ownValues = [
            "accounts": ["ADDRESSLOCATIONROLES", "CUSTOMERGROUPID", "LANGUAGEID", "SITEID", "WAREHOUSEID"],
            "contacts": ["CONTACTPERSONPARTYTYPE", "GENDER", "ISINACTIVE", "ISRECEIVINGDIRECTMAIL", "MARITALSTATUS"],
            "contacts-to-customers": ["CUSTOMERGROUPID", "LANGUAGEID"],
        ]
        for (name, fields) in ownValues {
            let flow = try #require(run.report.flows[name])
            #expect(Set(fields).isDisjoint(with: flow.fieldChanges.keys), "\(name): \(flow.fieldChanges.keys.sorted())")
        }
        #expect(try #require(run.report.flows["accounts"]).keptValues["LANGUAGEID"] ?? 0 > 0)
        #expect(try #require(run.report.flows["contacts"]).keptValues["GENDER"] ?? 0 > 0)
    }
}

import AirlockKit
import Foundation
import Testing

/// `airlock match` on a generated unkeyed pair with its answer key: the bar the issue sets (sure pairs at least 99 %
/// precise, sure and review together finding at least 95 % of the Sales records that have a partner), and equal
/// inputs giving byte-identical outputs.
@Suite struct MatchQualityTests {
    @Test func sureIsPreciseAndReviewFindsTheRest() throws {
        let folder = try Fixture.scratchDirectory("airlock-match-quality")
        let written = try SampleUnkeyedPair.write(to: folder, accounts: 2_000, seed: 11)
        let result = try Matcher.run(
            MatchingOptions(foPath: written[0], salesPath: written[1], outputDirectory: folder + "/match"),
            catalog: SchemaCatalogLoader.bundled())
        let quality = try MatchQuality(folder: folder + "/match", truth: written[2])
        for entity in ["accounts", "contacts", "products"] {
            let figures = try #require(quality.byEntity[entity])
            #expect(figures.salesWithPartner > 100, "\(entity): the pair holds partners")
            #expect(figures.surePrecision >= 0.99, "\(entity): sure precision \(figures.surePrecision)")
            #expect(figures.sureReviewRecall >= 0.95, "\(entity): sure+review recall \(figures.sureReviewRecall)")
        }
        // Most accounts and contacts are sure; products, named alike more often and numbered apart, mostly go to review.
        #expect(try #require(quality.byEntity["accounts"]).sureRecall > 0.9)
        #expect(try #require(quality.byEntity["contacts"]).sureRecall > 0.9)
        let counts = try #require(result.entities.first { $0.entity == "accounts" })
        #expect(counts.salesDuplicates > 0 && counts.foDuplicates > 0, "duplicates within each side are listed")
        #expect(counts.linked == counts.sure)
    }

    /// A small pair (some 20 products): each entity's model is learned from its own few pairs, and links them.
    @Test(arguments: [3, 7]) func aSmallPairIsLinkedToo(seed: UInt64) throws {
        let folder = try Fixture.scratchDirectory("airlock-match-small-\(seed)")
        let written = try SampleUnkeyedPair.write(to: folder, accounts: 300, seed: seed)
        _ = try Matcher.run(
            MatchingOptions(foPath: written[0], salesPath: written[1], outputDirectory: folder + "/match"),
            catalog: SchemaCatalogLoader.bundled())
        let quality = try MatchQuality(folder: folder + "/match", truth: written[2])
        for entity in ["accounts", "contacts", "products"] {
            let figures = try #require(quality.byEntity[entity])
            #expect(figures.salesWithPartner > 10, "\(entity): the pair holds partners")
            #expect(figures.surePrecision >= 0.99, "\(entity): sure precision \(figures.surePrecision)")
            #expect(figures.sureReviewRecall >= 0.9, "\(entity): sure+review recall \(figures.sureReviewRecall)")
        }
    }

    /// An F&O export whose contact persons are in Contacts V2, the data management entity: linked as from CDS Contacts.
    @Test func contactsFromContactsV2AreLinked() throws {
        let folder = try Fixture.scratchDirectory("airlock-match-contacts-v2")
        let written = try SampleUnkeyedPair.write(to: folder, accounts: 1_000, seed: 5, contacts: .contactsV2)
        let result = try Matcher.run(
            MatchingOptions(foPath: written[0], salesPath: written[1], outputDirectory: folder + "/match", entities: [.contacts]),
            catalog: SchemaCatalogLoader.bundled())
        let quality = try MatchQuality(folder: folder + "/match", truth: written[2])
        let figures = try #require(quality.byEntity["contacts"])
        #expect(figures.salesWithPartner > 500)
        #expect(figures.surePrecision >= 0.99, "sure precision \(figures.surePrecision)")
        #expect(figures.sureReviewRecall >= 0.95, "sure+review recall \(figures.sureReviewRecall)")
        let linked = try #require(result.entities.first { $0.entity == "contacts" })
        #expect(linked.linked > 500)
        let text = try String(contentsOfFile: folder + "/match/matches.csv", encoding: .utf8)
        #expect(text.contains(",Contacts V2,CP"), "the contact persons are read from Contacts V2")
    }

    @Test func equalInputsGiveEqualOutputs() throws {
        let folder = try Fixture.scratchDirectory("airlock-match-determinism")
        let written = try SampleUnkeyedPair.write(to: folder, accounts: 300, seed: 3)
        for run in ["a", "b"] {
            _ = try Matcher.run(
                MatchingOptions(foPath: written[0], salesPath: written[1], outputDirectory: folder + "/" + run),
                catalog: SchemaCatalogLoader.bundled())
        }
        for name in RunLayout.matchOutputs {
            let first = FileManager.default.contents(atPath: folder + "/a/" + name)
            #expect(first != nil, "\(name) written")
            #expect(first == FileManager.default.contents(atPath: folder + "/b/" + name), "\(name)")
        }
    }
}

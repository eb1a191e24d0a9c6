import AirlockKit
import AirlockSample
import Foundation
import Testing

/// `airlock match` on a generated unkeyed pair with its answer key: the bar the issue sets (sure pairs at least 99 %
/// precise, sure and review together finding at least 95 % of the Sales records that have a partner), and equal
/// inputs giving byte-identical outputs.
@Suite struct MatchQualityTests {
    /// `airlock match` on a generated unkeyed pair of `accounts` in a scratch folder named `name`, scored against the
    /// pair's answer key; the folder holds the run in `match/`.
    static func matched(
        _ name: String, accounts: Int, seed: UInt64, contacts: SampleUnkeyedContactEntity = .cdsContacts,
        entities: [LinkedEntity] = LinkedEntity.allCases
    ) throws -> (result: MatchReport, quality: MatchQuality, folder: String) {
        let folder = try Fixture.scratchDirectory(name)
        let written = try SampleUnkeyedPair.write(to: folder, accounts: accounts, seed: seed, contacts: contacts)
        let result = try Matcher.run(
            MatchingOptions(foPath: written[0], salesPath: written[1], outputDirectory: folder + "/match", entities: entities),
            catalog: SchemaCatalogLoader.bundled())
        return (result, try MatchQuality(folder: folder + "/match", truth: written[2]), folder)
    }

    @Test func sureIsPreciseAndReviewFindsTheRest() throws {
        let (result, quality, _) = try Self.matched("airlock-match-quality", accounts: 2_000, seed: 11)
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
        let quality = try Self.matched("airlock-match-small-\(seed)", accounts: 300, seed: seed).quality
        for entity in ["accounts", "contacts", "products"] {
            let figures = try #require(quality.byEntity[entity])
            #expect(figures.salesWithPartner > 10, "\(entity): the pair holds partners")
            #expect(figures.surePrecision >= 0.99, "\(entity): sure precision \(figures.surePrecision)")
            #expect(figures.sureReviewRecall >= 0.9, "\(entity): sure+review recall \(figures.sureReviewRecall)")
        }
    }

    /// An F&O export whose contact persons are in Contacts V2, the data management entity: linked as from CDS Contacts.
    @Test func contactsFromContactsV2AreLinked() throws {
        let (result, quality, folder) = try Self.matched(
            "airlock-match-contacts-v2", accounts: 1_000, seed: 5, contacts: .contactsV2, entities: [.contacts])
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

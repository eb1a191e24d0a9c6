import Foundation
import Testing

/// The copies of the dual-write mapping reference in `Fixtures/dual-write/` read as maps, and each names where it
/// was copied from (`sources.yaml`).
struct DualWriteMapFixtureTests {
    @Test func everyFixtureParsesIntoATitledMapWithRows() throws {
        let maps = try DualWriteMapFixture.all()
        #expect(maps.count == 43)
        for map in maps {
            #expect(!map.rows.isEmpty, "\(map.file) has rows")
            #expect(!map.financeAndOperationsEntity.isEmpty && !map.dataverseTableSet.isEmpty, "\(map.file) title")
            for row in map.rows {
                #expect(row.financeAndOperationsField != nil || row.dataverseField != nil, "\(map.file): a row maps something")
                if row.financeAndOperationsField == nil || row.dataverseField == nil {
                    #expect(row.defaultValue != nil, "\(map.file): a `none` row writes a default")
                }
            }
        }
    }

    @Test func theMapTypesAreTheLegendsAndNoOthers() throws {
        var seen: Set<String> = []
        for map in try DualWriteMapFixture.all() { seen.formUnion(map.rows.map(\.mapType.rawValue)) }
        // `<` (one way to finance and operations, untransformed) appears in no map the fixtures hold.
        #expect(seen == ["=", ">", ">>", "<<", "><"])
    }

    @Test func theTitlesFiltersAndRowsReadAsTheReferenceWritesThem() throws {
        let accounts = try DualWriteMapFixture.load("CustomersV3-accounts.md")
        #expect(accounts.financeAndOperationsEntity == "Customers V3" && accounts.dataverseTableSet == "accounts")
        #expect(accounts.sourceFilter == #"((PartyType == "Organization"))"#)
        #expect(accounts.reversedSourceFilter == "customertypecode eq 3")
        let group = try #require(accounts.rows.first { $0.financeAndOperationsField == "CUSTOMERGROUPID" })
        #expect(group.mapType == .bidirectional && group.dataverseColumn == "msdyn_customergroupid")
        #expect(group.lookupPath == ["msdyn_groupid"])
        let partyType = try #require(accounts.rows.first { $0.financeAndOperationsField == "PARTYTYPE" })
        #expect(partyType.mapType == .transformedToFinanceAndOperations && partyType.dataverseField == nil)
        #expect(partyType.defaultValue == "Organization")

        let contacts = try DualWriteMapFixture.load("CustomersV3-contacts.md")
        #expect(contacts.sourceFilter == #"((PartyType == "Person"))"#)

        let parties = try DualWriteMapFixture.load("mapping-tables-220-CDSParties-msdyn-parties.md")
        #expect(parties.financeAndOperationsEntity == "CDS Parties" && parties.dataverseTableSet == "msdyn_parties")
        let partyTypes = try #require(parties.rows.first { $0.financeAndOperationsField == "PARTYTYPE" })
        #expect(partyTypes.mapType == .transformedBothWays)
        #expect(partyTypes.valueMap.first.map { "\($0.from)=\($0.to)" } == "person=192350001")
        #expect(partyTypes.valueMap.count == 6)
    }

    @Test func everyFixtureNamesTheCommitItWasCopiedFrom() throws {
        let text = try String(contentsOfFile: Fixture.path("dual-write/sources.yaml"), encoding: .utf8)
        var commits: [String: String] = [:]
        var file: String?
        for line in text.split(separator: "\n").map({ $0.trimmingCharacters(in: .whitespaces) }) {
            if line.hasPrefix("- file: ") { file = String(line.dropFirst("- file: ".count)) }
            if line.hasPrefix("commit: "), let current = file { commits[current] = String(line.dropFirst("commit: ".count)) }
        }
        #expect(Set(commits.keys) == Set(try DualWriteMapFixture.files()))
        for (file, commit) in commits {
            #expect(commit.count == 40 && commit.allSatisfy(\.isHexDigit), "\(file) names a commit")
        }
        #expect(text.contains("https://github.com/MicrosoftDocs/dynamics-365-unified-operations-public/blob/main/"))
    }
}

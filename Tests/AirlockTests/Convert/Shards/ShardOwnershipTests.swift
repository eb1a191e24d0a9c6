import AirlockKit
import Testing

@testable import AirlockConvert

/// Which shard owns each tree record (`ShardOwnership`): records sharing a link value (trimmed, case-blind) form one
/// tree, a tree goes to the shard its smallest link hash mixes to, a record linking two trees joins them, a record
/// without a link value goes by its table and place, and none of it depends on the order the records come in.
@Suite struct ShardOwnershipTests {
    /// A record of the hand-built pair: its name in the test and its link values (nil: a column without a value).
    struct Row {
        var name: String
        var links: [String?]
    }

    static let accountA1 = "aaaaaaaa-0000-4000-8000-000000000001"
    static let accountA2 = "aaaaaaaa-0000-4000-8000-000000000002"
    static let accountA3 = "aaaaaaaa-0000-4000-8000-000000000003"

    /// The link values a shard reads of a small pair, table by table as `ShardInputReader` gathers them: three Sales
    /// accounts (id, account number), contacts of A1 and A2 (id, contact number, parent account), an order of A1 (id,
    /// order number, customer, no invoice customer); F&O customers C-1 to C-3 (account, invoice account, party) and
    /// one customer row without a link value, and an F&O order of C-1. The account id and a customer account are
    /// written otherwise than the values that link to them (braces, case, spaces). `joining` adds an F&O order SO-9
    /// ordered by C-2 and invoiced to C-3.
    static func pair(joining: Bool = false) -> [(table: String, rows: [Row])] {
        [
            (
                "sales:account:0",
                [
                    Row(name: "account A1", links: ["{" + accountA1.uppercased() + "}", "C-1"]),
                    Row(name: "account A2", links: [accountA2, "C-2"]),
                    Row(name: "account A3", links: [accountA3, "C-3"]),
                ]
            ),
            (
                "sales:contact:1",
                [
                    Row(name: "contact K1", links: ["cccccccc-0000-4000-8000-000000000001", "P-1", accountA1]),
                    Row(name: "contact K2", links: ["cccccccc-0000-4000-8000-000000000002", "P-2", accountA2]),
                ]
            ),
            ("sales:salesorder:2", [Row(name: "order O1", links: ["dddddddd-0000-4000-8000-000000000001", "SO-1", accountA1, nil])]),
            (
                "fo:Customers V2",
                [
                    Row(name: "customer C-1", links: ["C-1", "", "PTY-1"]),
                    Row(name: "customer C-2", links: ["c-2 ", nil, "PTY-2"]),
                    Row(name: "customer C-3", links: ["C-3", "", "PTY-3"]),
                    Row(name: "customer without links", links: ["", " ", nil]),
                ]
            ),
            (
                "fo:CDS sales order headers",
                [Row(name: "order SO-1", links: ["SO-1", "C-1", "C-1"])]
                    + (joining ? [Row(name: "order SO-9", links: ["SO-9", "C-2", "C-3"])] : [])
            ),
        ]
    }

    /// The ownership of `tables`, gathered row by row.
    static func ownership(_ tables: [(table: String, rows: [Row])]) throws -> ShardOwnership {
        var ownership = ShardOwnership()
        for (table, rows) in tables {
            _ = ownership.beginTable(table)
            for row in rows {
                try ownership.addRow { add in
                    for link in row.links {
                        if let link { Array(link.utf8).withUnsafeBytes { add($0) } } else { add(nil) }
                    }
                }
            }
        }
        return ownership
    }

    /// Each record's shard out of `count`, as every shard computes it (each record must be owned by exactly one),
    /// and each shard's summary.
    static func owners(_ tables: [(table: String, rows: [Row])], count: Int) throws -> (
        owners: [String: Int], summaries: [ShardOwnership.Summary]
    ) {
        let ownership = try ownership(tables)
        var owners: [String: Int] = [:]
        var summaries: [ShardOwnership.Summary] = []
        for index in 0..<count {
            let (rows, summary) = ownership.ownedRows(try ShardSelection(index: index, count: count))
            #expect(rows.count == tables.count)
            for (table, owned) in zip(tables, rows) {
                #expect(owned == owned.sorted(), "\(table.table): rows in order")
                for row in owned {
                    let name = table.rows[row].name
                    #expect(owners[name] == nil, "\(name) is owned by shards \(owners[name] ?? -1) and \(index)")
                    owners[name] = index
                }
            }
            summaries.append(summary)
        }
        #expect(owners.count == tables.reduce(0) { $0 + $1.rows.count }, "every record is owned by a shard")
        return (owners, summaries)
    }

    static func linkHash(_ text: String) -> UInt64? {
        Array(text.utf8).withUnsafeBytes { ShardOwnership.linkHash($0) }
    }

    @Test func aLinkValueHashesAsFNV1aOfItsTrimmedLowerCasedText() {
        // FNV-1a 64 of "a" is af63dc4c8601ec8c (the published test vector).
        #expect(Self.linkHash("a") == 0xAF63_DC4C_8601_EC8C)
        for written in ["A", " a", "a\r\n", "\t{a}", "{A} "] {
            #expect(Self.linkHash(written) == 0xAF63_DC4C_8601_EC8C, "'\(written)'")
        }
        #expect(Self.linkHash("{" + Self.accountA1.uppercased() + "}") == Self.linkHash(Self.accountA1))
        // Inside the value nothing is dropped or folded but ASCII letters.
        #expect(Self.linkHash("c 1") != Self.linkHash("c1"))
        #expect(Self.linkHash("É") != Self.linkHash("é"))
        for empty in ["", " ", "{}", " { } \n"] { #expect(Self.linkHash(empty) == nil, "'\(empty)'") }
    }

    @Test func aTreeGoesToTheShardItsSmallestHashMixesTo() {
        // splitmix64's first two outputs from seed 0 are e220a8397b1dcdaf and 6e789e6aa1b965f4: the mix of 0 and of
        // the golden gamma.
        #expect(ShardOwnership.shard(of: 0, count: 16) == 0xF)
        #expect(ShardOwnership.shard(of: 0, count: 1000) == 535)  // e220a8397b1dcdaf mod 1000
        #expect(ShardOwnership.shard(of: 0x9E37_79B9_7F4A_7C15, count: 16) == 4)
        #expect(ShardOwnership.shard(of: 0x9E37_79B9_7F4A_7C15, count: 4096) == 0x5F4)
        for hash: UInt64 in [0, 1, 0xAF63_DC4C_8601_EC8C, .max] { #expect(ShardOwnership.shard(of: hash, count: 1) == 0) }
    }

    @Test func anAccountItsContactsAndOrdersOnBothSidesShareAShard() throws {
        let (owners, summaries) = try Self.owners(Self.pair(), count: 5)
        // A1's tree: its contact and order, and F&O's customer and order that name its account number.
        for name in ["account A1", "contact K1", "order O1", "customer C-1", "order SO-1"] { #expect(owners[name] == 1, "\(name)") }
        for name in ["account A2", "contact K2", "customer C-2"] { #expect(owners[name] == 3, "\(name)") }
        for name in ["account A3", "customer C-3"] { #expect(owners[name] == 4, "\(name)") }
        // A record without a link value goes by its table and place.
        #expect(owners["customer without links"] == 1)
        #expect(summaries.map(\.ownedRecords) == [0, 6, 0, 3, 2])
        #expect(summaries.allSatisfy { $0.treeRecords == 11 && $0.largestTree == 5 })
    }

    @Test func aRecordReferringToTwoTreesJoinsThemInOneShard() throws {
        let (owners, summaries) = try Self.owners(Self.pair(joining: true), count: 5)
        // SO-9 names C-2 and C-3: A2's and A3's trees are one, in the shard A3's tree went to alone.
        for name in ["account A2", "contact K2", "customer C-2", "account A3", "customer C-3", "order SO-9"] {
            #expect(owners[name] == 4, "\(name)")
        }
        for name in ["account A1", "contact K1", "order O1", "customer C-1", "order SO-1"] { #expect(owners[name] == 1, "\(name)") }
        #expect(summaries.map(\.ownedRecords) == [0, 6, 0, 0, 6])
        #expect(summaries.allSatisfy { $0.treeRecords == 12 && $0.largestTree == 6 })
        // Another count, other shards; the trees stay whole.
        let three = try Self.owners(Self.pair(joining: true), count: 3).owners
        #expect(Set(["account A2", "contact K2", "customer C-2", "account A3", "customer C-3", "order SO-9"].map { three[$0] }) == [0])
        #expect(Set(["account A1", "contact K1", "order O1", "customer C-1", "order SO-1"].map { three[$0] }) == [2])
    }

    @Test func theSameRecordsInAnotherOrderGoToTheSameShards() throws {
        // Tables and rows reversed (the record without links left out: its place is what places it).
        let pair = Self.pair(joining: true).map { table in
            (table: table.table, rows: table.rows.filter { $0.name != "customer without links" })
        }
        let reversed = pair.reversed().map { (table: $0.table, rows: Array($0.rows.reversed())) }
        for count in [1, 2, 3, 5, 8, 64] {
            let owners = try Self.owners(pair, count: count).owners
            #expect(try Self.owners(reversed, count: count).owners == owners, "\(count) shards")
            #expect(try Self.owners(pair, count: count).owners == owners, "\(count) shards, asked again")
            if count == 1 { #expect(Set(owners.values) == [0]) }
        }
        // Each shard of one ownership asks alone: what one shard owns does not depend on another having asked.
        let ownership = try Self.ownership(pair)
        let first = ownership.ownedRows(try ShardSelection(index: 4, count: 5)).rows
        _ = ownership.ownedRows(try ShardSelection(index: 1, count: 5))
        #expect(ownership.ownedRows(try ShardSelection(index: 4, count: 5)).rows == first)
        #expect(first == [[1, 2], [1], [], [1, 2], [1]])
    }

    @Test func noLinkValuesAtAllSpreadsTheRecordsByPlace() throws {
        let rows = (0..<6).map { Row(name: "product \($0)", links: [""]) }
        let (owners, summaries) = try Self.owners([("fo:Sellable released products", rows)], count: 2)
        #expect((0..<6).map { owners["product \($0)"] } == [0, 0, 1, 0, 0, 1])
        // No trees: each record counts as a tree of one.
        #expect(summaries.map(\.largestTree) == [1, 1])
        #expect(try Self.owners([("sales:account:0", [])], count: 2).summaries.map(\.largestTree) == [0, 0])
    }

    @Test func selectingKeepsTheRowsTheirValueProblemsAndPartyMembers() throws {
        var section = CMTEntityData(name: "letter", fieldNames: ["subject", "to"])
        func member(_ id: String) -> CMTRecord { CMTRecord(id: id, fields: [CMTFieldValue(name: "partyid", value: id)]) }
        for (row, members) in [["p0"], [], ["p2a", "p2b"]].enumerated() {
            var to = CMTFieldValue(name: "to", value: "")
            to.partyMembers = members.map(member)
            try section.append(CMTRecord(id: "r\(row)", fields: [CMTFieldValue(name: "subject", value: "s\(row)"), to]))
        }
        section.valueProblems = [1, 2].map {
            CMTValueProblemRecord(row: $0, field: "subject", value: "s\($0)", type: .number, message: "m")
        }
        let kept = try ShardOwnership.selecting([0, 2], of: section)
        #expect(kept.recordCount == 2)
        #expect((0..<2).map { kept.record(at: $0).id } == ["r0", "r2"])
        #expect(kept.record(at: 1).field("subject")?.value == "s2")
        #expect(kept.valueProblems.map(\.row) == [1] && kept.valueProblems.map(\.value) == ["s2"])
        // The party members of r2 now hang off row 1.
        #expect(kept.partyMembers.count == 3)
        #expect(kept.record(at: 1).field("to")?.partyMembers.map(\.id) == ["p2a", "p2b"])
        #expect(kept.record(at: 0).field("to")?.partyMembers.map(\.id) == ["p0"])
        let none = try ShardOwnership.selecting([], of: section)
        #expect(none.recordCount == 0 && none.valueProblems.isEmpty && none.partyMembers.count == 0)
    }

    /// A party member's value problem points at the member's row in the selection, not at its row in the export
    /// (which, past the first kept record, would name another member or none).
    @Test func aPartyMembersValueProblemFollowsItsMember() throws {
        var section = CMTEntityData(name: "letter", fieldNames: ["subject", "to"])
        func member(_ id: String) -> CMTRecord { CMTRecord(id: id, fields: [CMTFieldValue(name: "donotemail", value: id)]) }
        for (row, members) in [["p0a", "p0b"], ["p1"], ["p2a", "p2b"]].enumerated() {
            var to = CMTFieldValue(name: "to", value: "")
            to.partyMembers = members.map(member)
            try section.append(CMTRecord(id: "r\(row)", fields: [CMTFieldValue(name: "subject", value: "s\(row)"), to]))
        }
        // Members are numbered in document order: p0a 0, p0b 1, p1 2, p2a 3, p2b 4.
        section.valueProblems = [
            CMTValueProblemRecord(row: 2, field: "to/donotemail", partyMember: 4, value: "p2b", type: .bool, message: "m"),
            CMTValueProblemRecord(row: 0, field: "to/donotemail", partyMember: 1, value: "p0b", type: .bool, message: "m"),
        ]
        let kept = try ShardOwnership.selecting([1, 2], of: section)
        #expect(kept.valueProblems.map(\.row) == [1])
        // p2b is the third member kept (p1, p2a, p2b).
        #expect(kept.valueProblems.map(\.partyMember) == [2])
        let member = try #require(kept.valueProblems.first?.partyMember)
        let idColumn = try #require(kept.partyMembers.values.columnIndex(named: CMTRecordTable.idColumn))
        #expect(kept.partyMembers.values.value(row: member, column: idColumn) == "p2b")
    }
}

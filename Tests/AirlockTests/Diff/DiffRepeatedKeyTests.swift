import AirlockKit
import Foundation
import Testing

/// `airlock diff` on exports that repeat a key within an entity (docs/diff.md, "Repeated keys"): exact copies count
/// once and the diff goes on; a key with different records is ambiguous, unchanged only when both exports hold the
/// same distinct records under it, else every distinct new record of it goes to the delta; the other entities'
/// outcome is exactly the one without the repeats; the same for Configuration Migration packages.
@Suite struct DiffRepeatedKeyTests {
    static let customers = "Customers V2"
    static let products = "Sellable released products"

    /// Rows of an F&O entity, by index, and the editing of them.
    typealias Rows = [[String?]]

    /// A generated pair, with `old.zip` and `new.zip` written from its F&O export: Customers V2 edited by
    /// `oldCustomers` and `newCustomers`, and in the new export a change to another entity (a product renamed,
    /// another gone), so that the other entities have a delta and a delete of their own.
    static func foPair(
        seed: UInt64, oldCustomers: @escaping (inout Rows, Table) -> Void, newCustomers: @escaping (inout Rows, Table) -> Void
    ) throws -> (folder: String, old: String, new: String) {
        let pair = try ConvertFixture.generatedPair(accounts: 30, seed: seed)
        let old = pair.folder + "/old.zip"
        let new = pair.folder + "/new.zip"
        let productChange: (inout Rows, Table) -> Void = { rows, table in
            if let name = table.columnIndex(named: "PRODUCTNAME") { rows[0][name] = "renamed product" }
            rows.remove(at: 1)
        }
        try WaveMaker.foRows(export: pair.fo, output: old, edits: [customers: oldCustomers, products: { _, _ in }])
        try WaveMaker.foRows(export: pair.fo, output: new, edits: [customers: newCustomers, products: productChange])
        return (pair.folder, old, new)
    }

    /// The same pair without repeats: what every entity but Customers V2 must come to.
    static func baseline(seed: UInt64) throws -> (report: DiffReport, out: String) {
        let pair = try foPair(seed: seed, oldCustomers: { _, _ in }, newCustomers: { _, _ in })
        let out = pair.folder + "/baseline"
        return (try DiffRunner.run(old: pair.old, new: pair.new, out: out), out)
    }

    /// The other entities' reports and delta files equal the baseline's.
    static func expectOthersUnchanged(_ report: DiffReport, out: String, seed: UInt64) throws {
        let baseline = try baseline(seed: seed)
        let others = report.entities.filter { $0.entity != customers }
        #expect(others == baseline.report.entities.filter { $0.entity != customers })
        #expect(others.contains { $0.entity == products && $0.changed == 1 && $0.deleted == 1 })
        var tables = try ConvertFixture.foTables(out + "/" + RunLayout.deltaPackage)
        tables[customers] = nil
        let expected = try ConvertFixture.foTables(baseline.out + "/" + RunLayout.deltaPackage)
        #expect(tables.keys.sorted() == [products])
        func rows(_ table: Table?) -> [[String?]] { table.map { table in (0..<table.rowCount).map { table.row($0) } } ?? [] }
        for (name, table) in tables { #expect(rows(table) == rows(expected[name]), "\(name)") }
        let deleted = try ConvertFixture.csvRows(out + "/" + RunLayout.deletedList).filter { $0["entity"] != customers }
        #expect(deleted == (try ConvertFixture.csvRows(baseline.out + "/" + RunLayout.deletedList)))
    }

    static func column(_ table: Table, _ name: String) throws -> Int { try #require(table.columnIndex(named: name)) }

    /// The customer accounts of the delta's Customers V2 file, in its order.
    static func deltaAccounts(_ out: String) throws -> [String] {
        guard let delta = try ConvertFixture.foTables(out + "/" + RunLayout.deltaPackage)[customers] else { return [] }
        return (0..<delta.rowCount).map { delta.value(row: $0, column: "CUSTOMERACCOUNT") ?? "" }
    }

    @Test func anExactCopyInTheOldExportCountsOnce() throws {
        var rowCount = 0
        var account = ""
        let pair = try Self.foPair(
            seed: 11,
            oldCustomers: { rows, table in
                rowCount = rows.count
                account = table.columnIndex(named: "CUSTOMERACCOUNT").flatMap { rows[2][$0] } ?? ""
                rows.append(rows[2])
            }, newCustomers: { _, _ in })
        let out = pair.folder + "/diff"
        let report = try DiffRunner.run(old: pair.old, new: pair.new, out: out)
        let entity = try #require(report.entities.first { $0.entity == Self.customers })
        #expect((entity.old, entity.new) == (rowCount + 1, rowCount))
        #expect((entity.created, entity.changed, entity.unchanged, entity.deleted) == (0, 0, rowCount, 0))
        #expect((entity.duplicates.old, entity.duplicates.new) == (1, 0))
        #expect(entity.duplicates.examples == [DiffKeyExample(export: .old, key: ["USMF", account], lines: [4, rowCount + 2])])
        #expect(entity.ambiguous == DiffAmbiguity())
        #expect(entity.identitiesHold)
        #expect((report.totals.duplicatesOld, report.totals.duplicatesNew, report.totals.ambiguousKeys) == (1, 0, 0))
        let warning = try #require(report.warnings.first { $0.contains("exact copy") })
        #expect(warning.hasPrefix("Customers V2: the old export (\(pair.old), Customers V2.csv) holds 1 exact copy"), "\(warning)")
        #expect(warning.contains("DATAAREAID=USMF, CUSTOMERACCOUNT=\(account) (lines 4 and \(rowCount + 2))"), "\(warning)")
        #expect(try Self.deltaAccounts(out).isEmpty)
        #expect(report.text().contains("warning: \(warning)"))
        try Self.expectOthersUnchanged(report, out: out, seed: 11)
    }

    /// Copies in the new export only: of an unchanged record, and of a changed one (the delta holds it once).
    @Test func exactCopiesInTheNewExportCountOnce() throws {
        var rowCount = 0
        var accounts: [String] = []
        let pair = try Self.foPair(
            seed: 12, oldCustomers: { _, _ in },
            newCustomers: { rows, table in
                rowCount = rows.count
                guard let account = table.columnIndex(named: "CUSTOMERACCOUNT"), let name = table.columnIndex(named: "ORGANIZATIONNAME")
                else { return }
                accounts = [rows[2][account] ?? "", rows[5][account] ?? ""]
                rows[5][name] = "changed name"
                rows.append(rows[2])
                rows.append(rows[5])
                rows.append(rows[5])
            })
        let out = pair.folder + "/diff"
        let report = try DiffRunner.run(old: pair.old, new: pair.new, out: out)
        let entity = try #require(report.entities.first { $0.entity == Self.customers })
        #expect((entity.old, entity.new) == (rowCount, rowCount + 3))
        #expect((entity.created, entity.changed, entity.unchanged, entity.deleted) == (0, 1, rowCount - 1, 0))
        #expect(entity.changedFields == ["ORGANIZATIONNAME": 1])
        #expect((entity.duplicates.old, entity.duplicates.new) == (0, 3))
        #expect(
            entity.duplicates.examples == [
                DiffKeyExample(export: .new, key: ["USMF", accounts[0]], lines: [4, rowCount + 2]),
                DiffKeyExample(export: .new, key: ["USMF", accounts[1]], lines: [7, rowCount + 3, rowCount + 4]),
            ])
        #expect(entity.identitiesHold)
        #expect(try Self.deltaAccounts(out) == [accounts[1]])
        #expect(
            report.warnings.contains { $0.hasPrefix("Customers V2: the new export (\(pair.new), Customers V2.csv) holds 3 exact copies") })
        try Self.expectOthersUnchanged(report, out: out, seed: 12)
    }

    @Test func exactCopiesInBothExportsLeaveTheKeyUnchanged() throws {
        var rowCount = 0
        let copy: (inout Rows, Table) -> Void = { rows, _ in
            rowCount = rows.count
            rows.insert(rows[3], at: 0)
        }
        let pair = try Self.foPair(seed: 13, oldCustomers: copy, newCustomers: copy)
        let out = pair.folder + "/diff"
        let report = try DiffRunner.run(old: pair.old, new: pair.new, out: out)
        let entity = try #require(report.entities.first { $0.entity == Self.customers })
        #expect((entity.old, entity.new) == (rowCount + 1, rowCount + 1))
        #expect((entity.created, entity.changed, entity.unchanged, entity.deleted) == (0, 0, rowCount, 0))
        #expect((entity.duplicates.old, entity.duplicates.new) == (1, 1))
        // The copy is the first record (line 2); the record it copies, now on line 6, is the one left out.
        #expect(entity.duplicates.examples.map(\.lines) == [[2, 6], [2, 6]])
        #expect(entity.duplicates.examples.map(\.export) == [.old, .new])
        #expect(entity.identitiesHold)
        #expect(try Self.deltaAccounts(out).isEmpty)
        try Self.expectOthersUnchanged(report, out: out, seed: 13)
    }

    /// The new export has a second, different record under a key: both go to the delta as changed, in the new
    /// file's order, whether the key's first new record was unchanged (it is then written in a second pass) or
    /// changed; the key is ambiguous, with a warning naming it and its lines.
    @Test func differentRecordsUnderOneNewKeyAllGoToTheDelta() throws {
        var rowCount = 0
        var accounts: [String] = []
        let pair = try Self.foPair(
            seed: 14, oldCustomers: { _, _ in },
            newCustomers: { rows, table in
                rowCount = rows.count
                guard let account = table.columnIndex(named: "CUSTOMERACCOUNT"), let name = table.columnIndex(named: "ORGANIZATIONNAME")
                else { return }
                accounts = [rows[3][account] ?? "", rows[4][account] ?? ""]
                var other = rows[3]
                other[name] = "another name"
                rows[4][name] = "changed name"
                var third = rows[4]
                third[name] = "a third name"
                rows.append(other)
                rows.append(third)
            })
        let out = pair.folder + "/diff"
        let report = try DiffRunner.run(old: pair.old, new: pair.new, out: out)
        let entity = try #require(report.entities.first { $0.entity == Self.customers })
        #expect((entity.old, entity.new) == (rowCount, rowCount + 2))
        #expect((entity.created, entity.changed, entity.unchanged, entity.deleted) == (0, 4, rowCount - 2, 0))
        #expect(entity.duplicates == DiffDuplicates())
        var expected = DiffAmbiguity()
        (expected.keys, expected.old, expected.new, expected.changed) = (2, 2, 4, 4)
        expected.examples = [
            DiffKeyExample(export: .new, key: ["USMF", accounts[0]], lines: [5, rowCount + 2], outcome: .changed),
            DiffKeyExample(export: .new, key: ["USMF", accounts[1]], lines: [6, rowCount + 3], outcome: .changed),
        ]
        #expect(entity.ambiguous == expected)
        #expect(entity.identitiesHold)
        // The new file's order: the first record of each key where it stands, the other records at the end.
        #expect(try Self.deltaAccounts(out) == [accounts[0], accounts[1], accounts[0], accounts[1]])
        let delta = try #require(try ConvertFixture.foTables(out + "/" + RunLayout.deltaPackage)[Self.customers])
        let names = (0..<delta.rowCount).map { delta.value(row: $0, column: "ORGANIZATIONNAME") ?? "" }
        #expect(Array(names.dropFirst()) == ["changed name", "another name", "a third name"])
        #expect(
            report.warnings.contains(
                "Customers V2: the new export (\(pair.new), Customers V2.csv) has 2 different records with the key DATAAREAID=USMF, CUSTOMERACCOUNT=\(accounts[0]) (lines 5 and \(rowCount + 2)); each distinct record the new export has under the key goes to the delta as changed: settle which is right"
            ), "\(report.warnings)")
        #expect(report.totals.ambiguousKeys == 2)
        #expect(report.text().contains("Settle the 2 ambiguous keys"))
        try Self.expectOthersUnchanged(report, out: out, seed: 14)

        // The same inputs give the same bytes.
        let again = pair.folder + "/diff-again"
        _ = try DiffRunner.run(old: pair.old, new: pair.new, out: again)
        #expect(try ConvertFixture.files(under: out) == ConvertFixture.files(under: again))
    }

    /// The old export has different records under keys: a key whose new records are not the same distinct set is
    /// changed (its new records all go), one with the same set unchanged, one the new export lacks deleted (once).
    @Test func differentRecordsUnderOneOldKeyAreSettledByTheNewExport() throws {
        var rowCount = 0
        var accounts: [String] = []
        func variant(_ rows: Rows, _ row: Int, _ table: Table, _ text: String) -> [String?] {
            var copy = rows[row]
            if let name = table.columnIndex(named: "ORGANIZATIONNAME") { copy[name] = text }
            return copy
        }
        let pair = try Self.foPair(
            seed: 15,
            oldCustomers: { rows, table in
                rowCount = rows.count
                accounts = [3, 6, 7, 8].map { row in table.columnIndex(named: "CUSTOMERACCOUNT").flatMap { rows[row][$0] } ?? "" }
                rows += [
                    variant(rows, 3, table, "B"), variant(rows, 6, table, "B"), variant(rows, 7, table, "B"), variant(rows, 8, table, "B"),
                ]
            },
            newCustomers: { rows, table in
                // Key 3: only its first record (changed); key 6: both (unchanged); key 7: gone; key 8: its first and a third.
                rows += [variant(rows, 6, table, "B"), variant(rows, 8, table, "C")]
                rows.remove(at: 7)
            })
        let out = pair.folder + "/diff"
        let report = try DiffRunner.run(old: pair.old, new: pair.new, out: out)
        let entity = try #require(report.entities.first { $0.entity == Self.customers })
        #expect((entity.old, entity.new) == (rowCount + 4, rowCount + 1))
        #expect((entity.created, entity.changed, entity.unchanged, entity.deleted) == (0, 3, rowCount - 2, 1))
        var expected = DiffAmbiguity()
        (expected.keys, expected.old, expected.new) = (4, 8, 5)
        (expected.changed, expected.unchanged, expected.deleted) = (3, 2, 1)
        let last = rowCount + 1
        expected.examples = [
            DiffKeyExample(export: .old, key: ["USMF", accounts[0]], lines: [5, last + 1], outcome: .changed),
            DiffKeyExample(export: .old, key: ["USMF", accounts[1]], lines: [8, last + 2], outcome: .unchanged),
            DiffKeyExample(export: .old, key: ["USMF", accounts[2]], lines: [9, last + 3], outcome: .deleted),
            DiffKeyExample(export: .old, key: ["USMF", accounts[3]], lines: [10, last + 4], outcome: .changed),
            // Key 6 shows in the new export's examples too: it has two records there (the same two as in the old).
            DiffKeyExample(export: .new, key: ["USMF", accounts[1]], lines: [8, last], outcome: .unchanged),
            DiffKeyExample(export: .new, key: ["USMF", accounts[3]], lines: [9, last + 1], outcome: .changed),
        ]
        #expect(entity.ambiguous.examples == expected.examples)
        #expect(entity.ambiguous == expected)
        #expect(entity.identitiesHold)
        #expect(try Self.deltaAccounts(out) == [accounts[0], accounts[3], accounts[3]])
        let deleted = try ConvertFixture.csvRows(out + "/" + RunLayout.deletedList).filter { $0["entity"] == Self.customers }
        #expect(deleted.map { $0["key_1"] ?? "" } == [accounts[2]])
        #expect(report.warnings.contains { $0.contains(accounts[1]) && $0.contains("so none goes to the delta") })
        #expect(report.warnings.contains { $0.contains(accounts[2]) && $0.contains("listed once in deleted.csv") })
        try Self.expectOthersUnchanged(report, out: out, seed: 15)
    }

    /// Every record under one key (the key column rewritten): one ambiguous key the new export lacks, its records'
    /// keys all created; no error.
    @Test func aKeyEveryRecordSharesIsAmbiguousNotAnError() throws {
        let pair = try ConvertFixture.generatedPair(accounts: 6, seed: 2)
        let same = pair.folder + "/same.zip"
        try FOExportRewriter.rewrite(export: pair.fo, output: same, label: "Customers V2", column: "CUSTOMERACCOUNT") { _ in "SAME" }
        let report = try DiffRunner.run(old: same, new: pair.fo, out: pair.folder + "/out")
        let entity = try #require(report.entities.first { $0.entity == Self.customers })
        #expect(entity.ambiguous.keys == 1)
        #expect(entity.ambiguous.old == entity.old)
        #expect(entity.ambiguous.deleted == 1)
        #expect((entity.created, entity.changed, entity.unchanged, entity.deleted) == (entity.new, 0, 0, 1))
        #expect(entity.identitiesHold)
        #expect(
            report.warnings.contains {
                $0.contains("Customers V2: the old export")
                    && $0.contains("different records with the key DATAAREAID=USMF, CUSTOMERACCOUNT=SAME (lines 2, 3")
            }, "\(report.warnings)")
    }

    /// A Configuration Migration export with an id twice in an entity: exact copies count once; an id with different
    /// records is ambiguous (here the new export's, which sends both in the order they come, written in a second
    /// pass); the other entities come out as without the repeats.
    @Test func cmtRecordsRepeatingAnIdAreCountedOnceOrCarried() throws {
        let pair = try ConvertFixture.generatedPair(accounts: 20, seed: 16)
        let base = try CMTPackageReader(path: pair.sales).read()
        let contacts = try #require(base.data.entity(named: "contact"))
        let contactID = contacts.record(at: 0).id
        let renameContact: (inout [CMTRecord]) -> Void = { records in
            if let index = records[0].fields.firstIndex(where: { $0.name == "lastname" }) { records[0].fields[index].value = "Renamed" }
        }
        func renamed(_ record: CMTRecord, _ name: String) -> CMTRecord {
            var copy = record
            if let index = copy.fields.firstIndex(where: { $0.name == "name" }) { copy.fields[index].value = name }
            return copy
        }
        var accountCount = 0
        var ids: [String] = []
        let paths = ["old", "new", "plain-old", "plain-new"].map { pair.folder + "/\($0).zip" }
        try WaveMaker.cmtRecords(
            export: pair.sales, output: paths[0],
            edits: [
                "account": { records in
                    accountCount = records.count
                    ids = [records[2].id, records[4].id, records[5].id]
                    records.append(records[2])
                    records.append(renamed(records[4], "old other name"))
                }
            ])
        try WaveMaker.cmtRecords(
            export: pair.sales, output: paths[1],
            edits: [
                "account": { records in
                    records.append(records[2])
                    records.append(renamed(records[5], "new other name"))
                },
                "contact": renameContact,
            ])
        try WaveMaker.cmtRecords(export: pair.sales, output: paths[2], edits: ["account": { _ in }])
        try WaveMaker.cmtRecords(export: pair.sales, output: paths[3], edits: ["account": { _ in }, "contact": renameContact])

        let out = pair.folder + "/diff"
        let report = try DiffRunner.run(old: paths[0], new: paths[1], out: out)
        let plain = try DiffRunner.run(old: paths[2], new: paths[3], out: pair.folder + "/plain")
        let accounts = try #require(report.entities.first { $0.entity == "account" })
        #expect((accounts.old, accounts.new) == (accountCount + 2, accountCount + 2))
        // Id 4: old {A, B}, new {A}: changed. Id 5: old {A}, new {A, C}: both changed.
        #expect((accounts.created, accounts.changed, accounts.unchanged, accounts.deleted) == (0, 3, accountCount - 2, 0))
        #expect((accounts.duplicates.old, accounts.duplicates.new) == (1, 1))
        #expect(accounts.duplicates.examples.first == DiffKeyExample(export: .old, key: [ids[0]], records: [3, accountCount + 1]))
        #expect(
            accounts.ambiguous.examples == [
                DiffKeyExample(export: .old, key: [ids[1]], records: [5, accountCount + 2], outcome: .changed),
                DiffKeyExample(export: .new, key: [ids[2]], records: [6, accountCount + 2], outcome: .changed),
            ])
        #expect(accounts.identitiesHold)
        #expect(
            report.warnings.contains {
                $0.hasPrefix(
                    "account: the new export (\(paths[1]), data.xml) has 2 different records with the key id=\(ids[2]) (records 6 and \(accountCount + 2))"
                )
            }, "\(report.warnings)")
        #expect(report.entities.filter { $0.entity != "account" } == plain.entities.filter { $0.entity != "account" })
        #expect(report.entities.contains { $0.entity == "contact" && $0.changed == 1 })

        let delta = try CMTPackageReader(path: out + "/" + RunLayout.deltaPackage).read()
        let section = try #require(delta.data.entity(named: "account"))
        let carried = (0..<section.recordCount).map { section.record(at: $0) }
        #expect(carried.map(\.id) == [ids[1], ids[2], ids[2]])
        #expect(carried.last?.fields.first { $0.name == "name" }?.value == "new other name")
        let plainDelta = try CMTPackageReader(path: pair.folder + "/plain/" + RunLayout.deltaPackage).read()
        let contactSection = try #require(delta.data.entity(named: "contact"))
        let plainContacts = try #require(plainDelta.data.entity(named: "contact"))
        #expect(contactSection.recordCount == 1 && contactSection.record(at: 0).id == contactID)
        #expect(contactSection.record(at: 0) == plainContacts.record(at: 0))

        let again = pair.folder + "/diff-again"
        _ = try DiffRunner.run(old: paths[0], new: paths[1], out: again)
        #expect(try ConvertFixture.files(under: out) == ConvertFixture.files(under: again))
    }

    /// The sample pair with defects, diffed against itself: its invoice headers exported twice are exact copies, a
    /// warning, not a failure.
    @Test func theDefectsSampleDiffsWithAWarning() throws {
        let pair = try ConvertFixture.generatedPair(accounts: 60, seed: 5, defects: true)
        let copy = pair.folder + "/copy.zip"
        try FileManager.default.copyItem(atPath: pair.fo, toPath: copy)
        let result = try AirlockRunner.run(["diff", "--old", pair.fo, "--new", copy, "--out", pair.folder + "/diff"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty, "\(result.stderr)")
        let warnings = result.stdout.split(separator: "\n").filter { $0.hasPrefix("warning: ") }
        #expect(
            warnings.contains {
                $0.contains("Externally maintained customer sales invoice headers: the old export")
                    && $0.contains("DATAAREAID=USMF, INVOICENUMBER=INV-100002 (lines 3 and 17)")
            }, "\(result.stdout)")
        #expect(result.stdout.contains("delta: 0 records"))
        let report = try JSONDecoder().decode(
            DiffReport.self, from: Data(contentsOf: URL(fileURLWithPath: pair.folder + "/diff/" + RunLayout.diffReport)))
        #expect(report.totals.duplicatesOld > 0 && report.totals.duplicatesOld == report.totals.duplicatesNew)
        #expect(report.entities.allSatisfy { $0.identitiesHold })
    }
}

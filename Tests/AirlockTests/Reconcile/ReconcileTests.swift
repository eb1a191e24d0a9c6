import AirlockModel
import AirlockReconcile
import Foundation
import Testing

/// The reconciliation engine: exact key indexes, stable GUIDs, classification, accounting, companies and references.
struct ReconcileTests {
    static func table(_ name: String, _ columns: [String], _ rows: [[String?]]) throws -> Table {
        var table = Table(name: name, columnNames: columns)
        for row in rows { try table.appendRow(row) }
        return table
    }

    static let foCustomers = KeyDefinition(columns: ["CUSTOMERACCOUNT"], company: .column("DATAAREAID"))

    // MARK: Key index

    @Test func indexFindsEveryKeyAmongManyExactly() throws {
        var rows: [[String?]] = []
        for number in 0..<20_000 { rows.append(["C\(number)", "usmf"]) }
        let index = try KeyIndex(table: Self.table("Customers", ["CUSTOMERACCOUNT", "DATAAREAID"], rows), key: Self.foCustomers)
        #expect(index.count == 20_000)
        #expect(index.duplicates.isEmpty)
        for number in stride(from: 0, to: 20_000, by: 7) {
            #expect(index.row(for: NaturalKey(company: "USMF", "C\(number)")) == number)
        }
        #expect(index.row(for: NaturalKey(company: "USMF", "C20000")) == nil)
        #expect(index.row(for: NaturalKey(company: "DEMF", "C1")) == nil)
    }

    @Test func forcedDigestCollisionsStillMatchExactly() throws {
        let constant = KeyDigester { _ in 42 }
        let rows: [[String?]] = (0..<300).map { ["K\($0)", "usmf"] } + [["k7", "USMF"]]
        let index = try KeyIndex(
            table: Self.table("T", ["CUSTOMERACCOUNT", "DATAAREAID"], rows), key: Self.foCustomers, digester: constant)
        #expect(index.count == 300)
        #expect(index.duplicates == [KeyDuplicate(row: 300, keptRow: 7)])
        #expect(index.row(for: NaturalKey(company: "usmf", "K299")) == 299)
        #expect(index.row(for: NaturalKey(company: "usmf", "K300")) == nil)
    }

    @Test func collidingKeysAreComparedAfterNormalisation() throws {
        // Every digest equal: each probe compares candidates part by part (ASCII folding, lengths, Unicode).
        let constant = KeyDigester { _ in 7 }
        let rows: [[String?]] = [
            ["Ärger", "usmf"], [" ärger\t", "USMF"], ["ÄrgerX", "usmf"], ["ab", "usmf"], ["AB ", "usmf"], ["abc", "usmf"],
            ["Straße", "usmf"],
        ]
        let index = try KeyIndex(
            table: Self.table("T", ["CUSTOMERACCOUNT", "DATAAREAID"], rows), key: Self.foCustomers, digester: constant)
        #expect(index.count == 5)
        #expect(index.duplicates == [KeyDuplicate(row: 1, keptRow: 0), KeyDuplicate(row: 4, keptRow: 3)])
        #expect(index.row(for: NaturalKey(company: "usmf", "ÄRGER")) == 0)
        #expect(index.row(for: NaturalKey(company: "usmf", "ärgerx")) == 2)
        #expect(index.row(for: NaturalKey(company: "usmf", "Ab")) == 3)
        #expect(index.row(for: NaturalKey(company: "usmf", "ABC")) == 5)
        #expect(index.row(for: NaturalKey(company: "usmf", "STRASSE")) == nil)
        #expect(index.row(for: NaturalKey(company: "usmf", "STRAẞE")) == 6)
        #expect(index.row(for: NaturalKey(company: "usmf", "a")) == nil)
        #expect(index.row(for: NaturalKey(company: "demf", "ab")) == nil)
    }

    @Test func partsAreLengthPrefixedSoSplitsDoNotCollide() throws {
        let key = KeyDefinition(columns: ["A", "B"])
        let index = try KeyIndex(table: Self.table("T", ["A", "B"], [["ab", "c"], ["a", "bc"]]), key: key)
        #expect(index.count == 2)
        #expect(index.row(for: NaturalKey(parts: ["a", "bc"])) == 1)
    }

    @Test func foKeysAreCaseInsensitiveAndTrimmedByDefault() throws {
        let index = try KeyIndex(
            table: Self.table("T", ["CUSTOMERACCOUNT", "DATAAREAID"], [["US-001 ", "USMF"], ["Ärger", "usmf"]]), key: Self.foCustomers)
        #expect(index.row(for: NaturalKey(company: "usmf", " us-001")) == 0)
        #expect(index.row(for: NaturalKey(company: "USMF", "ÄRGER")) == 1)
        let exact = try KeyIndex(table: index.table, key: Self.foCustomers, normalization: .caseSensitive)
        #expect(exact.row(for: NaturalKey(company: "USMF", "us-001")) == nil)
        #expect(exact.row(for: NaturalKey(company: "USMF", "US-001")) == 0)
    }

    @Test func duplicatesKeepTheFirstRowAndListTheOthers() throws {
        let rows: [[String?]] = [["A", "usmf"], ["B", "usmf"], ["a", "USMF"], ["A", "demf"], [" A", "usmf"]]
        let index = try KeyIndex(table: Self.table("T", ["CUSTOMERACCOUNT", "DATAAREAID"], rows), key: Self.foCustomers)
        #expect(index.count == 3)
        #expect(index.row(for: NaturalKey(company: "usmf", "a")) == 0)
        #expect(index.duplicates == [KeyDuplicate(row: 2, keptRow: 0), KeyDuplicate(row: 4, keptRow: 0)])
    }

    @Test func exactRepeatsAreTheDuplicatesEqualInEveryColumn() throws {
        let rows: [[String?]] = [
            ["A", "usmf", "x"], ["A", "usmf", "y"], ["A", "usmf", "x"], ["a", "usmf", "x"], ["A", "usmf", "y"], ["B", "usmf", nil],
            ["B", "usmf", ""], ["A", "usmf", "x"],
        ]
        let index = try KeyIndex(table: Self.table("T", ["CUSTOMERACCOUNT", "DATAAREAID", "NAME"], rows), key: Self.foCustomers)
        // Each names the first row it repeats (row 4 repeats row 1, not the row kept under the key); a key that differs in
        // case is a duplicate, not a repeat; a missing value is an empty one.
        #expect(
            index.exactRepeats() == [
                KeyDuplicate(row: 2, keptRow: 0), KeyDuplicate(row: 4, keptRow: 1), KeyDuplicate(row: 6, keptRow: 5),
                KeyDuplicate(row: 7, keptRow: 0),
            ])
        let distinct = try KeyIndex(
            table: Self.table("T", ["CUSTOMERACCOUNT", "DATAAREAID"], [["A", "usmf"], ["B", "usmf"]]), key: Self.foCustomers)
        #expect(distinct.exactRepeats().isEmpty)
    }

    @Test func incompleteKeysAreListedNotIndexed() throws {
        let index = try KeyIndex(
            table: Self.table("T", ["CUSTOMERACCOUNT", "DATAAREAID"], [[nil, "usmf"], ["  ", "usmf"], ["A", nil], ["B", "usmf"]]),
            key: Self.foCustomers)
        #expect(index.count == 1)
        #expect(index.incompleteRows == [0, 1, 2])
    }

    @Test func aProbeBuiltFromBytesFindsWhatTheNaturalKeyFinds() throws {
        let index = try KeyIndex(
            table: Self.table("T", ["CUSTOMERACCOUNT", "DATAAREAID"], [["C-1", "USMF"], ["c-2", "usmf"], [" C-3 ", "DEMF"]]),
            key: Self.foCustomers)
        let keys: [NaturalKey] = [
            NaturalKey(company: "usmf", "c-1"), NaturalKey(company: " USMF", "C-2 "), NaturalKey(company: "demf", "c-3"),
            NaturalKey(company: "usmf", "c-3"), NaturalKey(company: "", "C-1"), NaturalKey(company: "USMF", parts: [nil]),
            NaturalKey(company: "USMF", parts: ["C-1", "extra"]),
        ]
        var probe = KeyProbe()
        for key in keys {
            probe.reset()
            for part in [key.company] + key.parts {
                guard var part else {
                    probe.add(nil)
                    continue
                }
                part.withUTF8 { probe.add(UnsafeRawBufferPointer($0)) }
            }
            #expect(index.row(for: probe) == index.row(for: key), "\(key)")
        }
        #expect(index.row(for: NaturalKey(company: "usmf", "c-1")) == 0)
    }

    @Test func missingKeyColumnIsAnError() throws {
        let table = try Self.table("Customers", ["ACCOUNTNUM"], [])
        #expect(throws: AirlockError.self) { try KeyIndex(table: table, key: Self.foCustomers) }
    }

    // MARK: Stable identifiers

    @Test func version5MatchesRFCVectors() throws {
        let dns = try #require(StableIdentifier("6ba7b810-9dad-11d1-80b4-00c04fd430c8"))
        #expect(
            StableIdentifier.version5(namespace: dns, name: Array("python.org".utf8)).description == "886313e1-3b8a-5372-9b90-0c9aee199e5d")
        let url = try #require(StableIdentifier("{6BA7B811-9DAD-11D1-80B4-00C04FD430C8}"))
        #expect(
            StableIdentifier.version5(namespace: url, name: Array("https://www.python.org/".utf8)).description
                == "5406f80d-92e9-51cd-a176-77445955e733")
    }

    @Test func recordIdentifiersAreStableNormalisedAndDistinct() {
        #expect(StableIdentifier.name(entity: "account", company: "USMF", key: ["US-001"]) == "7:account;4:usmf;6:us-001;")
        let id = StableIdentifier.record(entity: "account", company: "USMF", key: ["US-001"])
        // Python: uuid.uuid5(UUID('98552b2d-7a82-4221-acee-b9609ee01eff'), '7:account;4:usmf;6:us-001;')
        #expect(id.description == "80318a1d-d25d-523a-9aab-9cdc28826d74")
        #expect(StableIdentifier.record(entity: "account", company: "usmf", key: [" us-001 "]) == id)
        #expect(StableIdentifier.record(entity: "account", company: "DEMF", key: ["US-001"]) != id)
        #expect(StableIdentifier.record(entity: "contact", company: "USMF", key: ["US-001"]) != id)
        #expect(
            StableIdentifier.record(entity: "salesorderdetail", company: "USMF", key: ["ab", "c"])
                != StableIdentifier.record(entity: "salesorderdetail", company: "USMF", key: ["a", "bc"]))
        #expect(StableIdentifier("not-a-guid") == nil)
        // `record` builds the bytes of `name` itself: the two agree for any component (non-ASCII, blank, no company).
        let cases: [(String, String?, [String])] = [("account", nil, ["Ärger  ", ""]), ("contact", "usmf", ["  ", "ß", "İstanbul"])]
        for (entity, company, key) in cases {
            let named = StableIdentifier.version5(
                namespace: StableIdentifier.airlockNamespace,
                name: Array(StableIdentifier.name(entity: entity, company: company, key: key).utf8))
            #expect(StableIdentifier.record(entity: entity, company: company, key: key) == named)
        }
    }

    // MARK: Classification

    static func classifier(source rows: [[String?]], target targetRows: [[String?]], comparisons: [String: ValueComparison] = [:]) throws
        -> RecordClassifier
    {
        let sourceTable = try table("mapped", ["CUSTOMERACCOUNT", "NAME", "CREDITLIMIT", "CREATED", "CURRENCY", "NOTE"], rows)
        let targetTable = try table(
            "CustCustomerV3Entity", ["CUSTOMERACCOUNT", "DATAAREAID", "NAME", "CREDITLIMIT", "CREATED", "CURRENCY", "ID"], targetRows)
        let source = try KeyIndex(table: sourceTable, key: KeyDefinition(columns: ["CUSTOMERACCOUNT"], company: .fixed("USMF")))
        let target = try KeyIndex(table: targetTable, key: foCustomers)
        return try RecordClassifier(source: source, target: target, comparisons: comparisons)
    }

    @Test func classifiesCreateUpdateUnchangedNamingChangedFields() throws {
        let classifier = try Self.classifier(
            source: [
                ["US-001", "Contoso", "1.50", "2024-05-01", "usd", "x"],
                ["us-002", "Fabrikam", "100", "2024-05-01T02:00:00+02:00", "EUR", nil],
                ["US-003", "Adatum", nil, nil, nil, nil],
                ["US-009", "New", "1", nil, nil, nil],
            ],
            target: [
                ["US-001", "USMF", "Contoso", "1.5", "5/1/2024 12:00:00 AM", "USD", "g1"],
                ["US-002", "usmf", "Fabrikam Inc", "100.00", "2024-05-01T00:00:00Z", "EUR", "g2"],
                ["US-003", "USMF", " Adatum ", "0", nil, nil, "g3"],
            ],
            comparisons: ["CREDITLIMIT": .decimal, "CREATED": .dateTime, "CURRENCY": .caseInsensitive])
        #expect(classifier.uncomparedFields == ["NOTE"])
        #expect(classifier.classify(row: 0) == .unchanged(targetRow: 0))
        #expect(classifier.classify(row: 1) == .update(targetRow: 1, changedFields: ["NAME"]))
        #expect(classifier.classify(row: 2) == .unchanged(targetRow: 2))
        #expect(classifier.classify(row: 3) == .create)
    }

    @Test func comparisonKindsFollowTheirRules() {
        #expect(!ValueComparison.exact.equivalent("a ", "a"))
        #expect(ValueComparison.trimmed.equivalent("a ", "\ta"))
        #expect(!ValueComparison.trimmed.equivalent("A", "a"))
        #expect(ValueComparison.caseInsensitive.equivalent("Usd", "USD"))
        #expect(ValueComparison.decimal.equivalent("1.50", "+01.5"))
        #expect(ValueComparison.decimal.equivalent("-0.00", "0"))
        #expect(ValueComparison.decimal.equivalent(".5", "0.50"))
        #expect(!ValueComparison.decimal.equivalent("1.5", "15"))
        #expect(!ValueComparison.decimal.equivalent("1,5", "1.5"))
        #expect(ValueComparison.decimal.equivalent("n/a ", "n/a"))
        #expect(ValueComparison.dateTime.equivalent("2024-05-01", "5/1/2024 12:00:00 AM"))
        #expect(ValueComparison.dateTime.equivalent("2024-05-01T13:30:00.1000000", "5/1/2024 1:30:00.1 PM"))
        #expect(ValueComparison.dateTime.equivalent("2024-05-01T02:00:00+02:00", "2024-05-01T00:00:00Z"))
        #expect(!ValueComparison.dateTime.equivalent("2024-05-01", "2024-05-02"))
        #expect(!ValueComparison.dateTime.equivalent("2024-02-30", "2024-03-01"))
    }

    @Test func nullSourceIsNotComparedButValueAgainstNullDiffers() throws {
        let classifier = try Self.classifier(
            source: [["A", nil, "5", nil, "", nil], ["B", "", nil, nil, nil, nil]],
            target: [["A", "USMF", "Old", nil, nil, nil, "g"], ["B", "USMF", nil, nil, nil, nil, "h"]])
        #expect(classifier.classify(row: 0) == .update(targetRow: 0, changedFields: ["CREDITLIMIT"]))
        #expect(classifier.classify(row: 1) == .unchanged(targetRow: 1))
    }

    @Test func duplicateAndIncompleteSourceRowsAreRejected() throws {
        let classifier = try Self.classifier(
            source: [["A", "One", nil, nil, nil, nil], ["a", "Two", nil, nil, nil, nil], [nil, "Three", nil, nil, nil, nil]],
            target: [])
        var tally = RecordCounts()
        let outcomes = classifier.classifyAll(into: &tally)
        #expect(outcomes[0] == .create)
        #expect(outcomes[1].rejectReason == .duplicateKey)
        #expect(outcomes[2].rejectReason == .missingRequired)
        #expect(tally.read == 3 && tally.created == 1 && tally.rejected == 2)
        try tally.checkIdentity(flow: "customers")
    }

    @Test func recordsInTheTargetKeepTheirGUIDAndNewOnesGetTheStableOne() throws {
        let classifier = try Self.classifier(
            source: [["US-001", nil, nil, nil, nil, nil], ["US-002", nil, nil, nil, nil, nil]],
            target: [["us-001", "USMF", nil, nil, nil, nil, "AAAAAAAA-0000-0000-0000-000000000001"]])
        #expect(classifier.recordIdentifier(row: 0, entity: "account", targetIdColumn: "ID") == "aaaaaaaa-0000-0000-0000-000000000001")
        #expect(
            classifier.recordIdentifier(row: 1, entity: "account", targetIdColumn: "ID")
                == StableIdentifier.record(entity: "account", company: "USMF", key: ["US-002"]).description)
    }

    // MARK: Accounting

    @Test func identityHoldsAndReportEncodes() throws {
        var tally = RecordCounts()
        tally.read = 6
        for outcome: RecordOutcome in [
            .create, .update(targetRow: 0, changedFields: ["NAME"]), .unchanged(targetRow: 1),
            .filtered(filter: "active-only"), .rejected(.orphanReference, detail: ""), .rejected(.orphanReference, detail: ""),
        ] {
            tally.record(outcome)
        }
        try tally.checkIdentity(flow: "customers")
        let report = tally
        let json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(report)) as? [String: Any]
        #expect(json?["read"] as? Int == 6)
        #expect(json?["rejected"] as? Int == 2)
        #expect((json?["rejectedByReason"] as? [String: Int]) == ["orphan-reference": 2])
        #expect(
            Set(json?.keys.map { $0 } ?? []) == ["read", "filtered", "created", "updated", "unchanged", "rejected", "rejectedByReason"])
        #expect(try JSONDecoder().decode(RecordCounts.self, from: JSONEncoder().encode(report)) == report)
    }

    @Test func identityFailureNamesFlowAndNumbers() {
        var tally = RecordCounts()
        tally.read = 3
        tally.record(.create)
        do {
            try tally.checkIdentity(flow: "sales orders")
            Issue.record("expected the identity check to fail")
        } catch let error as AirlockError {
            #expect(error.code == .accountingIdentity)
            #expect(error.message.contains("sales orders"))
            #expect(error.message.contains("read 3"))
            #expect(error.message.contains("2 records unaccounted for"))
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func rejectReasonCodesAreStable() {
        #expect(
            RejectReason.all.map(\.rawValue) == [
                "orphan-reference", "duplicate-key", "invalid-value", "missing-required", "header-rejected", "unmapped-value",
            ])
    }

    // MARK: Company

    @Test func companyResolution() throws {
        let one = try Self.table("A", ["DATAAREAID"], [["usmf"], ["USMF"]])
        let many = try Self.table("B", ["dataAreaId"], [["USMF"], ["DEMF"], ["usmf"], ["GBSI"]])
        #expect(try CompanyResolver.resolve(requested: nil, tables: [one]) == "usmf")
        #expect(try CompanyResolver.resolve(requested: "demf", tables: [many]) == "DEMF")
        #expect(CompanyResolver.companies(in: [one, many]) == ["usmf", "DEMF", "GBSI"])
        #expect(throws: AirlockError.self) { try CompanyResolver.resolve(requested: "XXXX", tables: [many]) }
        do {
            _ = try CompanyResolver.resolve(requested: nil, tables: [many])
            Issue.record("expected several companies to fail")
        } catch let error as AirlockError {
            #expect(error.message == "the export holds 3 companies (USMF, DEMF, GBSI): choose one with --company")
        }
        let none = try Self.table("C", ["PRODUCTNUMBER"], [["P1"]])
        #expect(throws: AirlockError.self) { try CompanyResolver.resolve(requested: nil, tables: [none]) }
        #expect(try CompanyResolver.resolve(requested: "USMF", tables: [none]) == "USMF")
    }

    // MARK: References

    @Test func referencesResolveOutputFirstThenTargetElseOrphan() throws {
        let output = try KeyIndex(
            table: Self.table("accounts out", ["CUSTOMERACCOUNT"], [["NEW-1"], ["BOTH"]]), key: KeyDefinition(columns: ["CUSTOMERACCOUNT"]))
        let target = try KeyIndex(
            table: Self.table("accounts", ["accountnumber"], [["old-1"], ["both"]]), key: KeyDefinition(columns: ["accountnumber"]))
        let resolver = ReferenceResolver(entity: "account", output: output, target: target)
        #expect(resolver.resolve(NaturalKey("new-1")) == .output(row: 0))
        #expect(resolver.resolve(NaturalKey("OLD-1")) == .target(row: 0))
        #expect(resolver.resolve(NaturalKey("both")) == .output(row: 1))
        #expect(resolver.resolve(NaturalKey("gone")) == .missing)
        let orders = try Self.table("orders", ["ORDERNUMBER", "CUSTOMER"], [["O1", "old-1"], ["O2", "gone"]])
        let reference = try BoundKey(table: orders, definition: KeyDefinition(columns: ["CUSTOMER"]))
        #expect(resolver.rejection(reference, row: 0, field: "CUSTOMER") == nil)
        #expect(resolver.rejection(reference, row: 1, field: "CUSTOMER")?.rejectReason == .orphanReference)
    }

    @Test func linesOfRejectedHeadersAreRejected() throws {
        let headers = try KeyIndex(
            table: Self.table("orders", ["SALESORDERNUMBER", "DATAAREAID"], [["SO1", "usmf"], ["SO2", "usmf"], ["SO3", "usmf"]]),
            key: KeyDefinition(columns: ["SALESORDERNUMBER"], company: .column("DATAAREAID")))
        let lines = try Self.table(
            "lines", ["SALESORDERNUMBER", "LINENUMBER", "DATAAREAID"],
            [["SO1", "1", "usmf"], ["so2", "1", "USMF"], ["SO2", "2", "usmf"], ["SO3", "1", "usmf"], ["SO9", "1", "usmf"]])
        let parent = try BoundKey(table: lines, definition: KeyDefinition(columns: ["SALESORDERNUMBER"], company: .column("DATAAREAID")))
        let rejected = ReferenceResolver.headerRejectedLines(lines: parent, headers: headers, rejectedHeaderRows: [1])
        #expect(rejected == [1, 2])
        #expect(ReferenceResolver.headerRejected(lines: parent, row: 1).rejectReason == .headerRejected)
    }
}

import AirlockKit
import Foundation
import Testing

/// `convert --assign-keys`: Sales accounts and contacts without a key get one, the F&O package creates their records
/// with it, and `to-sales.zip` writes it back; what it refuses.
@Suite struct KeyAssignmentTests {
    /// A small pair whose first two accounts (by name) and their contacts lost their keys.
    static func unkeyedPair() throws -> (pair: SmallPair, accounts: [String]) {
        var pair = try SmallPair()
        let accounts = try pair.exportRecords("account").sorted { $0.id < $1.id }.prefix(2)
        for account in accounts {
            try pair.setSales("account", where: ["accountid": account.id], ["accountnumber": nil])
        }
        return (pair, accounts.map { $0.id.lowercased() })
    }

    @Test func unkeyedAccountsAreCreatedUnderTheirNewKeysAndTheKeysGoBackToSales() throws {
        var (pair, unkeyed) = try Self.unkeyedPair()
        let run = try pair.convert { $0.assignKeys = ["p2c"] }
        let written = try run.salesRecords("account")
        let keys = Dictionary(
            uniqueKeysWithValues: written.map { record in
                (record.id.lowercased(), record.fields.first { $0.name == "accountnumber" }?.value ?? "")
            })
        // Only the numbered records, each with its GUID and the key alone, in number order.
        #expect(Set(keys.keys) == Set(unkeyed))
        #expect(written.allSatisfy { Set($0.fields.map(\.name)) == ["accountid", "accountnumber"] })
        let numbers = written.map { $0.fields.first { $0.name == "accountnumber" }?.value ?? "" }
        #expect(numbers.map { String($0.prefix(10)) } == ["ACC-01000-", "ACC-01001-"])
        // The customers F&O gets carry the same keys, as account and party number.
        let customers = try run.foRows("Customers V2")
        for key in keys.values {
            let customer = try #require(customers.first { $0["CUSTOMERACCOUNT"] == key }, "no customer \(key)")
            #expect(customer["PARTYNUMBER"] == key)
        }
        #expect(run.report.flows["accounts"]?.generated["assignedKeys"]?.updated == 2)
        #expect(run.report.warnings.contains { $0.contains("2 Sales account records without accountnumber take the keys ACC-01000-") })
    }

    @Test func withoutTheOptionTheRunSaysHowManyLackAKeyAndNamesIt() throws {
        var (pair, _) = try Self.unkeyedPair()
        let run = try pair.convert()
        #expect(run.report.flows["accounts"]?.counts.rejected == 2)
        let warning = try #require(run.report.warnings.first { $0.contains("have no accountnumber") })
        #expect(warning.contains("2 of \(try pair.exportRecords("account").count) Sales account records"))
        #expect(warning.contains("--assign-keys p2c"))
        // The plan counts them as settled by the option, and does not fail for them.
        let plan = try #require(run.report.plan?.flows["accounts"])
        #expect(plan.settable["--assign-keys p2c"] == 2)
    }

    @Test func numberingContinuesAfterTheHighestKeyOfItsFormTheExportsHold() throws {
        var (pair, _) = try Self.unkeyedPair()
        let keyed = try #require(try pair.exportRecords("account").sorted { $0.id < $1.id }.last)
        try pair.setSales("account", where: ["accountid": keyed.id], ["accountnumber": "C0041"])
        let run = try pair.convert { $0.assignKeys = ["account=C{0001}"] }
        let numbers = try run.salesRecords("account").map { $0.fields.first { $0.name == "accountnumber" }?.value ?? "" }
        #expect(numbers == ["C0042", "C0043"])
        #expect(run.report.warnings.contains { $0.contains("numbered after C0041") })
    }

    @Test func recordsLinkedByMatchKeepTheirFOKeyAndTheRestAreNumbered() throws {
        let original = try SmallPair()
        let accounts = try original.exportRecords("account").sorted { $0.id < $1.id }
        let linked = try #require(accounts.first)
        let linkedKey = try #require(linked.fields.first { $0.name == "accountnumber" }?.value)
        var (pair, unkeyed) = try Self.unkeyedPair()
        #expect(unkeyed.first == linked.id.lowercased())
        let keymap = pair.folder + "/keymap.csv"
        try
            (Keymap.columns.joined(separator: ",") + "\r\n"
            + "accounts,account,\(linked.id),Linked,accountnumber,,Customers V2,\(linkedKey),Linked,95,sure\r\n")
            .write(toFile: keymap, atomically: true, encoding: .utf8)
        let run = try pair.convert {
            $0.keymap = keymap
            $0.assignKeys = ["p2c"]
        }
        // The linked account keeps its F&O key and finds its customer; the other one alone is numbered.
        let written = try run.salesRecords("account")
        #expect(written.map { $0.id.lowercased() } == [unkeyed[1]])
        #expect(written.first?.fields.first { $0.name == "accountnumber" }?.value.hasPrefix("ACC-01000-") == true)
        let numbered = try run.foRows("Customers V2").filter { $0["CUSTOMERACCOUNT"]?.hasPrefix("ACC-010") == true }
        #expect(numbered.count == 1)
        #expect(run.report.flows["accounts"]?.generated["assignedKeys"]?.updated == 1)
    }

    @Test func theSameRunTwiceGivesTheSameKeys() throws {
        var (pair, _) = try Self.unkeyedPair()
        let first = try pair.convert { $0.assignKeys = ["p2c"] }
        let second = try pair.convert { $0.assignKeys = ["p2c"] }
        for name in [RunLayout.foPackage, RunLayout.salesPackage] {
            let one = try Data(contentsOf: URL(fileURLWithPath: first.out + "/" + name))
            let two = try Data(contentsOf: URL(fileURLWithPath: second.out + "/" + name))
            #expect(one == two, "\(name)")
        }
    }

    @Test(
        arguments: [
            (["account=C{1}"], "C9", "runs out"),
            (["account=ABCDEFGHIJKLMNOPQR{001}"], nil, "makes keys of 21 characters"),
            (["account=C{0001}", "contact=C0{001}"], nil, "would give the key C0001"),
        ] as [([String], String?, String)])
    func aKeyThatCannotBeGivenStopsTheRunBeforeAnythingIsWritten(_ values: [String], _ held: String?, _ expected: String) throws {
        var (pair, _) = try Self.unkeyedPair()
        if let held {
            let keyed = try #require(try pair.exportRecords("account").sorted { $0.id < $1.id }.last)
            try pair.setSales("account", where: ["accountid": keyed.id], ["accountnumber": held])
        }
        if values.contains(where: { $0.hasPrefix("contact=") }) {
            let contact = try #require(try pair.exportRecords("contact").sorted { $0.id < $1.id }.first)
            try pair.setSales("contact", where: ["contactid": contact.id], ["msdynce_contactnumber": nil])
        }
        var out = ""
        #expect {
            _ = try pair.convert {
                $0.assignKeys = values
                out = $0.outputDirectory ?? ""
            }
        } throws: { error in
            (error as? AirlockError)?.code == .usage && (error as? AirlockError)?.message.contains(expected) == true
        }
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test func theCommandLineRefusesABadPatternInOneLine() throws {
        let out = try Fixture.scratchDirectory("airlock-assign-keys") + "/out"
        let result = try AirlockRunner.run([
            "convert", "--fo", ConvertFixture.sampleFO, "--sales", ConvertFixture.sampleSales, "--out", out, "--assign-keys", "C{12",
            "--no-ledger",
        ])
        #expect(result.status == 2)
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(result.stderr.contains("'C{12'"))
        #expect(!FileManager.default.fileExists(atPath: out))
    }
}

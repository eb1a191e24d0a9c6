import AirlockModel
import Testing

@testable import AirlockConvert

/// How `--assign-keys` spells keys, and what it refuses.
@Suite struct KeyPatternTests {
    @Test func p2cKeysHaveTheSolutionsForm() throws {
        let accounts = KeyPattern.p2c(entity: "account")
        let key = accounts.key(number: 1000, recordID: "3E3D804B-6BC6-E811-A99B-000D3A161343")
        #expect(key.hasPrefix("ACC-01000-"))
        #expect(key.count == 16)
        #expect(key.suffix(6).allSatisfy { $0.isASCII && $0.isUppercase })
        // The letters come from the GUID, whatever its case: the same record gets the same key in every run.
        #expect(key == accounts.key(number: 1000, recordID: " 3e3d804b-6bc6-e811-a99b-000d3a161343 "))
        #expect(key != accounts.key(number: 1000, recordID: "5c7bbf7b-025f-ea11-a811-000d3a579c6c"))
        #expect(KeyPattern.p2c(entity: "contact").key(number: 1, recordID: "x").hasPrefix("CON-00001-"))
        #expect(accounts.key(number: 123_456, recordID: "x").hasPrefix("ACC-123456-"))
    }

    @Test func p2cReadsTheNumberOfItsOwnFormOnly() {
        let accounts = KeyPattern.p2c(entity: "account")
        #expect(accounts.number(in: "ACC-01000-BVRCPS") == 1000)
        #expect(accounts.number(in: "acc-01234-bvrcps") == 1234)
        #expect(accounts.number(in: "ACC-123456-ABCDEF") == 123_456)
        #expect(accounts.number(in: "CON-01000-BVRCPS") == nil)
        #expect(accounts.number(in: "ACC-01000-BVRCP") == nil)
        #expect(accounts.number(in: "ACC-010-BVRCPS") == nil)
        #expect(accounts.number(in: "ACC-01000-BVRC1S") == nil)
        #expect(accounts.number(in: "US-SI-000001") == nil)
    }

    @Test func aNumberedPatternKeepsItsWidthAndFirstNumber() throws {
        let pattern = try KeyPattern.numbered("CUS-{00010}-S")
        #expect(pattern.firstNumber == 10)
        #expect(pattern.lastNumber == 99_999)
        #expect(pattern.key(number: 42, recordID: "any") == "CUS-00042-S")
        #expect(pattern.number(in: "cus-00042-s") == 42)
        #expect(pattern.number(in: "CUS-0042-S") == nil)
        #expect(pattern.number(in: "CUS-00042-T") == nil)
        #expect(try KeyPattern.numbered("C{1}").lastNumber == 9)
    }

    @Test(arguments: [
        ("C000001", "no {digits} placeholder"), ("C{}", "takes 1 to 9 digits"), ("C{00a1}", "takes 1 to 9 digits"),
        ("C{0001234567}", "takes 1 to 9 digits"), ("C{01}{01}", "more than one placeholder"), ("C {0001}", "holds ' '"),
        ("Ä{0001}", "holds 'Ä'"), ("C{0001}}", "more than one placeholder"),
    ])
    func aBadPatternIsOneLine(_ text: String, _ expected: String) {
        #expect {
            try KeyPattern.numbered(text)
        } throws: { error in
            let error = error as? AirlockError
            return error?.code == .usage && error?.message.contains(expected) == true && error?.message.contains(text) == true
        }
    }

    @Test func theSpecNamesEachEntitysPattern() throws {
        let p2c = try KeyAssignmentSpec(["p2c"])
        #expect(p2c.patterns["account"] == KeyPattern.p2c(entity: "account"))
        #expect(p2c.patterns["contact"] == KeyPattern.p2c(entity: "contact"))
        let shared = try KeyAssignmentSpec(["C{000001}"])
        #expect(shared.patterns["account"] == shared.patterns["contact"])
        let mixed = try KeyAssignmentSpec(["account=p2c", "contact=P{0001}"])
        #expect(mixed.patterns["account"] == KeyPattern.p2c(entity: "account"))
        #expect(mixed.patterns["contact"]?.text == "P{0001}")
        let defaulted = try KeyAssignmentSpec(["contact=P{0001}", "C{0001}"])
        #expect(defaulted.patterns["account"]?.text == "C{0001}")
        #expect(defaulted.patterns["contact"]?.text == "P{0001}")
    }

    @Test(arguments: [
        (["lead=C{01}"], "names 'lead'"), (["account=C{01}", "account=D{01}"], "names account twice"),
        (["C{01}", "D{01}"], "twice without an entity"), (["account="], "gives no pattern"), ([String](), "takes p2c or a pattern"),
    ])
    func aBadSpecIsOneLine(_ values: [String], _ expected: String) {
        #expect {
            try KeyAssignmentSpec(values)
        } throws: { error in
            (error as? AirlockError)?.message.contains(expected) == true
        }
    }
}

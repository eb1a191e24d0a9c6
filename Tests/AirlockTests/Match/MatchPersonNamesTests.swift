import Testing

@testable import AirlockMatch
@testable import AirlockNormalize

/// What a person's name and details fold to: the bundled nickname list and its reader, Soundex codes, birth dates and
/// genders as the two exports write them, and one link per record.
@Suite struct MatchPersonNamesTests {
    @Test func theBundledNicknameListReadsAndPairsNamesOfOneName() throws {
        let list = try Nicknames.bundled()
        #expect(list.groupCount > 900, "\(list.groupCount) names with nicknames")
        #expect(list.areNicknames("bob", "robert"))
        #expect(list.areNicknames("bob", "rob"), "both of robert")
        #expect(list.areNicknames("kate", "katherine"))
        #expect(!list.areNicknames("robert", "mary"))
        #expect(!list.areNicknames("bob", "bob"), "the same name is not a nickname")
    }

    @Test func aNicknameListAddsToTheBundledOne() throws {
        var list = try Nicknames.bundled()
        #expect(!list.areNicknames("jürgen", "jö"))
        try list.add(csv: "Name1,Relationship,Name2\nJürgen,has_nickname,Jö\n", file: "extra.csv")
        #expect(list.areNicknames("jurgen", "jo"), "folded as names are")
    }

    @Test(arguments: [
        ("name,nickname\nrobert,bob\n", 1, "header"),
        ("name1,relationship,name2\nrobert,has_nickname\n", 2, "three fields"),
        ("name1,relationship,name2\r\nrobert,has_nickname,bob\r\nrobert,is_nickname_of,bobby\r\n", 3, "relationship"),
        ("name1,relationship,name2\nrobert,has_nickname,\n", 2, "names a name and its nickname"),
        ("", 1, "empty"),
    ])
    func aNicknameListThatDoesNotReadIsRefusedAtItsLine(_ case: (String, Int, String)) {
        var list = Nicknames()
        #expect {
            try list.add(csv: `case`.0, file: "bad.csv")
        } throws: { error in
            let text = "\(error)"
            return text.contains("bad.csv") && text.contains("line \(`case`.1)") && text.contains(`case`.2)
        }
    }

    /// The U.S. National Archives' examples.
    @Test(arguments: [
        ("robert", "R163"), ("rupert", "R163"), ("rubin", "R150"), ("ashcraft", "A261"), ("ashcroft", "A261"),
        ("tymczak", "T522"), ("pfister", "P236"), ("honeyman", "H555"), ("lee", "L000"),
    ])
    func soundexCodesAreTheArchivesOnes(_ case: (String, String)) {
        let code = Soundex.code(Array(`case`.0.utf8))
        let letter = Character(UnicodeScalar(UInt8(truncatingIfNeeded: code >> 24)))
        let digits: [UInt32] = [(code >> 16) & 0xFF, (code >> 8) & 0xFF, code & 0xFF]
        let text = String(letter) + digits.map(String.init).joined()
        #expect(text.uppercased() == `case`.1, "\(`case`.0)")
    }

    @Test func birthDatesReadAsEachExportWritesThem() {
        #expect(PersonDetails.birthDate("1994-06-08T00:00:00.0000000") == 19_940_608)
        #expect(PersonDetails.birthDate("6/8/1994 12:00:00 AM") == 19_940_608, "an en-US export: month first")
        #expect(PersonDetails.birthDate(day: "8", month: "June", year: "1994") == 19_940_608)
        #expect(PersonDetails.birthDate(day: "8", month: "6", year: "1994") == 19_940_608)
        #expect(PersonDetails.birthDate(day: "0", month: "None", year: "0") == 0, "F&O's empty date")
        #expect(PersonDetails.birthDate("07/71/1958") == 0, "a date that cannot be")
        #expect(PersonDetails.compare(19_940_608, 19_940_608) == .exact)
        #expect(PersonDetails.compare(19_940_608, 19_940_806) == .close, "day and month swapped")
        #expect(PersonDetails.compare(19_940_608, 19_950_608) == .close, "one part off")
        #expect(PersonDetails.compare(19_940_608, 19_710_101) == .different)
        #expect(PersonDetails.compare(0, 19_710_101) == .absent)
        #expect(PersonDetails.gender("2") == PersonDetails.female && PersonDetails.gender("Female") == PersonDetails.female)
        #expect(PersonDetails.gender("1") == PersonDetails.male && PersonDetails.gender("NonSpecific") == 0)
        #expect(PersonDetails.middleInitial("J.") == UInt8(ascii: "j") && PersonDetails.middleInitial("") == 0)
    }

    /// Heaviest first, each record given once: a Sales record whose best another holds more strongly takes its next.
    @Test func oneLinkPerRecord() {
        let lists: [[(fo: Int, bits: Double)]] = [
            [(0, 20), (1, 18)],  // Sales 0: F&O 0 first, F&O 1 close behind
            [(0, 30)],  // Sales 1 holds F&O 0 more strongly
            [(2, 10), (1, 9)],
        ]
        let assignment = LinkAssignment(salesRecords: 3, fixed: [:]) { lists[$0] }
        #expect(assignment.given == [1, 0, 2])
        #expect(assignment.holder == [0: 1, 1: 0, 2: 2])
        // A reviewer's accepted pair is given first, whatever the weights.
        let fixed = LinkAssignment(salesRecords: 3, fixed: [0: 0]) { lists[$0] }
        #expect(fixed.given == [0, -1, 2])
    }
}

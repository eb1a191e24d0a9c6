import AirlockKit
import Foundation
import Testing

/// A reviewed `matches.csv` as the input of the next run: decisions kept (accepted, rejected, edited), and a reviewed
/// file that does not hold refused with one line and nothing written.
@Suite struct MatchReviewTests {
    /// A match run on a small unkeyed pair, with its rows.
    struct Run {
        let folder: String
        let fo: String
        let sales: String

        init(_ name: String) throws {
            folder = try Fixture.scratchDirectory(name)
            let written = try SampleUnkeyedPair.write(to: folder, accounts: 400, seed: 5)
            fo = written[0]
            sales = written[1]
            _ = try match(reviewed: nil)
        }

        func match(reviewed: String?) throws -> MatchReport {
            try Matcher.run(
                MatchingOptions(foPath: fo, salesPath: sales, outputDirectory: folder + "/match", reviewedPath: reviewed),
                catalog: SchemaCatalogLoader.bundled())
        }

        func rows(_ name: String = RunLayout.matchList) throws -> [[String: String]] {
            try MatchQuality.rows(folder + "/match/" + name)
        }

        /// Writes `rows` (dictionaries by column) as a reviewed file with `header`.
        func write(_ rows: [[String: String]], header: [String] = MatchListColumns.all, to name: String) throws -> String {
            try EditedCSV.write(rows, header: header, to: folder + "/" + name)
        }
    }

    @Test func decisionsAreKeptAcrossReruns() throws {
        let run = try Run("airlock-match-review")
        var rows = try run.rows()
        let review = try #require(rows.indices.first { rows[$0]["class"] == "review" && rows[$0]["entity"] == "accounts" })
        let sure = try #require(rows.indices.first { rows[$0]["class"] == "sure" && rows[$0]["entity"] == "accounts" })
        // An F&O account no pair names, for an edited row.
        let free = try #require(try run.rows(RunLayout.unmatchedList).first { $0["side"] == "fo" && $0["entity"] == "accounts" }?["key"])
        let edited = try #require(
            rows.indices.first { $0 != review && rows[$0]["class"] == "review" && rows[$0]["entity"] == "accounts" })
        rows[review]["decision"] = "accept"
        rows[sure]["decision"] = "Reject"
        rows[edited]["decision"] = "yes"
        rows[edited]["fo_key"] = free
        let reviewed = try run.write(rows, to: "reviewed.csv")
        let result = try run.match(reviewed: reviewed)
        #expect(result.decisionsKept == 3)
        // The summary adds up: undecided sure pairs and accepted ones are the links.
        let accounts = try #require(result.entities.first { $0.entity == "accounts" })
        #expect(accounts.accepted == 2 && accounts.rejected == 1)
        #expect(accounts.linked == accounts.sure + accounts.accepted)
        // The decisions are labels: the model says what they measure, by the class it gives each decided pair.
        #expect(accounts.model?.decided == 3)
        #expect(accounts.model?.reviewedSurePrecision != nil || accounts.model?.reviewedReviewPrecision != nil)

        let keymap = try run.rows(RunLayout.keymap)
        func linked(_ sales: String?) -> [String: String]? { keymap.first { $0["sales_id"] == sales } }
        #expect(linked(rows[review]["sales_id"])?["fo_key"] == rows[review]["fo_key"])
        #expect(linked(rows[review]["sales_id"])?["decided_by"] == "review")
        #expect(linked(rows[edited]["sales_id"])?["fo_key"] == free)
        #expect(linked(rows[sure]["sales_id"])?["fo_key"] != rows[sure]["fo_key"], "a rejected pair is not linked")

        // The new matches.csv holds the decisions, so a review of it starts from them: saved again, the same links.
        let again = try run.rows()
        #expect(
            again.contains {
                $0["sales_id"] == rows[sure]["sales_id"] && $0["fo_key"] == rows[sure]["fo_key"] && $0["decision"] == "reject"
            })
        #expect(again.contains { $0["sales_id"] == rows[edited]["sales_id"] && $0["fo_key"] == free && $0["decision"] == "accept" })
        // Saved again as a spreadsheet in a German locale does (UTF-16, `;`): the same decisions, the same links.
        let second = try EditedCSV.write(
            again, header: MatchListColumns.all, to: run.folder + "/reviewed-2.csv", encoding: .utf16LE,
            dialect: CSVDialect(delimiter: UInt8(ascii: ";")))
        let before = try Data(contentsOf: URL(fileURLWithPath: run.folder + "/match/" + RunLayout.keymap))
        #expect(try run.match(reviewed: second).decisionsKept == 3)
        #expect(try Data(contentsOf: URL(fileURLWithPath: run.folder + "/match/" + RunLayout.keymap)) == before)
    }

    /// A review settles: every pair to review decided right by the answer key (a second Sales record for an F&O
    /// record a sure pair holds rejected: a duplicate to merge), the rerun changes the class of no pair it did not
    /// decide, and a rerun with its own new `matches.csv` changes nothing.
    @Test func aReviewSettles() throws {
        let run = try Run("airlock-match-review-settles")
        let truth = try MatchQuality.rows(run.folder + "/" + RunLayout.matchTruth)
        let pairs = Set(truth.filter { $0["kind"] == "pair" }.map { ($0["left"] ?? "") + "|" + ($0["right"] ?? "") })
        func isTrue(_ row: [String: String]) -> Bool {
            let sales = row["sales_id"] ?? ""
            let fo = row["fo_key"] ?? ""
            return pairs.contains(sales + "|" + fo) || pairs.contains(fo + "|" + sales)
        }
        var rows = try run.rows()
        var held = Set(rows.filter { $0["class"] == "sure" }.map { ($0["entity"] ?? "") + "|" + ($0["fo_key"] ?? "") })
        var decided: Set<String> = []
        for index in rows.indices where rows[index]["class"] == "review" {
            let target = (rows[index]["entity"] ?? "") + "|" + (rows[index]["fo_key"] ?? "")
            let accept = isTrue(rows[index]) && !held.contains(target)
            if accept { held.insert(target) }
            rows[index]["decision"] = accept ? "accept" : "reject"
            decided.insert((rows[index]["entity"] ?? "") + "|" + (rows[index]["sales_id"] ?? ""))
        }
        #expect(decided.count >= 10, "\(decided.count) pairs to review")
        func classes(_ rows: [[String: String]]) -> [String: String] {
            var classes: [String: String] = [:]
            for row in rows {
                let record = (row["entity"] ?? "") + "|" + (row["sales_id"] ?? "")
                classes[record, default: ""] += "\(row["fo_key"] ?? ""):\(row["class"] ?? "");"
            }
            return classes
        }
        let before = classes(rows)
        _ = try run.match(reviewed: try run.write(rows, to: "reviewed.csv"))
        let after = classes(try run.rows())
        let moved = Set(before.keys).union(after.keys).subtracting(decided).filter { before[$0] != after[$0] }
        #expect(moved.isEmpty, "undecided records whose class moved: \(moved.sorted().prefix(10))")
        // Its own new matches.csv as the reviewed file: nothing moves.
        _ = try run.match(reviewed: try run.write(try run.rows(), to: "reviewed-again.csv"))
        #expect(classes(try run.rows()) == after)
    }

    @Test func aReviewedFileThatDoesNotHoldIsRefusedAndNothingIsWritten() throws {
        let run = try Run("airlock-match-review-bad")
        let rows = try run.rows()
        let before = try Data(contentsOf: URL(fileURLWithPath: run.folder + "/match/" + RunLayout.matchList))
        var renamed = MatchListColumns.all
        renamed[2] = "points"
        var unknown = rows[0]
        unknown["decision"] = "accept"
        unknown["sales_id"] = "00000000-0000-4000-8000-000000000000"
        var accepted = rows[0]
        accepted["decision"] = "accept"
        var other = try #require(rows.first { $0["entity"] == rows[0]["entity"] && $0["sales_id"] != rows[0]["sales_id"] })
        other["decision"] = "accept"
        other["fo_key"] = rows[0]["fo_key"]
        var maybe = rows[0]
        maybe["decision"] = "maybe"
        let cases: [(String, String, String)] = [
            ("renamed", try run.write(rows, header: renamed, to: "renamed.csv"), "column 3 is \"points\" where score belongs"),
            ("extra", try run.write(rows, header: MatchListColumns.all + ["mine"], to: "extra.csv"), "a column \"mine\""),
            ("unknown", try run.write([unknown], to: "unknown.csv"), "the Sales export holds no"),
            ("twice", try run.write([accepted, accepted], to: "twice.csv"), "two decisions for the pair"),
            ("one F&O record for two", try run.write([accepted, other], to: "shared.csv"), "is accepted for two Sales records"),
            ("maybe", try run.write([maybe], to: "maybe.csv"), "neither accept nor reject"),
            ("its own output", run.folder + "/match/" + RunLayout.matchList, "which this run replaces"),
        ]
        for (name, path, message) in cases {
            do {
                _ = try run.match(reviewed: path)
                Issue.record("\(name): accepted")
            } catch let error as AirlockError {
                #expect(error.code == .usage, "\(name)")
                #expect(error.description.contains(message), "\(name): \(error)")
                #expect(!error.description.contains("\n"), "\(name): one line")
                if name != "its own output" { #expect(error.location.line != nil, "\(name): names the line") }
            }
            #expect(try Data(contentsOf: URL(fileURLWithPath: run.folder + "/match/" + RunLayout.matchList)) == before, "\(name)")
        }
    }

    @Test func aLegalEntityTheExportDoesNotHoldIsRefused() throws {
        let folder = try Fixture.scratchDirectory("airlock-match-company")
        let usmf = try SampleUnkeyedPair.write(to: folder, accounts: 30, seed: 1, company: "USMF")
        do {
            _ = try Matcher.run(
                MatchingOptions(foPath: usmf[0], salesPath: usmf[1], outputDirectory: folder + "/out", company: "DEMF"),
                catalog: SchemaCatalogLoader.bundled())
            Issue.record("a company the export does not hold was accepted")
        } catch let error as AirlockError {
            #expect(error.description.contains("company DEMF is not in the export, which holds only USMF"), "\(error)")
        }
        #expect(!FileManager.default.fileExists(atPath: folder + "/out"))
    }
}

import AirlockKit
import Foundation
import Testing

/// What `inspect`, `validate`, `verify`, `retry`, `diff` and a later wave's `convert` say about masked exports is what
/// they say about the clear ones (docs/mask.md: "the masked pair converts, matches and verifies as the clear one
/// does"), each command run through the command line as a user runs it, its `--json` read.
@Suite struct MaskedPairAgreementTests {
    struct Exports {
        var fo: String
        var sales: String
    }

    // MARK: Running airlock

    /// Runs `airlock` in this process; an issue unless it exits with one of `statuses`.
    @discardableResult
    static func airlock(_ arguments: [String], statuses: Set<Int32> = [0]) throws -> AirlockRunner.Result {
        let result = try AirlockRunner.run(arguments)
        #expect(statuses.contains(result.status), "airlock \(arguments.joined(separator: " ")): \(result.status)\n\(result.stderr)")
        return result
    }

    /// What a `--json` run printed.
    static func decoded<T: Decodable>(_ type: T.Type, _ result: AirlockRunner.Result) throws -> T {
        try JSONDecoder().decode(T.self, from: Data(result.stdout.utf8))
    }

    static func keyFile(in folder: String, secret: String = "the masked rehearsal's secret, long enough") throws -> String {
        let path = folder + "/\(secret.count).key"
        try Data((secret + "\n").utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Masks `exports` into `out`, with the migration ledger (and its word register) of `out`'s parent folder: the masks
    /// of one test are waves of one migration.
    static func mask(_ exports: Exports, out: String, key: String) throws -> Exports {
        try airlock(["mask", "--fo", exports.fo, "--sales", exports.sales, "--out", out, "--key-file", key])
        return Exports(fo: out + "/" + RunLayout.foExport, sales: out + "/" + RunLayout.salesExport)
    }

    /// A generated pair in `folder` (created): the default samples, the defects pair, the dual-write pair, the unkeyed
    /// pair, or the default samples with bad values in masked columns; and the options `validate` of its Sales export
    /// takes.
    static func pair(_ kind: String, in folder: String) throws -> (exports: Exports, validateSales: [String]) {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let written: [String]
        switch kind {
        case "defects": written = try SampleGenerator.write(to: folder, accounts: 30, seed: 3, defects: true)
        case "dual-write":
            written = try SampleGenerator.write(to: folder, accounts: 24, seed: 17, templates: .dualWrite)
            return (Exports(fo: written[0], sales: written[1]), ["--for", "dual-write"])
        case "unkeyed":
            written = try SampleUnkeyedPair.write(to: folder, accounts: 120, seed: 4)
        case "bad-personal-values":
            // The default samples with values a check finds in columns the policy masks: over-long, with spaces
            // around, empty where required.
            let base = try pair("default", in: folder + "/base").exports
            let long = String(repeating: "Northwind Traders ", count: 10) + "Inc"
            var fo = base.fo
            for (number, (column, rows, value)) in [
                ("ORGANIZATIONNAME", [0], long), ("ORGANIZATIONNAME", [1], " Contoso Ltd "), ("ORGANIZATIONNAME", [4], ""),
                ("ADDRESSZIPCODE", [2], "98052-63990"),
                ("PRIMARYCONTACTPHONE", [3], "+1 425 555 0100 ext. 123456789 (switchboard, ask for the buyer)"),
            ].enumerated() {
                let output = folder + "/fo-\(number).zip"
                _ = try WaveMaker.foWave(
                    export: fo, output: output, label: "Customers V2", keyColumn: "CUSTOMERACCOUNT", column: column, change: rows,
                    remove: [], add: 0
                ) { _, _ in value }
                fo = output
            }
            var sales = base.sales
            for (number, (field, rows, value)) in [
                ("name", [0], long), ("name", [1], ""), ("address1_postalcode", [2], "98052-6399-98052-6399-98052"),
                ("telephone1", [3], "+1 425 555 0100 ext. 123456789 (switchboard, ask for the buyer)"), ("emailaddress1", [4], "someone@"),
            ].enumerated() {
                let output = folder + "/sales-\(number).zip"
                _ = try WaveMaker.cmtWave(
                    export: sales, output: output, entity: "account", field: field, change: rows, remove: [], add: 0
                ) { _, _ in value }
                sales = output
            }
            written = [fo, sales]
        default: written = try SampleGenerator.write(to: folder, accounts: 30, seed: 5)
        }
        return (Exports(fo: written[0], sales: written[1]), [])
    }

    // MARK: inspect and validate

    /// What `inspect --json` says of a package, its path left out.
    static func inspected(_ path: String) throws -> InspectReport {
        var report = try decoded(InspectReport.self, airlock(["inspect", path, "--json"]))
        report.path = ""
        return report
    }

    struct ValidationDocument: Decodable {
        var errors: Int
        var warnings: Int
        var notices: Int
        var truncated: Bool
        var findings: [ValidationFinding]
    }

    /// The findings of `validate --json PATH OPTIONS`, by rule and entity (`RULE ENTITY`).
    static func findings(_ path: String, _ options: [String]) throws -> [String: [ValidationFinding]] {
        let document = try decoded(ValidationDocument.self, airlock(["validate", path, "--json"] + options, statuses: [0, 1]))
        #expect(!document.truncated && document.findings.count == document.errors + document.warnings + document.notices)
        return Dictionary(grouping: document.findings) { "\($0.rule) \($0.entity ?? "(package)")" }
    }

    /// `inspect` says the same of both packages, and `validate` finds as many findings of each rule on each entity
    /// (an over-long value masked stays over-long, so even the length findings agree). Returns the clear package's count.
    @discardableResult
    static func expectAlike(clear: String, masked: String, validate options: [String] = []) throws -> Int {
        #expect(try inspected(clear) == inspected(masked), "\(clear)")
        let before = try findings(clear, options)
        let after = try findings(masked, options)
        for group in Set(before.keys).union(after.keys).sorted() {
            let clearFindings = before[group] ?? []
            let maskedFindings = after[group] ?? []
            guard clearFindings.count != maskedFindings.count else { continue }
            func example(_ findings: [ValidationFinding]) -> String {
                findings.first.map { "record \($0.record ?? "-") field \($0.field ?? "-") value \($0.value ?? "-"): \($0.message)" }
                    ?? "none"
            }
            Issue.record(
                "validate \(options.joined(separator: " ")) \(clear): \(group) \(clearFindings.count) findings clear, \(maskedFindings.count) masked; first clear: \(example(clearFindings)); first masked: \(example(maskedFindings))"
            )
        }
        return before.values.reduce(0) { $0 + $1.count }
    }

    @Test(arguments: ["default", "defects", "dual-write", "unkeyed", "bad-personal-values"])
    func inspectAndValidateSayTheSameOfTheMaskedExports(_ kind: String) throws {
        let folder = try Fixture.scratchDirectory("airlock-mask-agree")
        let (clear, validateSales) = try Self.pair(kind, in: folder)
        let masked = try Self.mask(clear, out: folder + "/masked", key: Self.keyFile(in: folder))
        let report = try JSONDecoder().decode(MaskReport.self, from: Data(contentsOf: URL(fileURLWithPath: folder + "/masked/mask.json")))
        // Exports are full: every parent and lookup target they name must be in them.
        var found = try Self.expectAlike(clear: clear.fo, masked: masked.fo, validate: ["--self-contained"])
        found += try Self.expectAlike(clear: clear.sales, masked: masked.sales, validate: ["--self-contained"] + validateSales)
        // Every pair but the default samples has findings to compare.
        #expect((found == 0) == (kind == "default"), "\(found) findings")
        if kind == "bad-personal-values" {
            // Over-long values of masked columns stay over-long (none is cut), so their length findings stay too.
            #expect(report.columns.allSatisfy { $0.shortened == 0 }, "\(report.columns.filter { $0.shortened > 0 })")
        }
    }

    // MARK: verify and retry

    /// What verify found per flow and entity: `FLOW ENTITY` → counts and the fields found drifted.
    static func verified(_ report: VerificationReport) -> [String: String] {
        var result: [String: String] = [:]
        for (flow, outcome) in report.flows {
            result[flow] = "\(outcome.counts) \(outcome.driftedFields.sorted { $0.key < $1.key })"
            for (entity, counts) in outcome.entities {
                result[flow + " " + entity] = "\(counts.counts) \(counts.driftedFields.sorted { $0.key < $1.key })"
            }
        }
        return result
    }

    /// A row of verify's missing.csv or drifted.csv (`field` empty in missing.csv).
    struct Listed: Hashable, CustomStringConvertible {
        var flow, side, entity, key, id, field: String

        var description: String { [flow, side, entity, key, id, field].joined(separator: " | ") }
    }

    static func listed(_ path: String) throws -> Set<Listed> {
        Set(
            try ConvertFixture.csvRows(path).map { row in
                Listed(
                    flow: row["flow"] ?? "", side: row["side"] ?? "", entity: row["entity"] ?? "", key: row["key"] ?? "",
                    id: row["id"] ?? "",
                    field: row["field"] ?? "")
            })
    }

    /// `verify` of `run` against `after` (exit 1: records are missing and drifted), into `out`.
    static func verify(run: String, after: Exports, out: String) throws -> VerificationReport {
        try decoded(
            VerificationReport.self,
            airlock(
                ["verify", "--run", run, "--fo", after.fo, "--sales", after.sales, "--out", out, "--json", "--no-ledger"], statuses: [1]))
    }

    /// `retry` of what `verify` listed in `verification`: its report's entities and the record counts of its packages.
    static func retried(run: String, verification: String, out: String) throws -> [String] {
        let report = try decoded(
            RetryReport.self,
            airlock([
                "retry", "--run", run, "--from-verify", verification + "/" + RunLayout.missingList, "--from-verify",
                verification + "/" + RunLayout.driftedList, "--out", out, "--json", "--no-ledger",
            ]))
        var result = report.entities.map {
            "\($0.side) \($0.entity) \($0.requested) \($0.found) \($0.notFound) \($0.parents) \($0.written)"
        }
        for package in [RunLayout.foPackage, RunLayout.salesPackage] where FileManager.default.fileExists(atPath: out + "/" + package) {
            result += try inspected(out + "/" + package).entities.map { "\(package) \($0.name) \($0.records)" }
        }
        return result
    }

    static func rehearse(run: String, out: String, lose: Int, drift: Int, seed: Int) throws -> Exports {
        try airlock(["sample", "--after-import", run, "--out", out, "--lose", "\(lose)", "--drift", "\(drift)", "--seed", "\(seed)"])
        return Exports(fo: out + "/" + RunLayout.foExport, sales: out + "/" + RunLayout.salesExport)
    }

    @Test func verifyAndRetryFindTheSameAfterAMaskedRehearsal() throws {
        let folder = try Fixture.scratchDirectory("airlock-mask-verify")
        let key = try Self.keyFile(in: folder)
        let clear = try Self.pair("default", in: folder + "/pair").exports
        let masked = try Self.mask(clear, out: folder + "/masked", key: key)
        for (exports, run) in [(clear, "/run"), (masked, "/masked-run")] {
            try Self.airlock(["convert", "--fo", exports.fo, "--sales", exports.sales, "--out", folder + run, "--no-ledger"])
        }
        // The packages of both runs inspect and validate alike (as convert validates them: against the exports).
        for (package, export) in [(RunLayout.foPackage, \Exports.fo), (RunLayout.salesPackage, \Exports.sales)] {
            try Self.expectAlike(
                clear: folder + "/run/" + package, masked: folder + "/masked-run/" + package,
                validate: ["--against", clear[keyPath: export]])
            // And without the exports, every lookup outside the package found.
            let found = try Self.expectAlike(clear: folder + "/run/" + package, masked: folder + "/masked-run/" + package)
            #expect(found > 0)
        }

        // The masked run's import rehearsed: the same records lost and changed as on the clear run.
        let rehearsed = try Self.rehearse(run: folder + "/masked-run", out: folder + "/masked-run-rehearsed", lose: 5, drift: 2, seed: 9)
        let after = try Self.rehearse(run: folder + "/run", out: folder + "/after", lose: 5, drift: 2, seed: 9)
        func answers(_ exports: String) throws -> [String] {
            try ConvertFixture.csvRows(exports + "/" + RunLayout.afterImportKey).map { row in
                ["side", "entity", "key", "change", "field"].compactMap { row[$0] }.joined(separator: " ")
            }
        }
        let answerKey = try answers(folder + "/after")
        #expect(answerKey.count == 7)
        #expect(try answers(folder + "/masked-run-rehearsed") == answerKey)
        let clearVerify = try Self.verify(run: folder + "/run", after: after, out: folder + "/verify")
        #expect(clearVerify.totals.missing == 5 && clearVerify.totals.drifted == 2, "\(clearVerify.totals)")
        let rehearsedVerify = try Self.verify(run: folder + "/masked-run", after: rehearsed, out: folder + "/masked-verify")
        #expect(Self.verified(rehearsedVerify) == Self.verified(clearVerify))
        #expect(rehearsedVerify.totals == clearVerify.totals)
        for list in [RunLayout.missingList, RunLayout.driftedList] {
            #expect(try Self.listed(folder + "/masked-verify/" + list) == Self.listed(folder + "/verify/" + list), "\(list)")
        }
        let clearRetry = try Self.retried(run: folder + "/run", verification: folder + "/verify", out: folder + "/retry")
        #expect(!clearRetry.isEmpty)
        #expect(
            try Self.retried(run: folder + "/masked-run", verification: folder + "/masked-verify", out: folder + "/masked-retry")
                == clearRetry)

        // The clear rehearsal's exports masked with the same key are the rehearsal of the masked run but for the
        // values changed after the import ("… (edited)" is masked as a whole): diff tells.
        let maskedAfter = try Self.mask(after, out: folder + "/after-masked", key: key)
        let drifted = try ConvertFixture.csvRows(folder + "/after/" + RunLayout.afterImportKey).filter { $0["change"] == "drifted" }
        let driftedFields = Set(drifted.map { "\($0["side"] == "F&O" ? "fo" : "sales") \($0["entity"] ?? "") \($0["field"] ?? "")" })
        var differing: Set<String> = []
        for (side, old, new) in [("fo", maskedAfter.fo, rehearsed.fo), ("sales", maskedAfter.sales, rehearsed.sales)] {
            let report = try Self.decoded(
                DiffReport.self,
                Self.airlock(["diff", "--old", old, "--new", new, "--out", folder + "/order-" + side, "--json", "--no-ledger"]))
            #expect(report.totals.created + report.totals.deleted == 0, "\(side)")
            for entity in report.entities { differing.formUnion(entity.changedFields.keys.map { "\(side) \(entity.entity) \($0)" }) }
        }
        #expect(differing.subtracting(driftedFields).isEmpty, "\(differing)")
        // So verify on those finds the same missing and drifted records.
        let maskedVerify = try Self.verify(run: folder + "/masked-run", after: maskedAfter, out: folder + "/masked-after-verify")
        #expect(maskedVerify.totals.missing == clearVerify.totals.missing)
        #expect(
            try Self.listed(folder + "/masked-after-verify/" + RunLayout.missingList)
                == Self.listed(folder + "/verify/" + RunLayout.missingList))
        let maskedDrift = try Self.listed(folder + "/masked-after-verify/" + RunLayout.driftedList)
        let clearDrift = try Self.listed(folder + "/verify/" + RunLayout.driftedList)
        #expect(maskedDrift == clearDrift, "\(maskedDrift.map(\.description).sorted())")
        #expect(Self.verified(maskedVerify) == Self.verified(clearVerify))
    }

    // MARK: a later wave

    /// What `diff --json` found per entity, and its warnings.
    static func diffed(old: String, new: String, out: String) throws -> [String] {
        let report = try decoded(DiffReport.self, airlock(["diff", "--old", old, "--new", new, "--out", out, "--json", "--no-ledger"]))
        return report.entities.map { entity in
            "\(entity.entity) key \(entity.key) old \(entity.old) new \(entity.new) created \(entity.created) changed \(entity.changed) unchanged \(entity.unchanged) deleted \(entity.deleted) fields \(entity.changedFields.sorted { $0.key < $1.key }) associations +\(entity.associationsCreated) -\(entity.associationsRemoved)"
        } + report.warnings
    }

    /// The counts per flow of `convert --dry-run --json` on a wave.
    static func converted(_ wave: Exports, _ more: [String] = []) throws -> [String: RecordCounts] {
        try decoded(
            ConversionReport.self,
            airlock(["convert", "--fo", wave.fo, "--sales", wave.sales, "--dry-run", "--json", "--no-ledger"] + more)
        ).flows.mapValues(\.counts)
    }

    @Test func aLaterWaveMaskedWithTheSameKeyDiffsAndConvertsAlike() throws {
        // docs/runbook.md's second wave: the exports after the first wave's import, then users' changes, among them
        // masked columns (account phones in Sales, customer names in F&O), a customer added and one removed.
        let folder = try Fixture.scratchDirectory("airlock-mask-wave")
        let pair = try Self.pair("default", in: folder + "/pair").exports
        try Self.airlock(["convert", "--fo", pair.fo, "--sales", pair.sales, "--out", folder + "/run", "--no-ledger"])
        let old = try Self.rehearse(run: folder + "/run", out: folder + "/after", lose: 0, drift: 0, seed: 1)
        try FileManager.default.createDirectory(atPath: folder + "/wave2", withIntermediateDirectories: true)
        let new = Exports(fo: folder + "/wave2/" + RunLayout.foExport, sales: folder + "/wave2/" + RunLayout.salesExport)
        let accounts = try WaveMaker.cmtWave(
            export: old.sales, output: new.sales, entity: "account", field: "telephone1", change: [1, 2], remove: [], add: 0
        ) { row, _ in "+1 425 555 01\(row)" }
        let customers = try WaveMaker.foWave(
            export: old.fo, output: new.fo, label: "Customers V2", keyColumn: "CUSTOMERACCOUNT", column: "ORGANIZATIONNAME",
            change: [0, 3], remove: [5], add: 1)
        #expect(accounts.changed.count == 2 && customers.changed.count == 2)

        let key = try Self.keyFile(in: folder)
        let maskedOld = try Self.mask(old, out: folder + "/masked-after", key: key)
        let maskedNew = try Self.mask(new, out: folder + "/masked-wave2", key: key)
        let sides = [("fo", \Exports.fo), ("sales", \Exports.sales)]
        var clearDiffs: [String: [String]] = [:]
        for (name, side) in sides {
            let clearDiff = try Self.diffed(old: old[keyPath: side], new: new[keyPath: side], out: folder + "/diff-" + name)
            #expect(clearDiff.contains { $0.contains("changed 2 ") }, "\(clearDiff)")
            #expect(
                try Self.diffed(old: maskedOld[keyPath: side], new: maskedNew[keyPath: side], out: folder + "/masked-diff-" + name)
                    == clearDiff)
            clearDiffs[name] = clearDiff
        }
        // Wave 2 as the runbook converts it, leaving out what did not change, sends the same.
        let since = ["--since", old.fo, "--since", old.sales]
        let clearSince = try Self.converted(new, since)
        #expect(clearSince["accounts"]?.updated == 2, "\(clearSince)")
        #expect(try Self.converted(maskedNew, ["--since", maskedOld.fo, "--since", maskedOld.sales]) == clearSince)
        // From the full exports too: every flow.
        let clearFull = try Self.converted(new)
        let maskedFull = try Self.converted(maskedNew)
        #expect(maskedFull == clearFull)

        // Another key: other files, another value wherever the first key replaced one, the same keys, the same diffs.
        let otherKey = try Self.keyFile(in: folder, secret: "another secret for the same wave, long enough")
        let otherOld = try Self.mask(old, out: folder + "/other-after", key: otherKey)
        let otherNew = try Self.mask(new, out: folder + "/other-wave2", key: otherKey)
        for (name, side) in sides {
            #expect(
                try Data(contentsOf: URL(fileURLWithPath: otherNew[keyPath: side]))
                    != Data(contentsOf: URL(fileURLWithPath: maskedNew[keyPath: side])))
            #expect(
                try Self.diffed(old: otherOld[keyPath: side], new: otherNew[keyPath: side], out: folder + "/other-diff-" + name)
                    == clearDiffs[name])
        }
        let clearCustomers = try #require(try ConvertFixture.foTables(new.fo)["Customers V2"])
        let sameKey = try #require(try ConvertFixture.foTables(maskedNew.fo)["Customers V2"])
        let otherKeyCustomers = try #require(try ConvertFixture.foTables(otherNew.fo)["Customers V2"])
        #expect(clearCustomers.rowCount == sameKey.rowCount && sameKey.rowCount == otherKeyCustomers.rowCount)
        var compared = 0
        for row in 0..<clearCustomers.rowCount {
            #expect(sameKey.value(row: row, column: "CUSTOMERACCOUNT") == otherKeyCustomers.value(row: row, column: "CUSTOMERACCOUNT"))
            for column in ["ORGANIZATIONNAME", "ADDRESSSTREET", "PRIMARYCONTACTEMAIL", "PRIMARYCONTACTPHONE"] {
                let value = sameKey.value(row: row, column: column)
                guard let value, !value.isEmpty, value != clearCustomers.value(row: row, column: column) else { continue }
                #expect(otherKeyCustomers.value(row: row, column: column) != value, "row \(row) \(column): \(value)")
                compared += 1
            }
        }
        #expect(compared > 20)
    }
}

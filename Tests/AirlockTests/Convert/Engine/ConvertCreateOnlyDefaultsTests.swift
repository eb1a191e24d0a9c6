import AirlockKit
import Foundation
import Testing

/// A template's own value (its default or constant) goes to the records a run creates; an existing record keeps its
/// value unless the template says `on: always`, and what updates change on existing records is listed with counts
/// and an example, in the summary and the plan.
struct ConvertCreateOnlyDefaultsTests {
    /// The bundled templates with the accounts' customer group default set to 20 (`on` given when not nil).
    static func templates(on scope: String?) throws -> String {
        let folder = try Fixture.scratchDirectory("airlock-create-only")
        _ = try TemplateExporter.export(to: folder)
        let path = folder + "/accounts.yaml"
        var text = try String(contentsOfFile: path, encoding: .utf8)
        let range = try #require(text.range(of: #"default: "10""#))
        text.replaceSubrange(range, with: #"default: "20""# + (scope.map { "\n    on: \($0)" } ?? ""))
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return folder
    }

    static func customers(_ out: String) throws -> [String: String] {
        let table = try #require(try ConvertFixture.foTables(out + "/" + RunLayout.foPackage)["Customers V2"])
        let account = try #require(table.columnIndex(named: "CUSTOMERACCOUNT"))
        let group = try #require(table.columnIndex(named: "CUSTOMERGROUPID"))
        var groups: [String: String] = [:]
        for row in 0..<table.rowCount { groups[table.value(row: row, column: account) ?? ""] = table.value(row: row, column: group) ?? "" }
        return groups
    }

    static func run(_ templates: String, plan: Bool = false) throws -> ConvertResult {
        let out = try Fixture.scratchDirectory("airlock-create-only-run") + "/out"
        return try ConvertPipeline.run(
            ConvertOptions(
                conversion: ConversionOptions(
                    foPath: ConvertFixture.sampleFO, salesPath: ConvertFixture.sampleSales, outputDirectory: plan ? nil : out,
                    templatesDirectory: templates, full: true),
                plan: plan, ledger: .off))
    }

    @Test func aNewDefaultGoesToNewCustomersExistingOnesKeepTheirGroup() throws {
        let result = try Self.run(try Self.templates(on: nil))
        let accounts = try #require(result.report.flows["accounts"])
        #expect(accounts.created > 0 && accounts.updated + accounts.unchanged > 0)
        // Every existing customer kept its group (--full writes the unchanged ones too), every new one got 20.
        let groups = try Self.customers(try #require(result.report.options.outputDirectory))
        let created = groups.values.filter { $0 == "20" }.count
        #expect(created == accounts.created, "\(groups)")
        // Group 10: the existing accounts, and the person customers of contacts-to-customers (whose template still says 10).
        let persons = try #require(result.report.flows["contacts-to-customers"]).written
        #expect(groups.values.filter { $0 == "10" }.count == accounts.updated + accounts.unchanged + persons)
        #expect(accounts.updatedFields["CUSTOMERGROUPID"] == nil)
        #expect(accounts.keptValues["CUSTOMERGROUPID"] == accounts.updated + accounts.unchanged)
        #expect(
            result.text.contains("accounts keeps existing values: CUSTOMERGROUPID on \(accounts.updated + accounts.unchanged) records"),
            "\(result.text)")
    }

    @Test func onAlwaysChangesExistingCustomersAndTheSummaryAndThePlanSaySo() throws {
        let templates = try Self.templates(on: "always")
        let result = try Self.run(templates)
        let accounts = try #require(result.report.flows["accounts"])
        let change = try #require(accounts.fieldChanges["CUSTOMERGROUPID"])
        #expect(change.from == "10" && change.to == "20" && change.records == accounts.updated)
        // The pair is an example, marked as one: other records may hold and get other values.
        // A line a field, under the flow's heading, the fields aligned.
        let line = try Regex("\n    CUSTOMERGROUPID +\(accounts.updated) existing records, e\\.g\\. 10 → 20\n")
        #expect(
            result.text.contains("accounts changes existing records (the first record's values as an example):\n")
                && result.text.contains(line), "\(result.text)")
        let plan = try Self.run(templates, plan: true)
        #expect(
            plan.text.contains("  changes existing records (the first record's values as an example):\n") && plan.text.contains(line),
            "\(plan.text)")
    }

    @Test func onNeedsAValueOfItsOwn() throws {
        let folder = try Self.templates(on: nil)
        let path = folder + "/accounts.yaml"
        var text = try String(contentsOfFile: path, encoding: .utf8)
        let range = try #require(text.range(of: "{row: 6, from: accountnumber, to: CUSTOMERACCOUNT, "))
        text.replaceSubrange(range, with: "{row: 6, from: accountnumber, to: CUSTOMERACCOUNT, on: always, ")
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let error = try #require(throws: AirlockError.self) { try Self.run(folder, plan: true) }
        #expect(error.message.contains("'on' says which records get the field map's own value: it needs a 'constant' or a 'default'"))
    }
}

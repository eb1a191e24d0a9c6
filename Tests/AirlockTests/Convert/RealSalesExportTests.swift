import AirlockKit
import Foundation
import Testing

/// Real Sales exports from public projects (`RealExport`): no account or contact numbers, currency lookups to
/// records they do not hold, countries as free text. Converted against the samples' F&O export with
/// `--assign-keys p2c --default-currency USD`, as a migration team would run them: the Sales → F&O flows only
/// (`--only`), since the exports hold none of the entities the F&O → Sales flows write (products, orders, invoices).
@Suite struct RealSalesExportTests {
    static let exports = ["edu-k12-sampledata-2022/K12-SampleData.zip", "ia-nonprofit/DefaultData.zip"]
    /// The Prospect to cash flows from Sales to F&O.
    static let salesToFO = ["accounts", "contacts", "contacts-to-customers", "quotes", "quote-lines", "orders-to-fo", "order-lines-to-fo"]

    /// A conversion of `export` into a new folder.
    static func convert(_ export: String, into folder: String) throws -> ConversionResult {
        let options = ConversionOptions(
            foPath: ConvertFixture.sampleFO, salesPath: RealExport.path(export), outputDirectory: folder, only: salesToFO,
            assignKeys: ["p2c"], defaultCurrency: "USD")
        return try Converter.run(options, catalog: SchemaCatalogLoader.bundled())
    }

    @Test(arguments: exports)
    func accountsAndContactsAreCreatedWithTheKeysSalesGetsBack(_ export: String) throws {
        let folder = try Fixture.scratchDirectory("airlock-real-sales")
        let result = try Self.convert(export, into: folder + "/run")
        let report = result.report
        let accounts = try #require(report.flows["accounts"]?.counts)
        let contacts = try #require(report.flows["contacts"]?.counts)
        #expect(accounts.read > 0 && contacts.read > 0)
        // At least 95 % of the accounts, and of the contacts whose company is an account (the others are filtered).
        #expect(Double(accounts.created) >= 0.95 * Double(accounts.read), "\(accounts)")
        #expect(Double(contacts.created) >= 0.95 * Double(contacts.read - contacts.filtered), "\(contacts)")
        for flow in report.flows.values { #expect(flow.counts.read == flow.counts.accounted) }

        // Every key F&O gets is a key Sales gets back for that record where the export's schema declares the attribute
        // (both declare accountnumber; neither organisation has the Prospect to cash solution's msdynce_contactnumber,
        // so the contacts' keys are the key register's alone: KeyRegisterWaveTests), and every customer and contact
        // person has one.
        let sales = try PackageValues.salesTable(folder + "/run/" + RunLayout.salesPackage, entity: "account")
        let accountKeys = Set((0..<sales.rowCount).compactMap { sales.value(row: $0, column: "accountnumber") })
        let written = try CMTPackageReader(source: openPackageSource(path: folder + "/run/" + RunLayout.salesPackage)).read()
        #expect(written.data.entity(named: "contact") == nil)
        #expect(report.warnings.contains { $0.contains("contact keys are not written back to Sales") })
        let contactKeys = try Set(
            PackageValues.foValues(
                folder + "/run/" + RunLayout.foPackage, label: "CDS Contacts", column: "CONTACTPERSONPARTYNUMBER", count: contacts.created))
        #expect(accountKeys.count == accounts.read && contactKeys.count == contacts.created)
        let fo = try ConvertFixture.foTables(folder + "/run/" + RunLayout.foPackage)
        let customers = try #require(fo["Customers V2"])
        #expect(customers.rowCount == accounts.created)
        for row in 0..<customers.rowCount {
            let key = try #require(customers.value(row: row, column: "CUSTOMERACCOUNT"))
            #expect(accountKeys.contains(key) && key.hasPrefix("ACC-"))
            #expect(customers.value(row: row, column: "PARTYNUMBER") == key)
            #expect(customers.value(row: row, column: "SALESCURRENCYCODE") == "USD")
            // A customer with an address has its country as a code; one without any address field has none.
            let country = customers.value(row: row, column: "ADDRESSCOUNTRYREGIONISOCODE") ?? ""
            let address = ["ADDRESSSTREET", "ADDRESSCITY", "ADDRESSZIPCODE", "ADDRESSSTATE"].compactMap {
                customers.value(row: row, column: $0)
            }.filter { !$0.isEmpty }
            #expect(address.isEmpty ? country.isEmpty : country.count == 2 && country == country.uppercased(), "\(country) \(address)")
        }
        let persons = try #require(fo["CDS Contacts"])
        #expect(persons.rowCount == contacts.created)
        for row in 0..<persons.rowCount {
            #expect(contactKeys.contains(persons.value(row: row, column: "CONTACTPERSONPARTYNUMBER") ?? ""))
            #expect(accountKeys.contains(persons.value(row: row, column: "ASSOCIATEDPARTYNUMBER") ?? ""))
        }

        // Both packages validate against the exports they go to without an error.
        for (package, against) in [
            (RunLayout.foPackage, ConvertFixture.sampleFO), (RunLayout.salesPackage, RealExport.path(export)),
        ] {
            let validation = try AirlockRunner.run(["validate", folder + "/run/" + package, "--against", against])
            #expect(validation.status == 0, "\(package): \(validation.stdout)")
            #expect(validation.stdout.contains(" 0 errors"), "\(package): \(validation.stdout)")
        }

        // A second run gives byte-identical packages.
        _ = try Self.convert(export, into: folder + "/again")
        for name in [RunLayout.foPackage, RunLayout.salesPackage] {
            let one = try Data(contentsOf: URL(fileURLWithPath: folder + "/run/" + name))
            let two = try Data(contentsOf: URL(fileURLWithPath: folder + "/again/" + name))
            #expect(one == two, "\(name)")
        }
    }

    @Test func currenciesTheExportNamesButDoesNotHoldAreReadByName() throws {
        let folder = try Fixture.scratchDirectory("airlock-real-sales")
        let k12 = try Self.convert(Self.exports[0], into: folder + "/k12").report
        #expect(k12.warnings.contains { $0.contains("'USD' → USD (9 records)") })
        let nonprofit = try Self.convert(Self.exports[1], into: folder + "/nonprofit").report
        #expect(nonprofit.warnings.contains { $0.contains("'US Dollar' → USD (2 records)") })
        #expect(
            nonprofit.warnings.contains {
                $0.contains(
                    "34 Sales account records the flow writes name no transactioncurrencyid: those it creates in F&O take SALESCURRENCYCODE USD"
                )
            }, "\(nonprofit.warnings)")
    }

    /// The nonprofit export's names carry trailing spaces (`Dianna `), which F&O would keep as part of the name: they
    /// go without them, the run says how many per field, and validate finds none in the package.
    @Test func namesGoToFOWithoutTheirOuterSpacesAndTheRunSaysSo() throws {
        let folder = try Fixture.scratchDirectory("airlock-real-sales")
        let report = try Self.convert(Self.exports[1], into: folder + "/run").report
        let trimmed = report.warnings.filter { $0.contains("values mapped without their leading or trailing spaces") }
        #expect(trimmed.contains { $0.hasPrefix("flow contacts:") && $0.contains("FIRSTNAME (") }, "\(report.warnings)")
        let collector = FindingCollector()
        try FOPackageValidator(catalog: SchemaCatalogLoader.bundled()).validate(
            openPackageSource(path: folder + "/run/" + RunLayout.foPackage), into: collector)
        let spaces = collector.findings.filter { $0.rule == ValidationRules.foValueSpreadsheet.id }
        #expect(spaces.isEmpty, "\(spaces.prefix(5).map(\.message))")
        let persons = try #require(try ConvertFixture.foTables(folder + "/run/" + RunLayout.foPackage)["CDS Contacts"])
        for row in 0..<persons.rowCount {
            let name = persons.value(row: row, column: "FIRSTNAME") ?? ""
            #expect(name == name.trimmingCharacters(in: .whitespaces), "'\(name)'")
        }
    }

    /// The keys written back to Sales are records of to-sales.zip beside the flows' own: the summary and the page say
    /// how many of each, so that "written" is not read as all the package holds.
    @Test func theKeysWrittenBackAreCountedBesideTheFlowsRecords() throws {
        let folder = try Fixture.scratchDirectory("airlock-real-sales")
        let report = try Self.convert(Self.exports[0], into: folder + "/run").report
        let added = report.generatedWritten
        #expect(added > 0 && added == report.flows["accounts"]?.generated.values.reduce(0) { $0 + $1.created + $1.updated })
        let line =
            "Written: \(report.totals.written) records of the flows and \(added) that rules added (the \"also\" lines), \(report.totals.written + added) in all"
        #expect(report.text().contains(line), "\(report.text())")
        let page = try String(contentsOfFile: folder + "/run/" + RunLayout.conversionPage, encoding: .utf8)
        #expect(page.contains("<dd id=\"total-added-by-rules\">\(HTMLText.number(added))</dd>"))
        let sales = try CMTPackageReader(source: openPackageSource(path: folder + "/run/" + RunLayout.salesPackage)).read()
        let inPackage = sales.data.entities.reduce(0) { $0 + $1.records.count }
        let salesFlows = report.flows.values.filter { $0.direction == "fo-to-sales" }.reduce(0) { $0 + $1.written }
        #expect(inPackage == salesFlows + added, "to-sales.zip holds \(inPackage)")
    }

    @Test func countriesAndStatesArriveAsCodes() throws {
        let folder = try Fixture.scratchDirectory("airlock-real-sales")
        _ = try Self.convert(Self.exports[1], into: folder + "/run")
        let customers = try #require(try ConvertFixture.foTables(folder + "/run/" + RunLayout.foPackage)["Customers V2"])
        var pairs: Set<String> = []
        for row in 0..<customers.rowCount {
            let country = customers.value(row: row, column: "ADDRESSCOUNTRYREGIONISOCODE") ?? ""
            let state = customers.value(row: row, column: "ADDRESSSTATE") ?? ""
            pairs.insert(country + "/" + state)
        }
        // FRANCE, DENMARK, USA, UNITED KINGDOM, UK, NEW ZEALAND; Île-de-France, Region Sjælland, Rhône-Alpes.
        #expect(pairs.isSuperset(of: ["FR/IDF", "DK/85", "FR/ARA", "US/NY", "GB/", "NZ/Dunedin", "NO/"]), "\(pairs.sorted())")
    }

    @Test(arguments: exports)
    func noCustomerGetsAnAddressMadeOfTheDefaultCountryAlone(_ export: String) throws {
        let folder = try Fixture.scratchDirectory("airlock-real-sales")
        _ = try Self.convert(export, into: folder + "/run")
        let fo = try ConvertFixture.foTables(folder + "/run/" + RunLayout.foPackage)
        let customers = try #require(fo["Customers V2"])
        for row in 0..<customers.rowCount {
            let value = { (column: String) in customers.value(row: row, column: column) ?? "" }
            let delivery = value("DELIVERYADDRESSCOUNTRYREGIONISOCODE")
            let street = ["DELIVERYADDRESSSTREET", "DELIVERYADDRESSCITY", "DELIVERYADDRESSZIPCODE", "DELIVERYADDRESSSTATE"].map(value)
            // A delivery country goes with a delivery address, and US only to a customer whose own data says so.
            #expect(delivery.isEmpty || street.contains { !$0.isEmpty }, "\(value("CUSTOMERACCOUNT")): \(delivery) without an address")
            #expect(delivery != "US" || ["US", ""].contains(value("ADDRESSCOUNTRYREGIONISOCODE")), "\(value("CUSTOMERACCOUNT"))")
        }
        let persons = try #require(fo["CDS Contacts"])
        for row in 0..<persons.rowCount {
            let address = ["PRIMARYADDRESSSTREET", "PRIMARYADDRESSCITY", "PRIMARYADDRESSZIPCODE", "PRIMARYADDRESSSTATEID"].compactMap {
                persons.value(row: row, column: $0)
            }.filter { !$0.isEmpty }
            let country = persons.value(row: row, column: "PRIMARYADDRESSCOUNTRYREGIONISOCODE") ?? ""
            #expect(address.isEmpty ? country.isEmpty : !country.isEmpty, "\(country) \(address)")
        }
    }

    @Test func theRunSaysWhichCustomersTheDefaultDeliveryCountryWouldHaveContradicted() throws {
        let folder = try Fixture.scratchDirectory("airlock-real-sales")
        let report = try Self.convert(Self.exports[1], into: folder + "/run").report
        // 14 accounts in France, Denmark, New Zealand, Great Britain and Norway hold no delivery address: before, each
        // got DELIVERYADDRESSCOUNTRYREGIONISOCODE US without a word.
        let warning = try #require(report.warnings.first { $0.contains("DELIVERYADDRESSCOUNTRYREGIONISOCODE") }, "\(report.warnings)")
        #expect(
            warning.hasPrefix(
                "flow accounts: DELIVERYADDRESSCOUNTRYREGIONISOCODE: its default US is not given to 14 records whose own address1_country says otherwise (DK 3, FR 3, GB 3, NZ 3, NO 2; first: ACC-"
            ), "\(warning)")
        #expect(
            warning.hasSuffix(
                "14 records left empty, holding none of address2_country, address2_line1, address2_city, address2_postalcode, address2_stateorprovince (onlyWith)"
            ))
        let accounts = try #require(report.plan?.flows["accounts"])
        let delivery = try #require(accounts.conditionalDefaults.first { $0.field == "DELIVERYADDRESSCOUNTRYREGIONISOCODE" })
        #expect(delivery.withheld == 36 && delivery.defaulted == 0 && delivery.fromFallback == 0 && delivery.contradicted == 14)
        #expect(delivery.examples.count == ConversionPlan.ConditionalDefault.exampleLimit)
        // The plan prints what each field's records took; the page lists the same lines.
        let plan = accounts.conditionalDefaults.flatMap(\.lines)
        #expect(
            plan.contains(
                "DELIVERYADDRESSCOUNTRYREGIONISOCODE left empty on 36 records holding none of address2_country, address2_line1, address2_city, address2_postalcode, address2_stateorprovince (onlyWith), not its default US"
            ), "\(plan)")
        let page = try String(contentsOfFile: folder + "/run/" + RunLayout.conversionPage, encoding: .utf8)
        #expect(page.contains("table-plan-defaults") && page.contains("left empty on 36 records"))
        // The contact persons without an address get no country either; the three with an address but no country, US.
        let contacts = try #require(report.plan?.flows["contacts"]?.conditionalDefaults.first)
        #expect(contacts.field == "PRIMARYADDRESSCOUNTRYREGIONISOCODE" && contacts.withheld == 68 && contacts.defaulted == 3)
    }

    @Test func eachSettingCountsEveryRecordItSettlesAndAFilteredFlowIsANote() throws {
        let result = try AirlockRunner.run([
            "convert", "--fo", ConvertFixture.sampleFO, "--sales", RealExport.path(Self.exports[1]), "--plan", "--only",
            "accounts,contacts,contacts-to-customers",
        ])
        // 34 accounts lack a currency and a key, 2 a key alone: --assign-keys settles all 36.
        #expect(result.stdout.contains("would convert with --assign-keys p2c: 36 rejected records"), "\(result.stdout)")
        #expect(result.stdout.contains("would convert with --default-currency CODE: 34 rejected records"))
        #expect(
            result.stdout.contains(
                "would convert with --assign-keys p2c and --default-currency CODE together: 36 rejected records (34 need both)"))
        // contacts-to-customers' own filter leaves out every contact (the export has no msdynce_isactivecustomer): a note.
        #expect(
            result.stdout.contains(
                "contacts-to-customers: 83 read, nothing to convert: its filter active-customers leaves out all 83 records (it reads msdynce_isactivecustomer, which the export lacks: read as empty)"
            ), "\(result.stdout)")
        #expect(!result.stdout.contains("NOTHING WOULD BE CONVERTED"))
        #expect(result.status == 0, "\(result.stderr)")
        let json = try AirlockRunner.run([
            "convert", "--fo", ConvertFixture.sampleFO, "--sales", RealExport.path(Self.exports[1]), "--plan", "--json", "--only",
            "accounts",
        ])
        let accounts = try #require(try JSONDecoder().decode(ConversionPlan.self, from: Data(json.stdout.utf8)).flows["accounts"])
        #expect(accounts.settable == ["--assign-keys p2c": 36, "--default-currency CODE": 34] && accounts.settableRecords == 36)
        #expect(accounts.rejected == 36 && !accounts.losesRecordsForGood)
        // With the settings the run converts them, and says the same of contacts-to-customers.
        let folder = try Fixture.scratchDirectory("airlock-real-sales")
        let run = try AirlockRunner.run([
            "convert", "--fo", ConvertFixture.sampleFO, "--sales", RealExport.path(Self.exports[1]), "--out", folder + "/run",
            "--no-ledger", "--assign-keys", "p2c", "--default-currency", "USD", "--only", "accounts,contacts,contacts-to-customers",
        ])
        #expect(run.status == 0)
        #expect(!run.stdout.contains("nothing converted by"), "\(run.stdout)")
        #expect(
            run.stdout.contains(
                "note: contacts-to-customers: nothing to convert: its filter active-customers leaves out all 83 records"), "\(run.stdout)")
    }

    @Test func allFlowsAreRefusedForTheTargetsTheExportLacks() throws {
        let options = ConversionOptions(
            foPath: ConvertFixture.sampleFO, salesPath: RealExport.path(Self.exports[0]), outputDirectory: nil, dryRun: true,
            assignKeys: ["p2c"], defaultCurrency: "USD")
        let refusal = try #require(throws: AirlockError.self) { try Converter.run(options, catalog: SchemaCatalogLoader.bundled()) }
        #expect(refusal.code == .usage)
        #expect(
            refusal.message.hasPrefix(
                "the Sales export holds no product (flow products, 5 source records), salesorder (flow orders-to-sales, 10 source records)"),
            "\(refusal.message)")
        #expect(
            refusal.message.hasSuffix(
                "--allow-missing-target invoice --allow-missing-target invoicedetail (docs/convert.md, \"A target the export lacks\")"))
        // The Sales side's words: its entities are chosen in the export's schema, not in an F&O data project.
        #expect(refusal.message.contains("Add the entities to the schema the Sales export was made with"), "\(refusal.message)")
        #expect(!refusal.message.contains("data project"), "\(refusal.message)")
    }

    @Test func withoutSettingsThePlanNamesThemInsteadOfAWallOfRejects() throws {
        let result = try AirlockRunner.run([
            "convert", "--fo", ConvertFixture.sampleFO, "--sales", RealExport.path(Self.exports[0]), "--plan", "--only",
            "accounts,contacts",
        ])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("accounts: 9 read, nothing would be converted without a setting (below)"), "\(result.stdout)")
        #expect(result.stdout.contains("would convert with --assign-keys p2c: 9 rejected records"), "\(result.stdout)")
        #expect(result.stdout.contains("would convert with --assign-keys p2c: 13 rejected records"), "\(result.stdout)")
    }
}

import AirlockKit
import Foundation
import Testing

@testable import AirlockSample

/// `airlock sample --unkeyed`: a noisy pair that shares no key, and its answer key `match-truth.csv`.
struct SampleUnkeyedPairTests {
    /// An unkeyed pair as written: its F&O tables by label, its Sales records by entity, its truth lines.
    struct Written {
        var folder: String
        var fo: [String: Table]
        var sales: CMTPackage
        var truth: [[String]]

        init(accounts: Int, seed: UInt64 = 1, contacts: SampleUnkeyedContactEntity = .cdsContacts) throws {
            folder = try Fixture.scratchDirectory("airlock-unkeyed")
            let paths = try SampleUnkeyedPair.write(to: folder, accounts: accounts, seed: seed, contacts: contacts)
            #expect(
                paths.map { URL(fileURLWithPath: $0).lastPathComponent }
                    == [RunLayout.foExport, RunLayout.salesExport, RunLayout.matchTruth])
            let reader = try FOPackageReader(source: openPackageSource(path: paths[0]))
            var fo: [String: Table] = [:]
            for line in reader.manifest.entities { fo[line.entityName] = try reader.readEntity(line).table }
            self.fo = fo
            sales = try CMTPackageReader(path: paths[1]).read()
            let text = try String(contentsOfFile: paths[2], encoding: .utf8)
            var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            #expect(lines.first == "kind,entity,left,right")
            #expect(lines.last == "", "the file ends with a line break")
            lines = Array(lines.dropFirst().dropLast())
            #expect(lines == lines.sorted(), "sorted by kind, entity, left, right")
            #expect(Set(lines).count == lines.count, "no line twice")
            truth = lines.map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
            #expect(truth.allSatisfy { $0.count == 4 })
        }

        func column(_ label: String, _ name: String) throws -> [String] {
            let table = try #require(fo[label], "\(label)")
            return (0..<table.rowCount).map { table.value(row: $0, column: name) ?? "" }
        }

        func records(_ entity: String) throws -> [CMTRecord] {
            let data = try #require(sales.data.entity(named: entity), "\(entity)")
            return (0..<data.recordCount).map { data.record(at: $0) }
        }

        func lines(_ kind: String, _ entity: String) -> [[String]] {
            truth.filter { $0[0] == kind && $0[1] == entity }
        }
    }

    @Test func theSameSeedGivesByteIdenticalFiles() throws {
        func write(seed: UInt64) throws -> [Data] {
            let folder = try Fixture.scratchDirectory("airlock-unkeyed")
            return try SampleUnkeyedPair.write(to: folder, accounts: 300, seed: seed).map { try Data(contentsOf: URL(fileURLWithPath: $0)) }
        }
        let first = try write(seed: 7)
        let second = try write(seed: 7)
        #expect(first == second)
        let other = try write(seed: 8)
        for (a, b) in zip(first, other) { #expect(a != b) }
    }

    @Test func theCommandWritesThePairAndRefusesDefectsAndDualWrite() throws {
        let folder = try Fixture.scratchDirectory("airlock-unkeyed") + "/pair"
        let run = try AirlockRunner.run(["sample", "--unkeyed", "--accounts", "30", "--out", folder])
        #expect(run.status == 0, "\(run.stderr)")
        for name in [RunLayout.foExport, RunLayout.salesExport, RunLayout.matchTruth] {
            #expect(FileManager.default.fileExists(atPath: folder + "/" + name), "\(name)")
            #expect(run.stdout.contains(folder + "/" + name))
        }
        // A plain sample in the folder removes the answer key of the unkeyed pair.
        #expect(try AirlockRunner.run(["sample", "--accounts", "12", "--out", folder]).status == 0)
        #expect(!FileManager.default.fileExists(atPath: folder + "/" + RunLayout.matchTruth))
        for extra in [["--defects"], ["--templates", "dual-write"]] {
            let refused = try AirlockRunner.run(["sample", "--unkeyed", "--accounts", "30", "--out", folder] + extra)
            #expect(refused.status == 2, "\(extra): \(refused.stderr)")
            #expect(refused.stderr.contains("--unkeyed"), "\(refused.stderr)")
        }
        #expect(throws: AirlockError.self) {
            try SamplePipeline.run(SampleOptions(outputDirectory: folder, accounts: 30, defects: true, unkeyed: true))
        }
    }

    @Test func thePackagesHaveExactlyTheirColumnsAndFields() throws {
        let pair = try Written(accounts: 60)
        // What a matcher reads first, then the details the sample fills and every other column the templates read or
        // write there, in alphabetical order.
        #expect(
            pair.fo["Customers V2"]?.columnNames == [
                "CUSTOMERACCOUNT", "DATAAREAID", "PARTYTYPE", "ORGANIZATIONNAME", "PERSONFIRSTNAME", "PERSONLASTNAME", "ADDRESSSTREET",
                "ADDRESSZIPCODE", "ADDRESSCITY", "ADDRESSCOUNTRYREGIONISOCODE", "TAXEXEMPTNUMBER", "PRIMARYCONTACTEMAIL",
                "PRIMARYCONTACTPHONE", "PRIMARYCONTACTURL", "CUSTOMERGROUPID", "SALESCURRENCYCODE", "PARTYNUMBER", "ADDRESSDESCRIPTION",
                "ADDRESSLOCATIONROLES", "ADDRESSSTATE", "CREDITLIMIT", "DELIVERYADDRESSCITY", "DELIVERYADDRESSCOUNTRYREGIONISOCODE",
                "DELIVERYADDRESSDESCRIPTION", "DELIVERYADDRESSSTATE", "DELIVERYADDRESSSTREET", "DELIVERYADDRESSZIPCODE",
                "ISEXTERNALLYMAINTAINED", "LANGUAGEID", "ORGANIZATIONNUMBEROFEMPLOYEES", "PERSONMIDDLENAME", "PRIMARYCONTACTFAX",
                "SALESMEMO", "SITEID", "WAREHOUSEID",
            ])
        #expect(
            pair.fo["CDS Contacts"]?.columnNames == [
                "CONTACTPERSONPARTYNUMBER", "ASSOCIATEDPARTYNUMBER", "DATAAREAID", "FIRSTNAME", "LASTNAME", "PRIMARYEMAILADDRESS",
                "PRIMARYPHONENUMBER", "CONTACTPERSONPARTYTYPE", "EMPLOYMENTDEPARTMENT", "EMPLOYMENTPROFESSION", "GENDER",
                "GOVERNMENTIDENTIFICATIONNUMBER", "ISCONTACTPERSONEXTERNALLYMAINTAINED", "ISINACTIVE", "ISRECEIVINGDIRECTMAIL",
                "MARITALSTATUS", "MIDDLENAME", "NOTES", "PRIMARYADDRESSCITY", "PRIMARYADDRESSCOUNTRYREGIONISOCODE",
                "PRIMARYADDRESSSTATEID", "PRIMARYADDRESSSTREET", "PRIMARYADDRESSZIPCODE", "PRIMARYURL",
            ])
        #expect(
            pair.fo["Sellable released products"]?.columnNames == [
                "PRODUCTNUMBER", "DATAAREAID", "PRODUCTNAME", "SALESUNITSYMBOL", "INVENTORYUNITSYMBOL", "PRODUCTTYPE", "CURRENCYCODE",
                "ISSTOCKEDPRODUCT", "PRODUCTDESCRIPTION", "SALESPRICE", "SALESUNITDECIMALPRECISION", "UNITCOST",
            ])
        // The F&O export holds every column the standard templates read or write on its entities (FOExportColumns).
        let needed = FOExportColumns.needed(by: try TemplateLoader.bundled(.standard), catalog: try SchemaCatalogLoader.bundled())
        for label in ["Customers V2", "CDS Contacts", "Sellable released products"] {
            let columns = try #require(pair.fo[label]).columnNames
            #expect(Set(try #require(needed[label])).isSubset(of: columns), "\(label)")
        }
        #expect(
            pair.sales.schema.entities.map(\.name) == [
                "transactioncurrency", "uomschedule", "uom", "pricelevel", "account", "contact", "product",
            ])
        #expect(
            pair.sales.schema.entity(named: "account")?.fieldNames == [
                "accountid", "name", "accountnumber", "address1_line1", "address1_line2", "address1_postalcode", "address1_city",
                "address1_country", "telephone1", "emailaddress1", "websiteurl", "msdyn_taxexemptnumber",
                "transactioncurrencyid",
            ])
        #expect(
            pair.sales.schema.entity(named: "contact")?.fieldNames == [
                "contactid", "firstname", "lastname", "emailaddress1", "telephone1", "mobilephone", "parentcustomerid",
                "msdynce_contactnumber", "msdynce_isactivecustomer", "transactioncurrencyid",
            ])
        #expect(pair.sales.schema.entity(named: "product")?.fieldNames == ["productid", "productnumber", "name", "defaultuomid"])
        #expect(pair.sales.schema.entity(named: "uom")?.fieldNames == ["uomid", "name"])
        #expect(pair.sales.schema.entity(named: "uomschedule")?.fieldNames == ["uomscheduleid", "name"])
        #expect(
            pair.sales.schema.entity(named: "pricelevel")?.fieldNames == ["pricelevelid", "name", "statecode", "transactioncurrencyid"])
        #expect(try pair.column("Customers V2", "DATAAREAID").allSatisfy { $0 == "USMF" })
        #expect(try pair.column("Customers V2", "CUSTOMERGROUPID").allSatisfy { $0 == "10" })
        #expect(Set(try pair.column("Customers V2", "PARTYTYPE")) == ["Organization", "Person"])
        // Every contact person belongs to a customer of the file; the Sales lookups name records of the package.
        let customers = Set(try pair.column("Customers V2", "CUSTOMERACCOUNT"))
        #expect(try pair.column("CDS Contacts", "ASSOCIATEDPARTYNUMBER").allSatisfy { customers.contains($0) })
        let accounts = Set(try pair.records("account").map(\.id))
        let units = Set(try pair.records("uom").map(\.id))
        for contact in try pair.records("contact") {
            guard let parent = contact.field("parentcustomerid") else {
                #expect(contact.field("msdynce_isactivecustomer")?.value == "True", "a contact without a company is a person customer")
                continue
            }
            #expect(accounts.contains(parent.value))
            #expect(contact.field("msdynce_isactivecustomer")?.value == "False")
            #expect(contact.field("msdynce_contactnumber") == nil)
        }
        #expect(try pair.records("product").allSatisfy { units.contains($0.field("defaultuomid")?.value ?? "") })
    }

    /// The columns the templates write hold what F&O would: the customer's language, the template's site and
    /// warehouse, F&O's own records (not externally maintained), a contact person's gender by first name, a
    /// product's price, cost and unit decimals; Sales holds the unit group, every unit by its long name and a price
    /// list per currency.
    @Test func theDetailsTheTemplatesWriteHoldWhatFOWould() throws {
        let pair = try Written(accounts: 300, seed: 2)
        let countries = try pair.column("Customers V2", "ADDRESSCOUNTRYREGIONISOCODE")
        let languages = try pair.column("Customers V2", "LANGUAGEID")
        let language = ["GB": "en-gb", "US": "en-us", "DE": "de", "NL": "nl", "FR": "fr", "ES": "es", "IT": "it", "SE": "sv"]
        #expect(zip(countries, languages).allSatisfy { language[$0.0] == $0.1 }, "the language of the customer's country")
        #expect(try pair.column("Customers V2", "SITEID").allSatisfy { $0 == "1" })
        #expect(try pair.column("Customers V2", "WAREHOUSEID").allSatisfy { $0 == "13" })
        #expect(try pair.column("Customers V2", "ISEXTERNALLYMAINTAINED").allSatisfy { $0 == "No" })
        let types = try pair.column("Customers V2", "PARTYTYPE")
        let roles = try pair.column("Customers V2", "ADDRESSLOCATIONROLES")
        #expect(zip(types, roles).allSatisfy { $0.1 == ($0.0 == "Person" ? "Home" : "Business") })
        let names = try pair.column("Customers V2", "ORGANIZATIONNAME")
        let descriptions = try pair.column("Customers V2", "ADDRESSDESCRIPTION")
        #expect(zip(zip(types, names), descriptions).allSatisfy { $0.0.0 == "Person" || $0.0.1 == $0.1 })
        #expect(try pair.column("Customers V2", "CREDITLIMIT").allSatisfy(\.isEmpty), "no value in the world: empty")
        let genders = try pair.column("CDS Contacts", "GENDER")
        #expect(Set(genders).isSubset(of: ["Female", "Male", "Unknown"]))
        #expect(genders.filter { $0 == "Female" }.count * 4 > genders.count && genders.filter { $0 == "Male" }.count * 4 > genders.count)
        #expect(try pair.column("CDS Contacts", "CONTACTPERSONPARTYTYPE").allSatisfy { $0 == "Person" })
        #expect(try pair.column("CDS Contacts", "ISINACTIVE").allSatisfy { $0 == "No" })
        let products = try #require(pair.fo["Sellable released products"])
        for row in 0..<products.rowCount {
            func value(_ column: String) -> String { products.value(row: row, column: column) ?? "" }
            let price = try #require(Double(value("SALESPRICE")))
            let cost = try #require(Double(value("UNITCOST")))
            #expect(cost >= 1 && cost < price)
            #expect(value("ISSTOCKEDPRODUCT") == (value("PRODUCTTYPE") == "Service" ? "No" : "Yes"))
            #expect(value("SALESUNITDECIMALPRECISION") == (["kg", "m", "l", "h"].contains(value("SALESUNITSYMBOL")) ? "2" : "0"))
        }
        #expect(try pair.records("uomschedule").map { $0.field("name")?.value } == ["Default Unit"])
        let units = Set(try pair.records("uom").compactMap { $0.field("name")?.value })
        #expect(units.isSuperset(of: ["Each", "Pieces", "Kilogram", "Meter", "Hour", "Liter", "Box"]), "\(units)")
        let priceLists = try pair.records("pricelevel")
        #expect(priceLists.count == 4 && priceLists.allSatisfy { $0.field("statecode")?.value == "0" })
    }

    @Test func theTruthNamesOnlyRecordsThePackagesHold() throws {
        let pair = try Written(accounts: 400, seed: 3)
        let customers = try pair.column("Customers V2", "CUSTOMERACCOUNT")
        let types = Dictionary(uniqueKeysWithValues: zip(customers, try pair.column("Customers V2", "PARTYTYPE")))
        let people = Set(try pair.column("CDS Contacts", "CONTACTPERSONPARTYNUMBER"))
        let products = Set(try pair.column("Sellable released products", "PRODUCTNUMBER"))
        let accounts = Set(try pair.records("account").map(\.id))
        let contacts = Set(try pair.records("contact").map(\.id))
        let salesProducts = Set(try pair.records("product").map(\.id))
        #expect(
            Set(pair.truth.map { "\($0[0]),\($0[1])" }).isSubset(of: [
                "pair,account", "pair,contact", "pair,product", "fo-duplicate,account", "sales-duplicate,account",
                "sales-duplicate,contact",
            ]))
        for line in pair.truth {
            let (left, right) = (line[2], line[3])
            switch (line[0], line[1]) {
            case ("pair", "account"):
                #expect(types[left] == "Organization", "\(line)")
                #expect(accounts.contains(right), "\(line)")
            case ("pair", "contact"):
                #expect(people.contains(left) || types[left] == "Person", "\(line)")
                #expect(contacts.contains(right), "\(line)")
            case ("pair", "product"):
                #expect(products.contains(left) && salesProducts.contains(right), "\(line)")
            case ("fo-duplicate", "account"):
                #expect(types[left] == "Organization" && types[right] == "Organization" && left < right, "\(line)")
            case ("sales-duplicate", "account"):
                #expect(accounts.contains(left) && accounts.contains(right) && left < right, "\(line)")
            case ("sales-duplicate", "contact"):
                #expect(contacts.contains(left) && contacts.contains(right) && left < right, "\(line)")
            default:
                Issue.record("unexpected line \(line)")
            }
        }
        // Both records of a duplicate pair with what the other side holds of the thing, or neither does.
        var partners: [String: Set<String>] = [:]
        for line in pair.truth where line[0] == "pair" {
            partners[line[2], default: []].insert(line[3])
            partners[line[3], default: []].insert(line[2])
        }
        for line in pair.truth where line[0].hasSuffix("-duplicate") {
            #expect(partners[line[2]] == partners[line[3]], "\(line)")
        }
        #expect(!pair.lines("fo-duplicate", "account").isEmpty || !pair.lines("sales-duplicate", "account").isEmpty)
        // No F&O key is a Sales key: the sides share none.
        let salesNumbers = Set(try pair.records("account").compactMap { $0.field("accountnumber")?.value })
        #expect(salesNumbers.isDisjoint(with: customers))
        let salesProductNumbers = Set(try pair.records("product").compactMap { $0.field("productnumber")?.value })
        #expect(salesProductNumbers.isDisjoint(with: products))
    }

    /// `--fo-contacts contacts-v2`: the same contact persons in Contacts V2, the Sales side and the answer key as they
    /// were.
    @Test func contactsV2HoldsTheSameContactPersons() throws {
        let cds = try Written(accounts: 200, seed: 4)
        let v2 = try Written(accounts: 200, seed: 4, contacts: .contactsV2)
        #expect(v2.fo["CDS Contacts"] == nil)
        #expect(
            v2.fo["Contacts V2"]?.columnNames == [
                "CONTACTPERSONID", "CONTACTPERSONPARTYNUMBER", "ASSOCIATEDPARTYNUMBER", "FIRSTNAME", "LASTNAME", "PRIMARYEMAILADDRESS",
                "PRIMARYPHONENUMBER",
            ])
        for column in ["CONTACTPERSONPARTYNUMBER", "ASSOCIATEDPARTYNUMBER", "FIRSTNAME", "LASTNAME", "PRIMARYEMAILADDRESS"] {
            #expect(try cds.column("CDS Contacts", column) == v2.column("Contacts V2", column), "\(column)")
        }
        let ids = try v2.column("Contacts V2", "CONTACTPERSONID")
        #expect(Set(ids).count == ids.count && ids.allSatisfy { $0.hasPrefix("CT") })
        #expect(cds.truth == v2.truth)
        let sales = RunLayout.salesExport
        let salesOfEach = [cds.folder, v2.folder].map { FileManager.default.contents(atPath: $0 + "/" + sales) }
        #expect(salesOfEach[0] == salesOfEach[1])
        let result = try ValidatePipeline.run(ValidateOptions(package: v2.folder + "/" + RunLayout.foExport))
        #expect(result.report.errors == 0, "\(result.text)")
    }

    /// Records keyed twice are worded and kept another way too: abbreviations (`Bros`, `Intl`), `+` for `and`, and
    /// companies that moved, whose Sales account holds a new address but F&O's e-mail.
    @Test func salesAccountsCarryWordingAndMoves() throws {
        let pair = try Written(accounts: 2_000, seed: 11)
        let names = try pair.records("account").compactMap { $0.field("name")?.value }
        #expect(names.contains { $0.contains(" + ") }, "+ for and")
        let short = SampleUnkeyedNoise.abbreviations.flatMap(\.short)
        #expect(names.filter { name in short.contains { name.split(separator: " ").contains(Substring($0)) } }.count > 20, "abbreviations")
        // Moved: a Sales account whose partner holds the same e-mail but another postcode and city.
        let customers = try #require(pair.fo["Customers V2"])
        var foByAccount: [String: Int] = [:]
        for row in 0..<customers.rowCount { foByAccount[customers.value(row: row, column: "CUSTOMERACCOUNT") ?? ""] = row }
        let accounts = Dictionary(try pair.records("account").map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var moved = 0
        for line in pair.lines("pair", "account") {
            guard let row = foByAccount[line[2]], let account = accounts[line[3]] else { continue }
            let email = account.field("emailaddress1")?.value.lowercased()
            let city = account.field("address1_city")?.value
            if let email, email == customers.value(row: row, column: "PRIMARYCONTACTEMAIL")?.lowercased(),
                let city, !city.isEmpty, let foCity = customers.value(row: row, column: "ADDRESSCITY"), !foCity.isEmpty,
                SampleUnkeyedText.key(city) != SampleUnkeyedText.key(foCity),
                account.field("address1_postalcode")?.value != customers.value(row: row, column: "ADDRESSZIPCODE")
            {
                moved += 1
            }
        }
        #expect(moved > 10, "moved companies: \(moved)")
    }

    /// Two companies never hold one domain, but a sister company may share its group's.
    @Test func companiesHoldDomainsOfTheirOwn() {
        let world = SampleUnkeyedWorld(accounts: 20_000, seed: 3, company: "USMF")
        var holders: [String: Int] = [:]
        for index in world.organisations.indices {
            let domain = world.organisation(index).domain
            if let first = holders[domain] {
                #expect(Int(world.organisations[index].sibling) == first, "\(domain): organisations \(first) and \(index)")
            } else {
                holders[domain] = index
            }
        }
        #expect(world.organisations.contains { $0.domainVariant > 0 }, "namesakes took another domain")
    }

    @Test func theSalesPackageValidatesWithoutErrors() throws {
        let pair = try Written(accounts: 300, seed: 5)
        let result = try ValidatePipeline.run(ValidateOptions(package: pair.folder + "/" + RunLayout.salesExport))
        #expect(result.report.errors == 0, "\(result.text)")
        // Only the numbers Prospect to cash keys on are missing (warnings: the pair is not meant for it).
        let rules = Set(result.report.findings.map(\.rule))
        #expect(rules.isSubset(of: ["cmt.value.required"]), "\(rules)")
        #expect(
            result.report.findings.allSatisfy {
                $0.severity == .warning && ["accountnumber", "msdynce_contactnumber"].contains($0.field ?? "")
            })
    }

    @Test func theRoughProportionsHoldAtTwoThousandAccounts() throws {
        let accounts = 2_000
        let pair = try Written(accounts: accounts, seed: 11)
        func near(_ value: Int, _ expected: Double, within tolerance: Double, _ what: String) {
            let share = Double(value) / Double(accounts)
            #expect(abs(share - expected) <= tolerance, "\(what): \(value) of \(accounts) (\(share), expected about \(expected))")
        }
        let types = try pair.column("Customers V2", "PARTYTYPE")
        let organisations = types.filter { $0 == "Organization" }.count
        let foDuplicates = pair.lines("fo-duplicate", "account").count
        let salesDuplicates = pair.lines("sales-duplicate", "account").count
        let accountRecords = try pair.records("account")
        // 85 % of the organisations in F&O, 85 % in Sales, 70 % on both sides.
        near(organisations - foDuplicates, 0.85, within: 0.035, "F&O organisations")
        near(accountRecords.count - salesDuplicates, 0.85, within: 0.035, "Sales accounts")
        let pairedCustomers = Set(pair.lines("pair", "account").map { $0[2] }).count
        near(pairedCustomers - foDuplicates, 0.70, within: 0.04, "organisations on both sides")
        near(foDuplicates, 0.0085, within: 0.006, "second F&O customer accounts")
        near(salesDuplicates, 0.0255, within: 0.012, "second Sales accounts")
        // Person customers: 3 % of the accounts, 80 % of them in Sales as active customers without a company.
        let persons = types.filter { $0 == "Person" }.count
        #expect(persons == (accounts * 3 + 50) / 100)
        let personPairs = Set(pair.lines("pair", "contact").filter { $0[2].hasPrefix("C") && !$0[2].hasPrefix("CP") }.map { $0[2] })
        #expect(abs(Double(personPairs.count) / Double(persons) - 0.8) <= 0.15, "\(personPairs.count) of \(persons)")
        // About 1.2 contacts per organisation, 90 % of them on both sides when the organisation is.
        let contactPersons = try pair.column("CDS Contacts", "CONTACTPERSONPARTYNUMBER").count
        let perOrganisation = Double(contactPersons) / Double(organisations - foDuplicates)
        #expect(abs(perOrganisation - 1.2 * 0.95) <= 0.12, "\(perOrganisation) contacts per F&O organisation")
        let contactPairs = Set(pair.lines("pair", "contact").filter { $0[2].hasPrefix("CP") }.map { $0[2] }).count
        #expect(abs(Double(contactPairs) / Double(contactPersons) - 0.78) <= 0.08, "\(contactPairs) of \(contactPersons) paired")
        let contactDuplicates = pair.lines("sales-duplicate", "contact").count
        let salesContacts = try pair.records("contact").count
        #expect(contactDuplicates > 0 && contactDuplicates * 100 <= salesContacts * 5)
        // Products: one per ten accounts, 75 % on both sides; Sales numbers mostly its own.
        let foProducts = try pair.column("Sellable released products", "PRODUCTNUMBER").count
        let salesProducts = try pair.records("product")
        #expect(abs(Double(pair.lines("pair", "product").count) / Double(accounts / 10) - 0.75) <= 0.1)
        #expect(foProducts + salesProducts.count - pair.lines("pair", "product").count == accounts / 10)
        let numbers = salesProducts.compactMap { $0.field("productnumber")?.value }
        #expect(numbers.count == salesProducts.count, "Sales requires a product number")
        let own = numbers.filter { $0.hasPrefix("SKU-") }.count
        let legacy = numbers.filter { $0.hasPrefix("ART-") }.count
        #expect(abs(Double(own) / Double(numbers.count) - 0.7) <= 0.12, "\(own) Sales-made numbers of \(numbers.count)")
        #expect(abs(Double(legacy) / Double(numbers.count) - 0.1) <= 0.08, "\(legacy) legacy numbers of \(numbers.count)")
        // Units: the symbol mostly, the long name for some.
        let unitNames = Set(try pair.records("uom").compactMap { $0.field("name")?.value })
        #expect(unitNames.contains("ea") && unitNames.contains("Each"), "\(unitNames)")
        // Accounts: a legacy number for about one in ten, else none.
        let legacyAccounts = accountRecords.compactMap { $0.field("accountnumber")?.value }
        #expect(legacyAccounts.allSatisfy { $0.hasPrefix("ACC-") })
        #expect(abs(Double(legacyAccounts.count) / Double(accountRecords.count) - 0.1) <= 0.03)
        // Noise: most paired names differ somehow, yet many are the same; countries are free text in Sales.
        let names = Dictionary(
            uniqueKeysWithValues: zip(
                try pair.column("Customers V2", "CUSTOMERACCOUNT"), try pair.column("Customers V2", "ORGANIZATIONNAME")))
        let salesNames = Dictionary(uniqueKeysWithValues: accountRecords.map { ($0.id, $0.field("name")?.value ?? "") })
        let pairs = pair.lines("pair", "account")
        let sameName = pairs.filter { names[$0[2]] == salesNames[$0[3]] }.count
        #expect(
            Double(sameName) / Double(pairs.count) > 0.2 && Double(sameName) / Double(pairs.count) < 0.7, "\(sameName) of \(pairs.count)")
        let countries = Set(accountRecords.compactMap { $0.field("address1_country")?.value })
        #expect(countries.isSuperset(of: ["United Kingdom", "UK", "GB", "Germany", "Deutschland", "Netherlands", "United States", "USA"]))
        // Look-alike names: different organisations share most words (siblings), yet most names are distinct.
        let organisationNames = zip(types, try pair.column("Customers V2", "ORGANIZATIONNAME")).filter { $0.0 == "Organization" }.map(\.1)
        #expect(Double(Set(organisationNames).count) / Double(organisationNames.count) > 0.95)
        // VAT numbers for most European companies.
        let countryCodes = try pair.column("Customers V2", "ADDRESSCOUNTRYREGIONISOCODE")
        let vat = try pair.column("Customers V2", "TAXEXEMPTNUMBER")
        let european = zip(zip(types, countryCodes), vat).filter { $0.0.0 == "Organization" && $0.0.1 != "US" }
        let withVAT = european.filter { !$0.1.isEmpty }.count
        #expect(abs(Double(withVAT) / Double(european.count) - 0.79) <= 0.07, "\(withVAT) of \(european.count)")
        // Records are shuffled: the F&O file is not in account order.
        let numbersInFile = try pair.column("Customers V2", "CUSTOMERACCOUNT")
        #expect(numbersInFile != numbersInFile.sorted())
    }
}

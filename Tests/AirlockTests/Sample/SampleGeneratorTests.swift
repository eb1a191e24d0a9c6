import AirlockKit
import AirlockMapping
import AirlockPackages
import Foundation
import Testing

/// `airlock sample`: the pair every flow's filters let through, and `--defects` with its answer key.
struct SampleGeneratorTests {
    typealias Pair = SamplePair

    static func write(accounts: Int = 20, seed: UInt64 = 1, defects: Bool) throws -> (folder: String, paths: [String]) {
        let folder = try Fixture.scratchDirectory("airlock-sample")
        return (folder, try SampleGenerator.write(to: folder, accounts: accounts, seed: seed, defects: defects))
    }

    static func rejectLines(_ folder: String) throws -> [String] {
        let text = try String(contentsOfFile: folder + "/" + SampleGenerator.expectedRejectsFileName, encoding: .utf8)
        return text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    // MARK: the clean pair

    @Test func quotesAndOrdersCarryTheFlagsTheFiltersRead() throws {
        let (folder, paths) = try Self.write(accounts: 40, seed: 7, defects: false)
        #expect(paths.count == 2)
        let pair = try Pair(folder: folder)

        // quotes: Active (1) with only externally maintained products, except a few drafts or mixed quotes.
        let quoteState = try pair.values("quote", "statecode")
        let quoteExternal = try pair.values("quote", "msdynce_hasexternallymaintainedproductsonly")
        #expect(quoteExternal.allSatisfy { $0 == "True" || $0 == "False" })
        let quotesPassing = zip(quoteState, quoteExternal).filter { $0 == "1" && $1 == "True" }.count
        #expect(quotesPassing * 10 >= quoteState.count * 8, "most quotes pass the quotes filter")
        #expect(quotesPassing < quoteState.count, "a few quotes are legitimately filtered")
        #expect(quoteState.contains("0"), "a draft quote")

        // orders: Active (0), externally maintained products only; the ones that came from F&O are maintained externally.
        let orders = try pair.records("salesorder")
        #expect(orders.allSatisfy { $0.field("statecode")?.value == "0" })
        let created = orders.filter { $0.field("msdynce_ismaintainedexternally")?.value == "False" }
        let fromFO = orders.filter { $0.field("msdynce_ismaintainedexternally")?.value == "True" }
        #expect(created.count + fromFO.count == orders.count)
        #expect(fromFO.allSatisfy { $0.field("ordernumber")?.value.hasPrefix("SO-") == true })
        let createdPassing = created.filter { $0.field("msdynce_hasexternallymaintainedproductsonly")?.value == "True" }
        #expect(createdPassing.count * 10 >= created.count * 8)
        #expect(createdPassing.count < created.count)

        // contacts: active customers and contacts of accounts that are not.
        let contacts = try pair.records("contact")
        #expect(contacts.contains { $0.field("msdynce_isactivecustomer")?.value == "True" })
        #expect(
            contacts.contains {
                $0.field("msdynce_isactivecustomer")?.value == "False" && $0.field("parentcustomerid")?.lookupEntity == "account"
            })
        #expect(contacts.allSatisfy { $0.field("address1_country") != nil })

        // F&O: header tax, mostly zero; orders of F&O's own customers are not externally maintained.
        let headerTax = try pair.column("CDS sales order headers", "ORDERHEADERTAXAMOUNT")
        #expect(headerTax.contains("0.00"))
        #expect(headerTax.contains { $0 != "0.00" })
        #expect(headerTax.filter { $0 != "0.00" }.count * 4 < headerTax.count)
        let external = try pair.column("CDS sales order headers", "ORDERINGCUSTOMERISEXTERNALLYMAINTAINED")
        #expect(external.contains("Yes"))
        #expect(Set(external).isSubset(of: ["Yes", "No"]))
    }

    @Test func priceListsAndUnitsAreTheOnesTheValueMapsName() throws {
        let set = try TemplateLoader.bundled()
        let priceLists = try #require(set.valueMap(named: "currency-to-price-list"))
        #expect(priceLists.value(for: "USD") == "CRM Service USA (sample)")
        #expect(priceLists.value(for: "EUR") == "CRM Service EUR (sample)")
        #expect(priceLists.entries.first { $0.from == "EUR" }?.isInferred == true)
        let symbolToName = try #require(set.valueMap(named: "unit-symbol-to-name"))

        let (folder, _) = try Self.write(accounts: 40, seed: 7, defects: false)
        let pair = try Pair(folder: folder)
        let names = Set(try pair.values("pricelevel", "name").compactMap { $0 })
        #expect(names == ["CRM Service USA (sample)", "CRM Service EUR (sample)"])
        for currency in try pair.column("CDS sales order headers", "CURRENCYCODE") {
            #expect(names.contains(priceLists.value(for: currency) ?? ""), "\(currency)")
        }
        #expect(try pair.values("uomschedule", "name") == ["Default Unit"])
        let units = Set(try pair.values("uom", "name").compactMap { $0 })
        for label in ["Sellable released products", "CDS sales order lines", "Externally maintained customer sales invoice lines"] {
            for symbol in try pair.column(label, "SALESUNITSYMBOL") {
                let name = try #require(symbolToName.value(for: symbol), "\(symbol)")
                #expect(units.contains(name), "\(name)")
            }
        }
    }

    @Test func withoutDefectsNoAnswerKeyIsWrittenAndAStaleOneIsRemoved() throws {
        let (folder, paths) = try Self.write(defects: false)
        let key = folder + "/" + SampleGenerator.expectedRejectsFileName
        #expect(paths.count == 2)
        #expect(!FileManager.default.fileExists(atPath: key))
        _ = try SampleGenerator.write(to: folder, accounts: 20, seed: 1, defects: true)
        #expect(FileManager.default.fileExists(atPath: key))
        _ = try SampleGenerator.write(to: folder, accounts: 20, seed: 1)
        #expect(!FileManager.default.fileExists(atPath: key))
    }

    // MARK: --defects

    @Test func theDefectsPairIsDeterministic() throws {
        let (first, firstPaths) = try Self.write(defects: true)
        let (second, secondPaths) = try Self.write(defects: true)
        #expect(
            firstPaths.map { URL(fileURLWithPath: $0).lastPathComponent }
                == [RunLayout.foExport, RunLayout.salesExport, SampleGenerator.expectedRejectsFileName])
        for name in [RunLayout.foExport, RunLayout.salesExport, SampleGenerator.expectedRejectsFileName] {
            let a = try Data(contentsOf: URL(fileURLWithPath: first + "/" + name))
            let b = try Data(contentsOf: URL(fileURLWithPath: second + "/" + name))
            #expect(a == b, "\(name)")
        }
        _ = secondPaths
    }

    /// The answer key of `--accounts 20 --seed 1 --defects`: one defect of each kind.
    static let expectedRejects20 = """
        flow,key,reason
        accounts,,missing-required
        accounts,ACC-10000,duplicate-key
        contacts,CON-20030/,orphan-reference
        invoices,INV-100002,duplicate-key
        order-lines-to-fo,ORD-100006/4,orphan-reference
        order-lines-to-sales,SO-100010/2,orphan-reference
        order-lines-to-sales,SO-100011/1,header-rejected
        order-lines-to-sales,SO-100011/2,header-rejected
        orders-to-sales,SO-100011,orphan-reference
        products,P-1005,unmapped-value
        products,P-1006,invalid-value
        quote-lines,QUO-100006/1,header-rejected
        quote-lines,QUO-100006/2,header-rejected
        quote-lines,QUO-100006/3,header-rejected
        quote-lines,QUO-100006/4,header-rejected
        quote-lines,QUO-100006/5,header-rejected
        quote-lines,QUO-100006/6,header-rejected
        quotes,QUO-100006,orphan-reference

        """

    @Test func theAnswerKeyListsEveryReasonSorted() throws {
        let (folder, _) = try Self.write(defects: true)
        let text = try String(contentsOfFile: folder + "/" + SampleGenerator.expectedRejectsFileName, encoding: .utf8)
        #expect(text == Self.expectedRejects20)
        let lines = try Self.rejectLines(folder)
        #expect(lines.first == "flow,key,reason")
        #expect(lines.last == "", "the file ends with a line break")
        let rows = lines.dropFirst().dropLast().map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        #expect(rows.allSatisfy { $0.count == 3 })
        let reasons = Set(rows.map { $0[2] })
        for reason in ["duplicate-key", "missing-required", "orphan-reference", "header-rejected", "unmapped-value", "invalid-value"] {
            #expect(reasons.contains(reason), "\(reason)")
        }
        #expect(reasons.isSubset(of: Set(RejectReason.all.map(\.rawValue))))
        let sorted = rows.sorted { ($0[0], $0[1], $0[2]) < ($1[0], $1[1], $1[2]) }
        #expect(rows == sorted)
    }

    @Test func defectsScaleWithTheAccountsAndNameRecordsOfThePair() throws {
        let (folder, _) = try Self.write(accounts: 40, seed: 7, defects: true)
        let rows = try Self.rejectLines(folder).dropFirst().dropLast().map {
            $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        }
        func keys(_ flow: String, _ reason: String) -> [String] { rows.filter { $0[0] == flow && $0[2] == reason }.map { $0[1] } }
        // Two of each kind for 40 accounts.
        for (flow, reason) in [
            ("accounts", "duplicate-key"), ("accounts", "missing-required"), ("contacts", "orphan-reference"),
            ("quotes", "orphan-reference"),
            ("order-lines-to-fo", "orphan-reference"), ("order-lines-to-sales", "orphan-reference"), ("products", "unmapped-value"),
            ("products", "invalid-value"), ("invoices", "duplicate-key"), ("orders-to-sales", "orphan-reference"),
        ] {
            #expect(keys(flow, reason).count == 2, "\(flow) \(reason)")
        }
        #expect(keys("accounts", "missing-required") == ["", ""])

        let pair = try Pair(folder: folder)
        // Duplicates: the key is written twice, the second after the first.
        let numbers = try pair.values("account", "accountnumber")
        for key in keys("accounts", "duplicate-key") { #expect(numbers.filter { $0 == key }.count == 2, "\(key)") }
        #expect(numbers.filter { $0 == nil }.count == 2)
        let invoices = try pair.column("Externally maintained customer sales invoice headers", "INVOICENUMBER")
        for key in keys("invoices", "duplicate-key") { #expect(invoices.filter { $0 == key }.count == 2, "\(key)") }
        #expect(Set(invoices).count == invoices.count - 2)
        // Products: the bad values, on products no line names.
        let products = try pair.table("Sellable released products")
        let lineProducts = Set(
            try pair.column("CDS sales order lines", "PRODUCTNUMBER")
                + pair.column("Externally maintained customer sales invoice lines", "PRODUCTNUMBER"))
        for (key, column, value) in keys("products", "unmapped-value").map({ ($0, "ISSTOCKEDPRODUCT", "Maybe") })
            + keys("products", "invalid-value").map({ ($0, "SALESPRICE", "12,50") })
        {
            let row = try #require((0..<products.rowCount).first { products.value(row: $0, column: "PRODUCTNUMBER") == key }, "\(key)")
            #expect(products.value(row: row, column: column) == value)
            #expect(!lineProducts.contains(key))
        }
        // Orders of NOBODY-n, lines naming P-NOPE-n.
        let headers = try pair.table("CDS sales order headers")
        for key in keys("orders-to-sales", "orphan-reference") {
            let row = try #require((0..<headers.rowCount).first { headers.value(row: $0, column: "SALESORDERNUMBER") == key }, "\(key)")
            #expect(headers.value(row: row, column: "ORDERINGCUSTOMERACCOUNTNUMBER")?.hasPrefix("NOBODY-") == true)
            #expect(headers.value(row: row, column: "SALESORDERPROCESSINGSTATUS") == "Confirmed")
            #expect(!invoices.contains { $0 == "INV-" + key.dropFirst(3) })
            let lines = keys("order-lines-to-sales", "header-rejected").filter { $0.hasPrefix(key + "/") }
            #expect(!lines.isEmpty)
        }
        #expect(try pair.column("CDS sales order lines", "PRODUCTNUMBER").filter { $0.hasPrefix("P-NOPE-") }.count == 2)
        // Quotes of an unknown customer pass the quotes filter.
        let quotes = try pair.records("quote")
        let accountIDs = Set(try pair.records("account").map(\.id))
        let contactIDs = Set(try pair.records("contact").map(\.id))
        for key in keys("quotes", "orphan-reference") {
            let quote = try #require(quotes.first { $0.field("quotenumber")?.value == key })
            #expect(quote.field("statecode")?.value == "1")
            #expect(quote.field("msdynce_hasexternallymaintainedproductsonly")?.value == "True")
            let customer = try #require(quote.field("customerid")?.value)
            #expect(!accountIDs.contains(customer) && !contactIDs.contains(customer))
            #expect(!keys("quote-lines", "header-rejected").filter { $0.hasPrefix(key + "/") }.isEmpty)
        }
        // Contacts of an unknown account are no active customers.
        let contacts = try pair.records("contact")
        for key in keys("contacts", "orphan-reference") {
            #expect(key.hasSuffix("/"))
            let contact = try #require(contacts.first { $0.field("msdynce_contactnumber")?.value == String(key.dropLast()) })
            #expect(contact.field("msdynce_isactivecustomer")?.value == "False")
            #expect(contact.field("parentcustomerid")?.lookupEntity == "account")
            #expect(!accountIDs.contains(contact.field("parentcustomerid")?.value ?? ""))
        }
    }

    @Test func defectsOnlyAddRecords() throws {
        let (clean, _) = try Self.write(accounts: 40, seed: 7, defects: false)
        let (defective, _) = try Self.write(accounts: 40, seed: 7, defects: true)
        let a = try Pair(folder: clean)
        let b = try Pair(folder: defective)
        #expect(Set(a.fo.keys) == Set(b.fo.keys))
        for (label, table) in a.fo {
            let other = try b.table(label)
            #expect(other.columnNames == table.columnNames)
            #expect(other.rowCount >= table.rowCount)
            for row in 0..<table.rowCount { #expect(other.row(row) == table.row(row), "\(label) row \(row)") }
        }
        for entity in a.sales.data.entities {
            let mine = try a.records(entity.name)
            let theirs = try b.records(entity.name)
            #expect(Array(theirs.prefix(mine.count)) == mine, "\(entity.name)")
        }
    }

    @Test func defectsNeedAFewAccounts() throws {
        let folder = try Fixture.scratchDirectory("airlock-sample")
        #expect(throws: AirlockError.self) {
            try SampleGenerator.write(to: folder, accounts: SampleGenerator.minimumAccountsWithDefects - 1, defects: true)
        }
        let paths = try SampleGenerator.write(to: folder, accounts: SampleGenerator.minimumAccountsWithDefects, seed: 5, defects: true)
        let rows = try Self.rejectLines(folder).dropFirst().dropLast()
        #expect(paths.count == 3)
        #expect(Set(rows.map { $0.split(separator: ",", omittingEmptySubsequences: false)[2] }).count == 6)
    }
}

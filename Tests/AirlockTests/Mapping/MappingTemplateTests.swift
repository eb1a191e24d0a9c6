import AirlockCatalog
import AirlockMapping
import AirlockModel
import Foundation
import Testing

/// The bundled mapping templates: they load, describe every P2C flow, agree with the catalog, survive export and
/// reload, and a malformed copy is reported with its file, line and key.
struct MappingTemplateTests {
    // MARK: Bundled templates

    @Test func bundledTemplatesLoadEveryFlowInOrder() throws {
        let set = try TemplateLoader.bundled()
        #expect(set.templates.map(\.name) == TemplateSet.bundledFlowNames)
        #expect(set.files.first?.name == "value-maps.yaml")
    }

    @Test func everyFlowHasItsDirectionEntitiesAndKeys() throws {
        let set = try TemplateLoader.bundled()
        let expected: [(String, FlowDirection, String, String, [String], [String])] = [
            ("accounts", .salesToFO, "account", "Customers V2", ["accountnumber"], ["CUSTOMERACCOUNT"]),
            (
                "contacts", .salesToFO, "contact", "CDS Contacts", ["msdynce_contactnumber", "parentcustomerid.accountnumber"],
                ["CONTACTPERSONPARTYNUMBER", "ASSOCIATEDPARTYNUMBER"]
            ),
            ("contacts-to-customers", .salesToFO, "contact", "Customers V2", ["msdynce_contactnumber"], ["CUSTOMERACCOUNT"]),
            ("products", .foToSales, "Sellable released products", "product", ["PRODUCTNUMBER"], ["productnumber"]),
            ("quotes", .salesToFO, "quote", "CDS sales quotation header", ["quotenumber"], ["SALESQUOTATIONNUMBER"]),
            (
                "quote-lines", .salesToFO, "quotedetail", "CDS sales quotation lines", ["quoteid.quotenumber", "sequencenumber"],
                ["SALESQUOTATIONNUMBER", "LINECREATIONSEQUENCENUMBER"]
            ),
            ("orders-to-sales", .foToSales, "CDS sales order headers", "salesorder", ["SALESORDERNUMBER"], ["ordernumber"]),
            (
                "order-lines-to-sales", .foToSales, "CDS sales order lines", "salesorderdetail",
                ["SALESORDERNUMBER", "LINECREATIONSEQUENCENUMBER"],
                ["salesorderid.ordernumber", "sequencenumber"]
            ),
            ("orders-to-fo", .salesToFO, "salesorder", "CDS sales order headers", ["ordernumber"], ["SALESORDERNUMBER"]),
            (
                "order-lines-to-fo", .salesToFO, "salesorderdetail", "CDS sales order lines",
                ["salesorderid.ordernumber", "sequencenumber"],
                ["SALESORDERNUMBER", "LINECREATIONSEQUENCENUMBER"]
            ),
            (
                "invoices", .foToSales, "Externally maintained customer sales invoice headers", "invoice", ["INVOICENUMBER"],
                ["invoicenumber"]
            ),
            (
                "invoice-lines", .foToSales, "Externally maintained customer sales invoice lines", "invoicedetail",
                ["INVOICENUMBER", "LINECREATIONSEQUENCENUMBER"], ["invoiceid.invoicenumber", "sequencenumber"]
            ),
        ]
        for (name, direction, source, target, sourceKey, targetKey) in expected {
            let template = try #require(set.template(named: name), "\(name)")
            #expect(template.direction == direction, "\(name)")
            #expect(template.source.entity == source, "\(name)")
            #expect(template.target.entity == target, "\(name)")
            #expect(template.source.key.map(\.description) == sourceKey, "\(name)")
            #expect(template.target.key.map(\.description) == targetKey, "\(name)")
        }
    }

    @Test func lineFlowsHangOffTheirHeaderFlows() throws {
        let set = try TemplateLoader.bundled()
        let lines = [
            "quote-lines": "quotes", "order-lines-to-sales": "orders-to-sales", "order-lines-to-fo": "orders-to-fo",
            "invoice-lines": "invoices",
        ]
        for (line, header) in lines {
            let template = try #require(set.template(named: line))
            #expect(template.parent?.flow == header)
            #expect(template.parent?.onlyIncludedParents == true)
        }
        let order = set.runOrder().map(\.name)
        func position(_ name: String) -> Int { order.firstIndex(of: name) ?? -1 }
        #expect(position("products") < position("quotes"))
        #expect(position("accounts") < position("contacts"))
        #expect(position("quotes") < position("quote-lines"))
        #expect(position("orders-to-sales") < position("invoices"))
        #expect(position("invoices") < position("invoice-lines"))
    }

    @Test func filtersDefaultsAndRulesAreThere() throws {
        let set = try TemplateLoader.bundled()
        let quotes = try #require(set.template(named: "quotes"))
        #expect(quotes.filters.map(\.name) == ["active-quotes-with-external-products-only"])
        let accounts = try #require(set.template(named: "accounts"))
        #expect(accounts.mapping(forTarget: "CUSTOMERGROUPID")?.fixedValue == "10")
        #expect(accounts.mapping(forTarget: "SITEID")?.fixedValue == "1")
        #expect(accounts.mapping(forTarget: "WAREHOUSEID")?.fixedValue == "13")
        #expect(accounts.mapping(forTarget: "LANGUAGEID")?.fixedValue == "en-us")
        #expect(accounts.mapping(forTarget: "PARTYTYPE")?.isInferred == true)
        let country = try #require(accounts.mapping(forTarget: "ADDRESSCOUNTRYREGIONISOCODE"))
        #expect(country.countryForm == .alpha2)
        #expect(country.transforms.contains(.country(.alpha2, unmapped: .reject)))
        #expect(country.defaultValue == "US")
        #expect(accounts.mapping(forTarget: "ADDRESSSTATE")?.subdivisionCountryField?.field == "address1_country")
        #expect(accounts.mapping(forTarget: "SALESCURRENCYCODE")?.defaultSetting?.setting == .defaultCurrency)
        let products = try #require(set.template(named: "products"))
        #expect(products.mapping(forTarget: "defaultuomscheduleid")?.fixedValue == "Default Unit")
        #expect(products.mapping(forTarget: "defaultuomid")?.lookup == [LookupTarget(entity: "uom", keyAttribute: "name")])
        #expect(products.rules.map(\.kind) == [.priceListItem])
        let orders = try #require(set.template(named: "orders-to-sales"))
        #expect(orders.mapping(forTarget: "pricelevelid")?.defaultValue == "CRM Service USA (sample)")
        #expect(
            orders.mapping(forTarget: "customerid")?.targetPath(direction: .foToSales)
                == "customerid.Account(accountnumber).Contact(msdynce_contactnumber)")
        #expect(set.template(named: "order-lines-to-sales")?.rules.map(\.kind) == [.discountPerUnit, .freightTaxLine])
        #expect(set.template(named: "order-lines-to-fo")?.rules.map(\.kind) == [.discountPerUnit])
        #expect(set.template(named: "invoices")?.rules.map(\.kind) == [.invoicedOrderStatus])
        let date = try #require(set.template(named: "invoices")?.mapping(forTarget: "msdynce_invoicedate"))
        #expect(date.transforms.contains(.dateFormat(from: .auto, to: .iso8601)))
        #expect(!set.inferredSettings().isEmpty)
    }

    // MARK: Value maps

    @Test func countryStepsAndMapsCoverTheSampleCountries() throws {
        let set = try TemplateLoader.bundled()
        let country = try #require(set.template(named: "accounts")?.mapping(forTarget: "ADDRESSCOUNTRYREGIONISOCODE"))
        let toName = try #require(set.valueMap(named: "country-code-to-name"))
        let sample = [
            "United States": "US", "Switzerland": "CH", "France": "FR", "Germany": "DE", "Spain": "ES", "Japan": "JP", "Brazil": "BR",
        ]
        for (name, code) in sample {
            #expect(country.applyTransforms(to: name, valueMap: nil) == .value(code), "\(name)")
            #expect(country.applyTransforms(to: " \(name.uppercased()) ", valueMap: nil) == .value(code), "case and blanks")
            #expect(toName.value(for: code) == name, "\(code)")
        }
        for (text, code) in ["U.K.": "GB", "Nederland": "NL", "USA": "US", "Deutschland": "DE", "gbr": "GB"] {
            #expect(country.applyTransforms(to: text, valueMap: nil) == .value(code), "\(text)")
        }
        // A blank country is the default's on a record with an address, and nothing on one without (`onlyWith`).
        #expect(country.applyTransforms(to: "", valueMap: nil, otherFields: { $0 == "address1_city" ? "Boston" : nil }) == .value("US"))
        #expect(country.applyTransforms(to: "", valueMap: nil) == .value(nil))
        guard case .unmapped(let kept, let message) = country.applyTransforms(to: "Atlantis", valueMap: nil) else {
            Issue.record("an unknown country is written")
            return
        }
        #expect(kept == "Atlantis")
        #expect(message.contains("--country 'Atlantis=CODE'"))
        // A name settled by hand (`--country`) comes first.
        let settled = set.applying(TemplateRunSettings(countries: [TextFolding.fold("Atlantis"): "GR"]))
        let settledCountry = try #require(settled.template(named: "accounts")?.mapping(forTarget: "ADDRESSCOUNTRYREGIONISOCODE"))
        #expect(settledCountry.applyTransforms(to: "ATLANTIS", valueMap: nil) == .value("GR"))
        #expect(toName.value(for: "USA") == "United States")
    }

    @Test func stateStepsReadTheRecordsCountry() throws {
        let set = try TemplateLoader.bundled()
        let state = try #require(set.template(named: "accounts")?.mapping(forTarget: "ADDRESSSTATE"))
        #expect(state.applyTransforms(to: "New York", valueMap: nil, country: "US") == .value("NY"))
        #expect(state.applyTransforms(to: "Île-de-France", valueMap: nil, country: "FR") == .value("IDF"))
        #expect(state.applyTransforms(to: "Hamilton", valueMap: nil, country: "NZ") == .value("Hamilton"))
        #expect(state.applyTransforms(to: "Texas", valueMap: nil, country: nil) == .value("Texas"))
    }

    @Test func aDefaultSettingTakesTheRunsValue() throws {
        let set = try TemplateLoader.bundled()
        let currency = try #require(set.template(named: "accounts")?.mapping(forTarget: "SALESCURRENCYCODE"))
        #expect(currency.defaultValue == nil)
        #expect(currency.applyTransforms(to: nil, valueMap: nil) == .value(nil))
        #expect(set.unsetSettings(TemplateRunSettings())[.defaultCurrency]?.map(\.flow).contains("accounts") == true)
        let given = set.applying(TemplateRunSettings(values: [.defaultCurrency: "EUR"]))
        let settled = try #require(given.template(named: "accounts")?.mapping(forTarget: "SALESCURRENCYCODE"))
        #expect(settled.defaultValue == "EUR")
        #expect(settled.applyTransforms(to: nil, valueMap: nil) == .value("EUR"))
        #expect(settled.applyTransforms(to: "USD", valueMap: nil) == .value("USD"))
        #expect(given.unsetSettings(TemplateRunSettings(values: [.defaultCurrency: "EUR"])).isEmpty)
    }

    @Test func unitMapsCoverTheSampleUnits() throws {
        let set = try TemplateLoader.bundled()
        let toSymbol = try #require(set.valueMap(named: "unit-name-to-symbol"))
        let toName = try #require(set.valueMap(named: "unit-symbol-to-name"))
        for (symbol, name) in ["ea": "Each", "pcs": "Pieces", "kg": "Kilogram", "h": "Hour", "m": "Meter"] {
            #expect(toSymbol.value(for: name) == symbol)
            #expect(toName.value(for: symbol) == name)
        }
    }

    @Test func statusAndFlagMapsHaveTheirPairs() throws {
        let set = try TemplateLoader.bundled()
        #expect(set.valueMap(named: "product-type-to-code")?.value(for: "Service") == "3")
        #expect(set.valueMap(named: "noyes-to-boolean")?.value(for: "Yes") == "True")
        #expect(set.valueMap(named: "boolean-to-noyes-inverted")?.value(for: "True") == "No")
        #expect(set.valueMap(named: "state-to-is-inactive")?.value(for: "1") == "Yes")
        #expect(set.valueMap(named: "gender-to-fo")?.value(for: "2") == "Female")
        #expect(set.valueMap(named: "marital-status-to-fo")?.value(for: "4") == "Widowhood")
        #expect(set.valueMap(named: "currency-to-price-list")?.value(for: "usd") == "CRM Service USA (sample)")
        let status = try #require(set.valueMap(named: "processing-status-to-option"))
        let symbols = [
            "Active", "Confirmed", "Picked", "PartiallyDelivered", "Delivered", "Invoiced", "PartiallyInvoiced", "Canceled",
            "DeliveredPartiallyInvoiced",
        ]
        for symbol in symbols { #expect(status.value(for: symbol) != nil, "\(symbol)") }
    }

    // MARK: Export and edited copies

    @Test func exportThenLoadEqualsBundled() throws {
        let folder = try Fixture.scratchDirectory("airlock-templates")
        let written = try TemplateExporter.export(to: folder)
        #expect(written.count == 13)
        let loaded = try TemplateLoader.load(directory: folder)
        let bundled = try TemplateLoader.bundled()
        #expect(loaded.templates == bundled.templates)
        #expect(loaded.valueMaps == bundled.valueMaps)
        #expect(loaded.files.map(\.text) == bundled.files.map(\.text))
    }

    @Test func exportRefusesToOverwriteWithoutForce() throws {
        let folder = try Fixture.scratchDirectory("airlock-templates")
        try TemplateExporter.export(to: folder)
        let path = folder + "/accounts.yaml"
        try Data("edited".utf8).write(to: URL(fileURLWithPath: path))
        #expect(throws: AirlockError.self) { try TemplateExporter.export(to: folder) }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "edited")
        try TemplateExporter.export(to: folder, overwrite: true)
        #expect(try String(contentsOfFile: path, encoding: .utf8) != "edited")
    }

    @Test func anEditedCopyOverridesTheBundledOne() throws {
        let folder = try Fixture.scratchDirectory("airlock-templates")
        let bundled = try #require(try TemplateLoader.bundled().file(named: "accounts"))
        let edited = bundled.text.replacingOccurrences(of: "default: \"10\"", with: "default: \"20\"")
        #expect(edited != bundled.text)
        try Data(edited.utf8).write(to: URL(fileURLWithPath: folder + "/accounts.yaml"))
        let set = try TemplateLoader.load(directory: folder)
        #expect(set.template(named: "accounts")?.mapping(forTarget: "CUSTOMERGROUPID")?.fixedValue == "20")
        #expect(set.template(named: "products") == (try TemplateLoader.bundled().template(named: "products")))
        #expect(set.templates.count == 12)
    }

    // MARK: Malformed templates

    /// Loads a folder holding `accounts.yaml` (or `file`) with `text`; returns the error.
    private func loadError(_ text: String, file: String = "accounts.yaml") throws -> AirlockError {
        let folder = try Fixture.scratchDirectory("airlock-templates")
        try Data(text.utf8).write(to: URL(fileURLWithPath: folder + "/" + file))
        do {
            _ = try TemplateLoader.load(directory: folder)
        } catch let error as AirlockError {
            return error
        }
        Issue.record("no error for \(file)")
        return AirlockError(.io, "none")
    }

    private func accountsText(replacing old: String, with new: String) throws -> String {
        let text = try #require(try TemplateLoader.bundled().file(named: "accounts")).text
        #expect(text.contains(old), "the fixture edit must apply")
        return text.replacingOccurrences(of: old, with: new)
    }

    /// The 1-based line of the first occurrence of `needle`.
    private func line(of needle: String, in text: String) -> Int? {
        text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains(needle) }.map { $0 + 1 }
    }

    @Test func unknownKeyNamesFileLineAndKey() throws {
        let text = try accountsText(replacing: "{row: 1, from: creditlimit,", with: "{row: 1, form: creditlimit,")
        let error = try loadError(text)
        #expect(error.code == .invalidTemplate)
        #expect(error.location.file?.hasSuffix("accounts.yaml") == true)
        #expect(error.location.line == line(of: "form: creditlimit", in: text))
        #expect(error.location.column != nil)
        #expect(error.location.field == "fields[0].form")
        #expect(error.message.contains("unknown key 'form'"))
    }

    @Test func unknownValueMapIsReported() throws {
        let text = try accountsText(
            replacing:
                "country: alpha2\n    unmapped: reject\n    fallback: address2_country\n    default: US",
            with: "valueMap: country-names\n    unmapped: keep\n    fallback: address2_country\n    default: US")
        let error = try loadError(text)
        #expect(error.location.line == line(of: "valueMap: country-names", in: text))
        #expect(error.location.field == "fields[7].valueMap")
        #expect(error.message.contains("unknown value map 'country-names'"))
    }

    @Test func wrongTypeIsReported() throws {
        let text = try accountsText(replacing: "{row: 3, from: fax,", with: "{row: three, from: fax,")
        let error = try loadError(text)
        #expect(error.location.line == line(of: "row: three", in: text))
        #expect(error.location.field == "fields[2].row")
        #expect(error.message.contains("whole number"))
    }

    @Test func unknownRuleIsReported() throws {
        let text = try #require(try TemplateLoader.bundled().file(named: "invoices")).text
            .replacingOccurrences(of: "rule: invoiced-order-status", with: "rule: invoiced-status")
        let error = try loadError(text, file: "invoices.yaml")
        #expect(error.location.file?.hasSuffix("invoices.yaml") == true)
        #expect(error.location.line == line(of: "rule: invoiced-status", in: text))
        #expect(error.location.field == "rules[0].rule")
        #expect(error.message.contains("unknown special rule"))
    }

    @Test func filterOnAFieldTheTemplateDoesNotReadIsReported() throws {
        let text = try #require(try TemplateLoader.bundled().file(named: "quotes")).text
            .replacingOccurrences(of: "{field: statecode, operator: equals", with: "{field: statuscode, operator: equals")
        let error = try loadError(text, file: "quotes.yaml")
        #expect(error.location.line == line(of: "field: statuscode", in: text))
        #expect(error.location.field == "filters[0].all[0].field")
        #expect(
            error.message.contains("does not read statuscode") || error.message.contains("statuscode, which the template does not read"))
    }

    @Test func invalidYAMLAndDuplicateKeysAreReported() throws {
        let broken = try loadError("name: accounts\nsource: [unclosed\n")
        #expect(broken.code == .invalidTemplate)
        #expect(broken.location.line != nil)
        #expect(broken.message.hasPrefix("not valid YAML"))
        let duplicate = try loadError("name: accounts\nname: again\n")
        #expect(duplicate.message.contains("duplicate key"))
    }

    @Test func unknownParentAndFlowNameMismatchAreReported() throws {
        let lines = try #require(try TemplateLoader.bundled().file(named: "quote-lines")).text
        let parent = try loadError(lines.replacingOccurrences(of: "flow: quotes", with: "flow: quotations"), file: "quote-lines.yaml")
        #expect(parent.location.field == "parent.flow")
        #expect(parent.message.contains("unknown parent flow"))
        let renamed = try loadError(lines, file: "lines.yaml")
        #expect(renamed.location.field == "name")
        #expect(renamed.message.contains("lines.yaml"))
    }

    @Test func malformedValueMapsAreReported() throws {
        let error = try loadError("valueMaps:\n  broken:\n    source: doc\n    entries:\n      A: x\n      a: y\n", file: "value-maps.yaml")
        #expect(error.location.file?.hasSuffix("value-maps.yaml") == true)
        #expect(error.location.line == 6)
        #expect(error.message.contains("twice"))
    }

    // MARK: Catalog

    @Test func everyTemplateFieldIsInTheCatalog() throws {
        let problems = TemplateCatalogCheck.problems(in: try TemplateLoader.bundled(), catalog: try SchemaCatalogLoader.bundled())
        #expect(problems.isEmpty, "\(problems.map(\.description).joined(separator: "\n"))")
    }

    @Test func catalogCheckReportsAnUnknownField() throws {
        let folder = try Fixture.scratchDirectory("airlock-templates")
        let text = try accountsText(replacing: "to: CREDITLIMIT,", with: "to: CREDITLIMT,")
        try Data(text.utf8).write(to: URL(fileURLWithPath: folder + "/accounts.yaml"))
        let problems = TemplateCatalogCheck.problems(
            in: try TemplateLoader.load(directory: folder), catalog: try SchemaCatalogLoader.bundled())
        #expect(problems.count == 1)
        #expect(problems.first?.location.line == line(of: "CREDITLIMT", in: text))
        #expect(problems.first?.message.contains("CREDITLIMT is not a field of Customers V2") == true)
    }

    @Test func catalogCheckReportsAValueTheOptionSetLacks() throws {
        // The processing status values a guess once numbered from 192350000; the solution's are 647390000-647390011.
        let folder = try Fixture.scratchDirectory("airlock-templates")
        let maps = try #require(try TemplateLoader.bundled().file(named: "value-maps")).text
        #expect(maps.contains("value: \"647390007\""))
        try Data(maps.replacingOccurrences(of: "value: \"647390007\"", with: "value: \"192350008\"").utf8)
            .write(to: URL(fileURLWithPath: folder + "/value-maps.yaml"))
        let problems = TemplateCatalogCheck.problems(
            in: try TemplateLoader.load(directory: folder), catalog: try SchemaCatalogLoader.bundled())
        #expect(problems.count == 1)
        let problem = try #require(problems.first)
        #expect(problem.location.field == "msdynce_processingstatus" && problem.location.entity == "orders-to-sales")
        #expect(problem.message.contains("'192350008'") && problem.message.contains("not an option of msdynce_processingstatus"))
    }

    @Test func catalogCheckReportsAConstantOutsideAFixedSet() throws {
        let folder = try Fixture.scratchDirectory("airlock-templates")
        let text = try accountsText(replacing: "constant: Organization", with: "constant: Company")
        try Data(text.utf8).write(to: URL(fileURLWithPath: folder + "/accounts.yaml"))
        let problems = TemplateCatalogCheck.problems(
            in: try TemplateLoader.load(directory: folder), catalog: try SchemaCatalogLoader.bundled())
        #expect(problems.map(\.message) == ["the constant 'Company' for PARTYTYPE: PARTYTYPE takes one of: Organization, Person"])
    }

    // MARK: The command

    @Test func templatesListAndShowThroughTheCommand() throws {
        let result = try AirlockRunner.run(["templates", "list"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 12)
        #expect(lines.first?.hasPrefix("accounts ") == true)
        #expect(lines.first?.contains("sales-to-fo  account → Customers V2") == true)
        #expect(lines.contains { $0.hasPrefix("invoice-lines") && $0.contains("fo-to-sales") })
        let show = try AirlockRunner.run(["templates", "show", "products"])
        #expect(show.status == 0)
        #expect(show.stdout == (try TemplateLoader.bundled().file(named: "products")?.text))
        let missing = try AirlockRunner.run(["templates", "show", "nope"])
        #expect(missing.status == 2)
    }
}

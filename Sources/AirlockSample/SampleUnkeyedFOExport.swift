import AirlockIO
import AirlockModel
import AirlockPackages

/// The F&O side of an unkeyed pair: Customers V2 (organisations, their second accounts, person customers), CDS
/// Contacts or Contacts V2 (the organisations' contact persons) and Sellable released products, as a data management
/// package written the way the sample's is (`FOPackageWriter`, customers CSV-Unicode, contacts and products CSV).
/// Each file has the columns below, then, in alphabetical order, the details the sample fills and every other column
/// the standard template set reads or writes on its entity (`FOExportColumns`, what `convert` looks for), those the
/// world has no value for empty; the records are streamed into the zip in a shuffled order, never held whole.
struct SampleUnkeyedFOExport {
    let world: SampleUnkeyedWorld
    /// The entity the contact persons are written in.
    var contacts = SampleUnkeyedContactEntity.cdsContacts
    /// Per entity label, the columns the standard template set needs (`FOExportColumns.needed(by:catalog:)`).
    let neededColumns: [String: [String]]

    static let customerColumns = [
        "CUSTOMERACCOUNT", "DATAAREAID", "PARTYTYPE", "ORGANIZATIONNAME", "PERSONFIRSTNAME", "PERSONLASTNAME", "ADDRESSSTREET",
        "ADDRESSZIPCODE", "ADDRESSCITY", "ADDRESSCOUNTRYREGIONISOCODE", "TAXEXEMPTNUMBER", "PRIMARYCONTACTEMAIL", "PRIMARYCONTACTPHONE",
        "PRIMARYCONTACTURL", "CUSTOMERGROUPID", "SALESCURRENCYCODE", "PARTYNUMBER",
    ]
    /// The customers' details the sample fills, which the templates write: an update keeps the customer's own.
    static let customerDetails = [
        "ADDRESSDESCRIPTION", "ADDRESSLOCATIONROLES", "ISEXTERNALLYMAINTAINED", "LANGUAGEID", "SITEID", "WAREHOUSEID",
    ]
    static let productColumns = [
        "PRODUCTNUMBER", "DATAAREAID", "PRODUCTNAME", "SALESUNITSYMBOL", "INVENTORYUNITSYMBOL", "PRODUCTTYPE", "CURRENCYCODE",
    ]
    /// The products' details the sample fills, which the products flow reads.
    static let productDetails = ["ISSTOCKEDPRODUCT", "SALESPRICE", "SALESUNITDECIMALPRECISION", "UNITCOST"]

    /// The site and warehouse of every customer: those the accounts template gives a customer it creates (rows 19
    /// and 20), so that they are ones the legal entity holds.
    static let site = "1"
    static let warehouse = "13"

    /// The entity files: label, AOT name, columns, encoding, in import order.
    var files: [(label: String, technicalName: String, columns: [String], encoding: TextEncoding)] {
        [
            (
                "Customers V2", "CustCustomerV2Entity", columns("Customers V2", own: Self.customerColumns, details: Self.customerDetails),
                .utf16LE
            ),
            (
                contacts.label, contacts.technicalName, columns(contacts.label, own: contacts.columns, details: contacts.details),
                .utf8BOM
            ),
            (
                "Sellable released products", "EcoResSellableReleasedProductEntity",
                columns("Sellable released products", own: Self.productColumns, details: Self.productDetails), .utf8BOM
            ),
        ]
    }

    /// The columns of entity `label`: `own`, then `details` and the columns the template set needs there that `own`
    /// lacks, in alphabetical order.
    private func columns(_ label: String, own: [String], details: [String]) -> [String] {
        var seen = Set(own.map { $0.uppercased() })
        let added = (details + (neededColumns[label] ?? [])).filter { seen.insert($0.uppercased()).inserted }
        return own + added.sorted()
    }

    /// Writes the package to `path`.
    func write(to path: String) throws {
        let files = files
        var lines = files.map { file in
            FOManifestLineBuilder.line(
                label: file.label, technicalName: file.technicalName, columns: file.columns,
                sourceFormat: file.encoding.isUTF16 ? "CSV-Unicode" : "CSV")
        }
        FOExecutionOrder.assign(&lines)
        let manifest = FOManifest(
            definitionGroupName: "Airlock unkeyed sample", description: "Airlock unkeyed sample export (\(world.company))",
            entities: lines, projectCategory: 0, hasRulesData: true)
        try FOPackageWriter.write(
            header: FOPackageHeader(description: "Airlock unkeyed sample"), manifest: manifest, entities: lines, to: path
        ) { index, sink in
            let file = files[index]
            let csv = CSVWriter(try TextEncodingWriter(sink: sink, encoding: file.encoding))
            try csv.writeRecord(file.columns)
            var row = SampleRowBuilder(columns: file.columns)
            switch index {
            case 0: try writeCustomers(csv, &row)
            case 1: try writeContacts(csv, &row)
            default: try writeProducts(csv, &row)
            }
            try csv.flush()
        }
    }

    // MARK: customers

    /// What a customer code names (`index * 4 + kind`).
    private enum CustomerKind: Int {
        case organisation, duplicate, person
    }

    private func writeCustomers(_ csv: CSVWriter, _ row: inout SampleRowBuilder) throws {
        var codes: [Int] = []
        codes.reserveCapacity(world.organisations.count + world.persons.count)
        for (index, plan) in world.organisations.enumerated() where plan.sides.contains(.fo) {
            codes.append(index * 4 + CustomerKind.organisation.rawValue)
            if plan.hasFODuplicate { codes.append(index * 4 + CustomerKind.duplicate.rawValue) }
        }
        for index in world.persons.indices { codes.append(index * 4 + CustomerKind.person.rawValue) }
        for code in world.shuffled(codes, label: 1) {
            let index = code / 4
            switch CustomerKind(rawValue: code % 4) {
            case .organisation: organisation(index, &row)
            case .duplicate: duplicate(index, &row)
            default: person(index, &row)
            }
            try csv.writeRecord(row.take())
        }
    }

    /// Sets what every customer of `country` holds: the company, the customer group, the currency, site, warehouse
    /// and language, F&O's own (not externally maintained), and its account as its party number.
    private func customer(_ account: String, country: SampleUnkeyedCountry, _ row: inout SampleRowBuilder) {
        row.set([
            "CUSTOMERACCOUNT": account, "DATAAREAID": world.company, "CUSTOMERGROUPID": "10", "SALESCURRENCYCODE": country.currency,
            "PARTYNUMBER": account, "ISEXTERNALLYMAINTAINED": "No", "LANGUAGEID": country.languageID, "SITEID": Self.site,
            "WAREHOUSEID": Self.warehouse,
        ])
    }

    /// Sets the customer record of organisation `index`, as F&O holds it.
    private func organisation(_ index: Int, _ row: inout SampleRowBuilder) {
        let company = world.organisation(index)
        let missing = company.missingInFO
        let address = company.address
        customer(world.customerAccount(world.organisations[index].customerNumber), country: company.country, &row)
        row.set([
            "PARTYTYPE": "Organization", "ORGANIZATIONNAME": company.name, "ADDRESSSTREET": address.street.text,
            "ADDRESSZIPCODE": missing.contains(.postcode) ? "" : address.postcode,
            "ADDRESSCITY": missing.contains(.city) ? "" : address.city.name, "ADDRESSCOUNTRYREGIONISOCODE": company.country.isoCode,
            "TAXEXEMPTNUMBER": missing.contains(.vat) ? "" : company.vat,
            "PRIMARYCONTACTEMAIL": missing.contains(.email) ? "" : company.email,
            "PRIMARYCONTACTPHONE": missing.contains(.phone) ? "" : company.phone.text(company.phoneStyle),
            "PRIMARYCONTACTURL": missing.contains(.website) ? "" : company.website, "ADDRESSDESCRIPTION": company.name,
            "ADDRESSLOCATIONROLES": "Business",
        ])
    }

    /// Sets the second customer account of organisation `index`: keyed again by someone else, with the noise of a copy.
    private func duplicate(_ index: Int, _ row: inout SampleRowBuilder) {
        let company = world.organisation(index)
        let missing = company.missingInFO
        var noise = world.noise(.foDuplicateNoise, index)
        let name = noise.organisationName(company)
        let (line1, line2) = noise.streetLines(company.address.street)
        let postcode = noise.postcode(company.address.postcode, country: company.country)
        let city = noise.city(company.address.city)
        let phone = noise.phone(company.phone, style: company.phoneStyle)
        let email = noise.email(company.email)
        let vat = noise.vat(company.vat, country: company.country)
        let website = noise.website(company.website, domain: company.domain)
        customer(world.customerAccount(world.organisations[index].duplicateNumber), country: company.country, &row)
        row.set([
            "PARTYTYPE": "Organization", "ORGANIZATIONNAME": name, "ADDRESSSTREET": line2.isEmpty ? line1 : line1 + "\n" + line2,
            "ADDRESSZIPCODE": missing.contains(.postcode) ? "" : postcode, "ADDRESSCITY": missing.contains(.city) ? "" : city,
            "ADDRESSCOUNTRYREGIONISOCODE": company.country.isoCode, "TAXEXEMPTNUMBER": missing.contains(.vat) ? "" : vat,
            "PRIMARYCONTACTEMAIL": missing.contains(.email) ? "" : email, "PRIMARYCONTACTPHONE": missing.contains(.phone) ? "" : phone,
            "PRIMARYCONTACTURL": missing.contains(.website) ? "" : website, "ADDRESSDESCRIPTION": name, "ADDRESSLOCATIONROLES": "Business",
        ])
    }

    /// Sets the customer record of person customer `index`.
    private func person(_ index: Int, _ row: inout SampleRowBuilder) {
        let (person, address) = world.personCustomer(index)
        let missing = person.missingInFO
        let names = person.foNames
        customer(world.customerAccount(world.persons[index].customerNumber), country: address.country, &row)
        row.set([
            "PARTYTYPE": "Person", "PERSONFIRSTNAME": names.first, "PERSONLASTNAME": names.last, "ADDRESSSTREET": address.street.text,
            "ADDRESSZIPCODE": address.postcode, "ADDRESSCITY": address.city.name, "ADDRESSCOUNTRYREGIONISOCODE": address.country.isoCode,
            "PRIMARYCONTACTEMAIL": missing.contains(.email) ? "" : person.email,
            "PRIMARYCONTACTPHONE": missing.contains(.phone) ? "" : person.phone.text(person.phoneStyle),
            "ADDRESSDESCRIPTION": names.first + " " + names.last, "ADDRESSLOCATIONROLES": "Home",
        ])
    }

    // MARK: contacts and products

    private func writeContacts(_ csv: CSVWriter, _ row: inout SampleRowBuilder) throws {
        var codes: [Int] = []
        codes.reserveCapacity(world.organisations.count + world.organisations.count / 4)
        for (index, plan) in world.organisations.enumerated() {
            for slot in 0..<Int(plan.contactCount) where plan.sides(ofContact: slot).contains(.fo) { codes.append(index * 4 + slot) }
        }
        for code in world.shuffled(codes, label: 2) {
            let index = code / 4
            let slot = code % 4
            let company = world.organisation(index)
            let person = world.contact(index, slot: slot, of: company)
            let names = person.foNames
            let missing = person.missingInFO
            let partyNumber = world.contactPersonNumber(index, slot: slot)
            row.set([
                "CONTACTPERSONPARTYNUMBER": partyNumber,
                "ASSOCIATEDPARTYNUMBER": world.customerAccount(world.organisations[index].customerNumber), "FIRSTNAME": names.first,
                "LASTNAME": names.last, "PRIMARYEMAILADDRESS": missing.contains(.email) ? "" : person.email,
                "PRIMARYPHONENUMBER": missing.contains(.phone) ? "" : person.phone.text(person.phoneStyle),
            ])
            switch contacts {
            case .cdsContacts:
                // A person in F&O's own records: active, taking mail, its marital status not recorded.
                row.set([
                    "DATAAREAID": world.company, "CONTACTPERSONPARTYTYPE": "Person", "GENDER": person.gender,
                    "ISCONTACTPERSONEXTERNALLYMAINTAINED": "No", "ISINACTIVE": "No", "ISRECEIVINGDIRECTMAIL": "Yes",
                    "MARITALSTATUS": "None",
                ])
            case .contactsV2:
                row.set("CONTACTPERSONID", "CT" + partyNumber.dropFirst(2))
            }
            try csv.writeRecord(row.take())
        }
    }

    private func writeProducts(_ csv: CSVWriter, _ row: inout SampleRowBuilder) throws {
        let codes = world.products.indices.filter { world.products[$0].contains(.fo) }
        for index in world.shuffled(codes, label: 3) {
            let product = world.product(index)
            row.set([
                "PRODUCTNUMBER": product.number, "DATAAREAID": world.company, "PRODUCTNAME": product.name, "SALESUNITSYMBOL": product.unit,
                "INVENTORYUNITSYMBOL": product.inventoryUnit, "PRODUCTTYPE": product.isService ? "Service" : "Item", "CURRENCYCODE": "EUR",
                "ISSTOCKEDPRODUCT": product.isService ? "No" : "Yes", "SALESPRICE": "\(product.price).00",
                "SALESUNITDECIMALPRECISION": String(product.unitDecimals), "UNITCOST": "\(product.cost).00",
            ])
            try csv.writeRecord(row.take())
        }
    }
}

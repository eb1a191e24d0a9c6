import AirlockIO
import AirlockModel
import AirlockPackages

/// The F&O side of an unkeyed pair: Customers V2 (organisations, their second accounts, person customers), CDS
/// Contacts or Contacts V2 (the organisations' contact persons) and Sellable released products, as a data management
/// package written the way the sample's is (`FOPackageWriter`, customers CSV-Unicode, contacts and products CSV).
/// Each file has exactly the columns below; the records are streamed into the zip in a shuffled order, never held
/// whole.
struct SampleUnkeyedFOExport {
    let world: SampleUnkeyedWorld
    /// The entity the contact persons are written in.
    var contacts = SampleUnkeyedContactEntity.cdsContacts

    static let customerColumns = [
        "CUSTOMERACCOUNT", "DATAAREAID", "PARTYTYPE", "ORGANIZATIONNAME", "PERSONFIRSTNAME", "PERSONLASTNAME", "ADDRESSSTREET",
        "ADDRESSZIPCODE", "ADDRESSCITY", "ADDRESSCOUNTRYREGIONISOCODE", "TAXEXEMPTNUMBER", "PRIMARYCONTACTEMAIL", "PRIMARYCONTACTPHONE",
        "PRIMARYCONTACTURL", "CUSTOMERGROUPID", "SALESCURRENCYCODE", "PARTYNUMBER",
    ]
    static let productColumns = [
        "PRODUCTNUMBER", "DATAAREAID", "PRODUCTNAME", "SALESUNITSYMBOL", "INVENTORYUNITSYMBOL", "PRODUCTTYPE", "CURRENCYCODE",
    ]

    /// The entity files: label, AOT name, columns, encoding, in import order.
    var files: [(label: String, technicalName: String, columns: [String], encoding: TextEncoding)] {
        [
            ("Customers V2", "CustCustomerV2Entity", Self.customerColumns, .utf16LE),
            (contacts.label, contacts.technicalName, contacts.columns, .utf8BOM),
            ("Sellable released products", "EcoResSellableReleasedProductEntity", Self.productColumns, .utf8BOM),
        ]
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
            switch index {
            case 0: try writeCustomers(csv)
            case 1: try writeContacts(csv)
            default: try writeProducts(csv)
            }
            try csv.flush()
        }
    }

    // MARK: customers

    /// What a customer code names (`index * 4 + kind`).
    private enum CustomerKind: Int {
        case organisation, duplicate, person
    }

    private func writeCustomers(_ csv: CSVWriter) throws {
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
            case .organisation: try csv.writeRecord(organisation(index))
            case .duplicate: try csv.writeRecord(duplicate(index))
            default: try csv.writeRecord(person(index))
            }
        }
    }

    /// The customer record of organisation `index`, as F&O holds it.
    private func organisation(_ index: Int) -> [String] {
        let company = world.organisation(index)
        let missing = company.missingInFO
        let address = company.address
        let account = world.customerAccount(world.organisations[index].customerNumber)
        return [
            account, world.company, "Organization", company.name, "", "",
            address.street.text, missing.contains(.postcode) ? "" : address.postcode, missing.contains(.city) ? "" : address.city.name,
            company.country.isoCode, missing.contains(.vat) ? "" : company.vat, missing.contains(.email) ? "" : company.email,
            missing.contains(.phone) ? "" : company.phone.text(company.phoneStyle), missing.contains(.website) ? "" : company.website, "10",
            company.country.currency, account,
        ]
    }

    /// The second customer account of organisation `index`: keyed again by someone else, with the noise of a copy.
    private func duplicate(_ index: Int) -> [String] {
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
        let account = world.customerAccount(world.organisations[index].duplicateNumber)
        return [
            account, world.company, "Organization", name, "", "",
            line2.isEmpty ? line1 : line1 + "\n" + line2, missing.contains(.postcode) ? "" : postcode, missing.contains(.city) ? "" : city,
            company.country.isoCode, missing.contains(.vat) ? "" : vat, missing.contains(.email) ? "" : email,
            missing.contains(.phone) ? "" : phone, missing.contains(.website) ? "" : website, "10", company.country.currency, account,
        ]
    }

    /// The customer record of person customer `index`.
    private func person(_ index: Int) -> [String] {
        let (person, address) = world.personCustomer(index)
        let missing = person.missingInFO
        let names = person.foNames
        let account = world.customerAccount(world.persons[index].customerNumber)
        return [
            account, world.company, "Person", "", names.first, names.last,
            address.street.text, address.postcode, address.city.name, address.country.isoCode, "",
            missing.contains(.email) ? "" : person.email, missing.contains(.phone) ? "" : person.phone.text(person.phoneStyle), "", "10",
            address.country.currency, account,
        ]
    }

    // MARK: contacts and products

    private func writeContacts(_ csv: CSVWriter) throws {
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
            let parent = world.customerAccount(world.organisations[index].customerNumber)
            let email = missing.contains(.email) ? "" : person.email
            let phone = missing.contains(.phone) ? "" : person.phone.text(person.phoneStyle)
            switch contacts {
            case .cdsContacts:
                try csv.writeRecord([partyNumber, parent, world.company, names.first, names.last, email, phone])
            case .contactsV2:
                try csv.writeRecord(["CT" + partyNumber.dropFirst(2), partyNumber, parent, names.first, names.last, email, phone])
            }
        }
    }

    private func writeProducts(_ csv: CSVWriter) throws {
        let codes = world.products.indices.filter { world.products[$0].contains(.fo) }
        for index in world.shuffled(codes, label: 3) {
            let product = world.product(index)
            try csv.writeRecord([
                product.number, world.company, product.name, product.unit, product.inventoryUnit, product.unit == "h" ? "Service" : "Item",
                "EUR",
            ])
        }
    }
}

import AirlockCatalog
import AirlockIO
import AirlockModel
import AirlockPackages

/// The Sales side of an unkeyed pair: currencies, the unit group and its units, price lists, accounts, contacts and
/// products as a Configuration Migration package (`data_schema.xml`, `data.xml`, `[Content_Types].xml`, as the
/// sample writes them), each account, contact and product the noisy copy of a thing of the world
/// (`SampleUnkeyedNoise`) that shares no key with F&O. The schema declares the fields below with the types, display
/// names, lookup targets and natural keys the bundled catalog gives. Each entity's records are built a chunk at a
/// time, in a shuffled order, and written as they are built.
struct SampleUnkeyedSalesExport {
    let world: SampleUnkeyedWorld

    /// The fields of each entity (after its id), in import order.
    static let entities: [(name: String, fields: [String])] = [
        ("transactioncurrency", ["currencyname", "isocurrencycode"]),
        ("uomschedule", ["name"]),
        ("uom", ["name"]),
        ("pricelevel", ["name", "statecode", "transactioncurrencyid"]),
        (
            "account",
            [
                "name", "accountnumber", "address1_line1", "address1_line2", "address1_postalcode", "address1_city", "address1_country",
                "telephone1", "emailaddress1", "websiteurl", "msdyn_taxexemptnumber", "transactioncurrencyid",
            ]
        ),
        (
            "contact",
            [
                "firstname", "lastname", "emailaddress1", "telephone1", "mobilephone", "parentcustomerid", "msdynce_contactnumber",
                "msdynce_isactivecustomer", "transactioncurrencyid",
            ]
        ),
        ("product", ["productnumber", "name", "defaultuomid"]),
    ]

    /// How many records are built before they are written.
    static let chunkSize = 8_192

    /// The schema: each entity and field as the bundled catalog has it.
    /// - Throws: `AirlockError` when the catalog cannot be loaded or lacks an entity or field.
    static func schema() throws -> CMTSchema {
        let catalog = try SchemaCatalogLoader.bundled()
        var schemaEntities: [CMTSchemaEntity] = []
        for (name, fieldNames) in entities {
            guard let entity = catalog.salesEntity(named: name) else {
                throw AirlockError(.invalidCatalog, "the bundled catalog has no Sales entity \(name)")
            }
            let keys = Set(entity.naturalKey)
            var fields = [
                CMTSchemaField(
                    name: entity.primaryIdAttribute, type: .guid,
                    displayName: entity.attribute(named: entity.primaryIdAttribute)?.displayName ?? entity.displayName, primaryKey: true)
            ]
            for fieldName in fieldNames {
                guard let attribute = entity.attribute(named: fieldName) else {
                    throw AirlockError(.invalidCatalog, "the bundled catalog has no attribute \(name).\(fieldName)")
                }
                let type = CMTFieldType(rawValue: attribute.type.rawValue)
                fields.append(
                    CMTSchemaField(
                        name: attribute.logicalName, type: type, displayName: attribute.displayName,
                        updateCompare: keys.contains(fieldName) ? true : nil,
                        lookupType: type.isLookup && !attribute.lookupTargets.isEmpty ? attribute.lookupTargets.joined(separator: "|") : nil
                    ))
            }
            schemaEntities.append(
                CMTSchemaEntity(
                    name: entity.logicalName, displayName: entity.displayName, primaryIDField: entity.primaryIdAttribute,
                    primaryNameField: entity.primaryNameAttribute, disablePlugins: false, fields: fields))
        }
        return CMTSchema(entities: schemaEntities, entityImportOrder: schemaEntities.map(\.name))
    }

    /// Writes the package to `path`.
    func write(to path: String) throws {
        let schema = try Self.schema()
        let dataWriter = CMTDataWriter(schema: schema)
        let location = SourceLocation(file: path, entry: CMTPackage.dataMember)
        let units = heldUnits()
        try CMTPackageWriter.write(schema: schema, to: path) { sink in
            let writer = BufferedByteWriter(sink: sink)
            try dataWriter.writeStart(timestamp: CMTTimestamp(text: "2026-11-01T08:00:00.0000000Z"), to: writer, location: location)
            func section(_ entity: CMTSchemaEntity, _ codes: [Int], _ record: (Int) -> (id: String, values: [CMTFieldValue?])) throws {
                try dataWriter.writeEntityStart(CMTEntityData(schema: entity), hasRecords: !codes.isEmpty, to: writer, location: location)
                var start = 0
                while start < codes.count {
                    var builder = SampleEntityBuilder(schema: entity)
                    for code in codes[start..<min(start + Self.chunkSize, codes.count)] {
                        let (id, values) = record(code)
                        try builder.add(id: id, values)
                    }
                    try dataWriter.writeRecords(builder.data, rows: 0..<builder.data.recordCount, to: writer, location: location)
                    start += Self.chunkSize
                }
                try dataWriter.writeEntityEnd(entity.name, hasRecords: !codes.isEmpty, associations: [], to: writer, location: location)
            }
            for entity in schema.entities {
                switch entity.name {
                case "transactioncurrency": try section(entity, Array(SampleUnkeyedCountry.currencies.indices)) { currencyRecord($0) }
                case "uomschedule": try section(entity, [0]) { _ in (world.unitGroupID, SampleUnit.record(named: SampleUnit.groupName)) }
                case "uom": try section(entity, world.shuffled(units, label: 7)) { unitRecord($0) }
                case "pricelevel": try section(entity, Array(SampleUnkeyedCountry.currencies.indices)) { priceListRecord($0) }
                case "account": try section(entity, accountCodes()) { accountRecord($0) }
                case "contact": try section(entity, contactCodes()) { contactRecord($0) }
                default: try section(entity, productCodes()) { productRecord($0) }
                }
            }
            try dataWriter.writeEnd(to: writer)
            try writer.flush()
        }
    }

    private static func value(_ name: String, _ text: String?) -> CMTFieldValue? {
        SampleEntityBuilder.value(name, text)
    }

    // MARK: currencies

    private func currencyRecord(_ index: Int) -> (id: String, values: [CMTFieldValue?]) {
        let currency = SampleUnkeyedCountry.currencies[index]
        return (world.currencyID(currency.code), [Self.value("currencyname", currency.name), Self.value("isocurrencycode", currency.code)])
    }

    /// The lookup of a record's currency (`code`).
    private func currency(_ code: String) -> CMTFieldValue {
        CMTFieldValue.lookup("transactioncurrencyid", id: world.currencyID(code), entity: "transactioncurrency", entityName: code)
    }

    /// Price list `index`: one per currency, active, named as the sample's (`SampleWorld.priceListName(currency:)`),
    /// on which the products flow puts each product's price-list item (the rule price-list-item).
    private func priceListRecord(_ index: Int) -> (id: String, values: [CMTFieldValue?]) {
        let code = SampleUnkeyedCountry.currencies[index].code
        return (
            world.priceListID(code),
            [Self.value("name", SampleWorld.priceListName(currency: code)), Self.value("statecode", "0"), currency(code)]
        )
    }

    // MARK: units

    /// The units Sales holds (`index * 2`, plus 1 for the long name), in `units` order: every unit under its long
    /// name, the name the products flow looks a unit up by (`unit-symbol-to-name`), and under its symbol where a
    /// Sales product names it so.
    private func heldUnits() -> [Int] {
        var used = Set(SampleUnkeyedProduct.units.indices.map { $0 * 2 + 1 })
        for index in world.products.indices where world.products[index].contains(.sales) {
            let product = salesProduct(index)
            used.insert(product.unit * 2 + (product.longUnitName ? 1 : 0))
        }
        return used.sorted()
    }

    private func unitRecord(_ code: Int) -> (id: String, values: [CMTFieldValue?]) {
        let unit = SampleUnkeyedProduct.units[code / 2]
        return (world.unitID(code / 2, longName: code % 2 == 1), SampleUnit.record(named: code % 2 == 1 ? unit.name : unit.symbol))
    }

    // MARK: accounts

    private func accountCodes() -> [Int] {
        var codes: [Int] = []
        codes.reserveCapacity(world.organisations.count)
        for (index, plan) in world.organisations.enumerated() where plan.sides.contains(.sales) {
            codes.append(index * 2)
            if plan.hasSalesDuplicate { codes.append(index * 2 + 1) }
        }
        return world.shuffled(codes, label: 4)
    }

    /// The name of organisation `index`'s Sales account (or second account): the first draw of its noise.
    private func accountName(_ index: Int, duplicate: Bool) -> String {
        let code = index * 2 + (duplicate ? 1 : 0)
        var noise = world.noise(.accountNoise, code)
        return noise.organisationName(world.salesOrganisation(index, copy: code))
    }

    /// Account `code / 2` (its second record when odd): the company with the noise of a copy keyed by hand.
    private func accountRecord(_ code: Int) -> (id: String, values: [CMTFieldValue?]) {
        let index = code / 2
        let duplicate = code % 2 == 1
        let company = world.salesOrganisation(index, copy: code)
        let missing = company.missingInSales
        var noise = world.noise(.accountNoise, code)
        let name = noise.organisationName(company)
        let (line1, line2) = noise.streetLines(company.address.street)
        let postcode = noise.postcode(company.address.postcode, country: company.country)
        let city = noise.city(company.address.city)
        let country = noise.countryName(company.country)
        let phone = noise.phone(company.phone, style: company.phoneStyle)
        let email = noise.email(company.email)
        let website = noise.website(company.website, domain: company.domain)
        let vat = noise.vat(company.vat, country: company.country)
        let number = world.organisations[index].hasLegacyNumber && !duplicate ? world.legacyAccountNumber(index) : nil
        return (
            world.accountID(index, duplicate: duplicate),
            [
                Self.value("name", name), Self.value("accountnumber", number), Self.value("address1_line1", line1),
                Self.value("address1_line2", line2), Self.value("address1_postalcode", missing.contains(.postcode) ? nil : postcode),
                Self.value("address1_city", missing.contains(.city) ? nil : city), Self.value("address1_country", country),
                Self.value("telephone1", missing.contains(.phone) ? nil : phone),
                Self.value("emailaddress1", missing.contains(.email) ? nil : email),
                Self.value("websiteurl", missing.contains(.website) ? nil : website),
                Self.value("msdyn_taxexemptnumber", missing.contains(.vat) ? nil : vat), currency(company.country.currency),
            ]
        )
    }

    // MARK: contacts

    /// What a contact code names: `(thing * 2 + duplicate) * 2 + person`, where thing is `index * 4 + slot` for a
    /// company's contact and the person customer's index for a person.
    private func contactCodes() -> [Int] {
        var codes: [Int] = []
        codes.reserveCapacity(world.organisations.count + world.organisations.count / 4)
        for (index, plan) in world.organisations.enumerated() {
            for slot in 0..<Int(plan.contactCount) where plan.sides(ofContact: slot).contains(.sales) {
                codes.append(((index * 4 + slot) * 2) * 2)
                if plan.hasSalesDuplicate(ofContact: slot) { codes.append(((index * 4 + slot) * 2 + 1) * 2) }
            }
        }
        for (index, plan) in world.persons.enumerated() where plan.inSales {
            codes.append((index * 2) * 2 + 1)
            if plan.hasSalesDuplicate { codes.append((index * 2 + 1) * 2 + 1) }
        }
        return world.shuffled(codes, label: 5)
    }

    private func contactRecord(_ code: Int) -> (id: String, values: [CMTFieldValue?]) {
        let isPerson = code % 2 == 1
        let duplicate = (code / 2) % 2 == 1
        let thing = code / 4
        let person: SampleUnkeyedPerson
        let currencyCode: String
        var noise: SampleUnkeyedNoise
        var parent: CMTFieldValue?
        var switchboard: String?
        let id: String
        if isPerson {
            let customer = world.personCustomer(thing)
            person = customer.person
            currencyCode = customer.address.country.currency
            noise = world.noise(.personNoise, thing * 2 + (duplicate ? 1 : 0))
            id = world.personContactID(thing, duplicate: duplicate)
        } else {
            let index = thing / 4
            let slot = thing % 4
            let company = world.organisation(index)
            person = world.contact(index, slot: slot, of: company)
            currencyCode = company.country.currency
            noise = world.noise(.contactNoise, thing * 2 + (duplicate ? 1 : 0))
            id = world.contactID(index, slot: slot, duplicate: duplicate)
            let onDuplicate = world.organisations[index].isOnSalesDuplicate(contact: slot)
            parent = CMTFieldValue.lookup(
                "parentcustomerid", id: world.accountID(index, duplicate: onDuplicate), entity: "account",
                entityName: accountName(index, duplicate: onDuplicate))
            // Some whose own number is a mobile also have the company's switchboard as business phone.
            if person.isMobile && noise.random.chance(20) {
                // The company's phone as the account holds it (a moved company may have a new one).
                let account = world.salesOrganisation(index, copy: index * 2 + (onDuplicate ? 1 : 0))
                switchboard = noise.phone(account.phone, style: company.phoneStyle)
            }
        }
        let missing = person.missingInSales
        let (first, last) = noise.personNames(person)
        let email = noise.email(person.email)
        let phone = missing.contains(.phone) ? nil : noise.phone(person.phone, style: person.phoneStyle)
        return (
            id,
            [
                Self.value("firstname", first), Self.value("lastname", last),
                Self.value("emailaddress1", missing.contains(.email) ? nil : email),
                Self.value("telephone1", person.isMobile ? switchboard : phone), Self.value("mobilephone", person.isMobile ? phone : nil),
                parent, Self.value("msdynce_isactivecustomer", isPerson ? "True" : "False"), currency(currencyCode),
            ]
        )
    }

    // MARK: products

    private func productCodes() -> [Int] {
        world.shuffled(world.products.indices.filter { world.products[$0].contains(.sales) }, label: 6)
    }

    /// The Sales copy of product `index`: its own product number (most a Sales-made number that means nothing to
    /// F&O, some F&O's number written differently, some a legacy number), its noisy name, and its unit (by symbol or
    /// by long name, `unit` an index into `SampleUnkeyedProduct.units`).
    private func salesProduct(_ index: Int) -> (number: String, name: String, unit: Int, longUnitName: Bool) {
        let product = world.product(index)
        var noise = world.noise(.productNoise, index)
        let roll = noise.random.int(0...99)
        let number: String
        if roll < 70 {
            number = "SKU-" + Self.base32(SampleUnkeyedText.scrambled30(index, offset: world.numberOffset))
        } else if roll < 90 {
            let plain = SampleUnkeyedText.replacing("-", with: "", in: product.number)
            number = noise.random.pick([plain.lowercased(), plain, product.number.lowercased()])
        } else {
            let width = max(6, world.productWidth)
            number =
                "ART-"
                + SampleUnkeyedText.padded(SampleUnkeyedText.scrambled(index, width: width, offset: world.numberOffset), width: width)
        }
        let unit = SampleUnkeyedProduct.units.firstIndex { $0.symbol == product.unit } ?? 0
        let longUnitName = noise.random.chance(20)
        return (number, noise.productName(product), unit, longUnitName)
    }

    private func productRecord(_ index: Int) -> (id: String, values: [CMTFieldValue?]) {
        let product = salesProduct(index)
        let unit = SampleUnkeyedProduct.units[product.unit]
        let unitName = product.longUnitName ? unit.name : unit.symbol
        return (
            world.productID(index),
            [
                Self.value("productnumber", product.number), Self.value("name", product.name),
                CMTFieldValue.lookup(
                    "defaultuomid", id: world.unitID(product.unit, longName: product.longUnitName), entity: "uom", entityName: unitName),
            ]
        )
    }

    /// Six characters of Crockford's base 32 for the low 30 bits of `value`.
    private static func base32(_ value: Int) -> String {
        let alphabet = Array("0123456789ABCDEFGHJKMNPQRSTVWXYZ")
        var text = ""
        for shift in stride(from: 25, through: 0, by: -5) { text.append(alphabet[(value >> shift) & 31]) }
        return text
    }
}

import AirlockIO
import AirlockPackages

/// The Sales side of a dual-write sample pair, as a Configuration Migration package: currencies, the unit group and
/// units (with `msdyn_symbol`, which dual-write looks units up by), the sample company (`cdm_company`; the other
/// legal entity is left to the conversion), the first rows of the sample company's reference tables
/// (`SampleDualWriteReferenceData`), customer groups, parties, products and some of their released products,
/// accounts, contacts (sellable person customers and plain contacts), quotes with lines and orders with lines. The
/// fields are the Dataverse columns of Microsoft's dual-write table maps (docs/sources.md); there are no price lists
/// (no dual-write map names them). The package is an export made with the dual-write set's export schema
/// (`ExportSchemaBuilder`, as the runbook says): its `data_schema.xml`, a section for each of its entities, and
/// records with values of its fields only.
///
/// Record ids are GUIDs drawn from generators seeded with the sample's seed, so the same seed gives the same package;
/// the reference tables' and released products' ids come from a generator of their own, so that the other records
/// keep theirs.
struct SampleDualWriteSalesExport {
    let world: SampleDualWriteWorld
    /// The export schema the package is made with (`ExportSchemaBuilder` for the dual-write set): the package's
    /// `data_schema.xml`, every entity of it with a section, records with the values of its fields only.
    let schema: CMTSchema
    var random: SampleRandom
    /// The ids of the reference tables' records and of the released products.
    var referenceRandom: SampleRandom

    init(world: SampleDualWriteWorld, schema: CMTSchema, seed: UInt64) {
        self.world = world
        self.schema = schema
        random = SampleRandom(seed: seed ^ 0x5A1E_5D0A_1000_0002)
        referenceRandom = SampleRandom(seed: seed ^ 0x5A1E_5D0A_1000_0003)
    }

    /// The ids of the records written so far, for the lookups of the records after them.
    struct References {
        var currencies: [String: String] = [:]
        var unitGroup = ""
        var units: [String: String] = [:]
        var company = ""
        /// The company-specific reference rows Sales holds, by Sales entity and then code.
        var codes: [String: [String: String]] = [:]
        /// By index into `SampleDualWriteWorld.customerGroups`.
        var groups: [String] = []
        /// By world account.
        var parties: [Int: String] = [:]
        /// By world product.
        var products: [Int: String] = [:]
        /// By world account: the Sales record of the customer, an account or (a person) a contact.
        var customers: [Int: (id: String, entity: String)] = [:]
    }

    static func field(_ name: String, _ type: CMTFieldType, _ display: String, key: Bool = false, lookup: String? = nil)
        -> CMTSchemaField
    {
        SampleEntityBuilder.field(name, type, display, key: key, lookup: lookup)
    }

    static func value(_ name: String, _ text: String?) -> CMTFieldValue? {
        SampleEntityBuilder.value(name, text)
    }

    static func lookup(_ name: String, _ id: String?, _ entity: String, _ display: String) -> CMTFieldValue? {
        SampleEntityBuilder.lookup(name, id, entity, display)
    }

    /// Cents as a CMT money value: 12345 → `123.4500000000`.
    static func money(cents: Int) -> String {
        SampleWorld.money(cents: cents) + "00000000"
    }

    /// The package: reference data, then customers and contacts, then documents, as an export made with `schema`
    /// holds them (an entity the sample has no records of, such as invoices, with an empty section).
    mutating func package() throws -> CMTPackage {
        var references = References()
        var builders = try referenceData(&references)
        builders += try vendors(references)
        builders += try customers(&references)
        builders += try contactsForParties(references)
        builders += try documents(references)
        var sections: [String: SampleEntityBuilder] = [:]
        for builder in builders { sections[builder.schema.name] = builder }
        let data = try schema.entities.map { entity in try sections[entity.name]?.exported(with: entity) ?? CMTEntityData(schema: entity) }
        return CMTPackage(schema: schema, data: CMTData(timestamp: CMTTimestamp(text: "2026-11-01T08:00:00.0000000Z"), entities: data))
    }

    /// Writes the package to `path`.
    mutating func write(to path: String) throws {
        try CMTPackageWriter.write(try package(), to: path)
    }

    /// Currencies, the unit group, units, the company, its reference tables, customer groups, parties, products and
    /// released products.
    private mutating func referenceData(_ references: inout References) throws -> [SampleEntityBuilder] {
        var currencies = SampleEntityBuilder(
            "transactioncurrency", "Currency", id: "transactioncurrencyid", primaryName: "currencyname",
            fields: [
                Self.field("currencyname", .string, "Currency Name"), Self.field("isocurrencycode", .string, "Currency Code", key: true),
                Self.field("currencysymbol", .string, "Currency Symbol"), Self.field("exchangerate", .decimal, "Exchange Rate"),
            ])
        for (code, name, symbol) in SampleWorld.currencies {
            let id = random.guid()
            references.currencies[code] = id
            try currencies.add(
                id: id,
                [
                    Self.value("currencyname", name), Self.value("isocurrencycode", code), Self.value("currencysymbol", symbol),
                    Self.value("exchangerate", code == "USD" ? "1.000000000000" : "0.920000000000"),
                ])
        }

        var groups = SampleEntityBuilder(
            "uomschedule", "Unit Group", id: "uomscheduleid", primaryName: "name", fields: [Self.field("name", .string, "Name", key: true)])
        references.unitGroup = random.guid()
        try groups.add(id: references.unitGroup, SampleUnit.record(named: SampleUnit.groupName))

        var units = SampleEntityBuilder(
            "uom", "Unit", id: "uomid", primaryName: "name",
            fields: [
                Self.field("name", .string, "Name", key: true), Self.field("msdyn_symbol", .string, "Symbol"),
                Self.field("uomscheduleid", .entityReference, "Unit Schedule", lookup: "uomschedule"),
            ])
        for unit in SampleWorld.units {
            let id = random.guid()
            references.units[unit.symbol] = id
            try units.add(
                id: id,
                [
                    Self.value("name", unit.name), Self.value("msdyn_symbol", unit.symbol),
                    Self.lookup("uomscheduleid", references.unitGroup, "uomschedule", SampleUnit.groupName),
                ])
        }

        // The sample company only: the other legal entity's company record is the conversion's to write.
        var companies = SampleEntityBuilder(
            "cdm_company", "Company", id: "cdm_companyid", primaryName: "cdm_name",
            fields: [Self.field("cdm_companycode", .string, "Company Code", key: true), Self.field("cdm_name", .string, "Name")])
        references.company = random.guid()
        try companies.add(
            id: references.company,
            [Self.value("cdm_companycode", world.company), Self.value("cdm_name", SampleDualWriteWorld.legalEntityName(world.company))])

        let companyTables = try companyReferenceData(&references)

        var customerGroups = SampleEntityBuilder(
            "msdyn_customergroup", "Customer Group", id: "msdyn_customergroupid", primaryName: "msdyn_groupid",
            fields: [
                Self.field("msdyn_groupid", .string, "Group ID", key: true), Self.field("msdyn_description", .string, "Description"),
                Self.field("msdyn_company", .entityReference, "Company", lookup: "cdm_company"),
                Self.field("msdyn_issalestaxincludedinprice", .bool, "Sales Tax Included In Price"),
                Self.field("msdyn_paymenttermid", .entityReference, "Terms of Payment", lookup: "msdyn_paymentterm"),
                Self.field(
                    "msdyn_clearingperiodpaymenttermname", .entityReference, "Clearing Period Payment Terms", lookup: "msdyn_paymentterm"),
            ])
        for (index, group) in SampleDualWriteWorld.customerGroups.enumerated() {
            let id = random.guid()
            references.groups.append(id)
            let term = SampleDualWriteReferenceData.groupPaymentTerm(index)
            let clearing = SampleDualWriteReferenceData.groupClearingPaymentTerm(index)
            try customerGroups.add(
                id: id,
                [
                    Self.value("msdyn_groupid", group.id), Self.value("msdyn_description", group.salesDescription),
                    Self.lookup("msdyn_company", references.company, "cdm_company", world.company),
                    Self.value("msdyn_issalestaxincludedinprice", "False"),
                    Self.lookup("msdyn_paymenttermid", references.codes["msdyn_paymentterm"]?[term], "msdyn_paymentterm", term),
                    Self.lookup(
                        "msdyn_clearingperiodpaymenttermname", references.codes["msdyn_paymentterm"]?[clearing], "msdyn_paymentterm",
                        clearing),
                ])
        }

        // The parties of the customers Sales has. msdyn_partytype: 192350001 person, 192350002 organization;
        // msdyn_language 192350015 en-us (the CDS Parties map's value maps).
        var parties = SampleEntityBuilder(
            "msdyn_party", "Party", id: "msdyn_partyid", primaryName: "msdyn_partynumber",
            fields: [
                Self.field("msdyn_partynumber", .string, "Party Number", key: true),
                Self.field("msdyn_partytype", .optionSetValue, "Party Type"),
                Self.field("msdyn_organizationname", .string, "Organization Name"),
                Self.field("msdyn_numberofemployees", .number, "Number of Employees"),
                Self.field("msdyn_firstname", .string, "First Name"), Self.field("msdyn_middlename", .string, "Middle Name"),
                Self.field("msdyn_lastname", .string, "Last Name"), Self.field("msdyn_language", .optionSetValue, "Language"),
            ])
        for (index, account) in world.base.accounts.enumerated() where account.inSales {
            let party = world.parties[index]
            let id = random.guid()
            references.parties[index] = id
            try parties.add(
                id: id,
                [
                    Self.value("msdyn_partynumber", party.number),
                    Self.value("msdyn_partytype", party.isPerson ? "192350001" : "192350002"),
                    Self.value("msdyn_organizationname", party.isPerson ? nil : account.name),
                    Self.value("msdyn_numberofemployees", party.isPerson ? nil : String(account.employees)),
                    Self.value("msdyn_firstname", party.firstName), Self.value("msdyn_middlename", party.middleName),
                    Self.value("msdyn_lastname", party.lastName), Self.value("msdyn_language", "192350015"),
                ])
        }
        try addContactParties(&parties, references)

        // Products Sales knows. msdyn_fieldserviceproducttype: 690970000 inventory, 690970001 non-inventory,
        // 690970002 service; producttypecode 1 sales inventory, 3 services (the products map's value maps).
        var products = SampleEntityBuilder(
            "product", "Product", id: "productid", primaryName: "name",
            fields: [
                Self.field("name", .string, "Name"), Self.field("productnumber", .string, "Product ID", key: true),
                Self.field("msdyn_productnumber", .string, "Product Number"), Self.field("msdyn_itemnumber", .string, "Item Number"),
                Self.field("description", .string, "Description"), Self.field("quantitydecimal", .number, "Decimals Supported"),
                Self.field("defaultuomid", .entityReference, "Default Unit", lookup: "uom"),
                Self.field("transactioncurrencyid", .entityReference, "Currency", lookup: "transactioncurrency"),
                Self.field("price", .money, "List Price"), Self.field("currentcost", .money, "Current Cost"),
                Self.field("producttypecode", .optionSetValue, "Product Type"),
            ])
        for (index, product) in world.base.products.enumerated() where product.inSales {
            let id = random.guid()
            references.products[index] = id
            // Drift: every tenth product's Sales list price is a unit above F&O's.
            let price = index % 10 == 7 ? product.price + 1 : product.price
            try products.add(
                id: id,
                [
                    Self.value("name", product.name), Self.value("productnumber", product.number),
                    Self.value("msdyn_productnumber", product.number), Self.value("msdyn_itemnumber", product.number),
                    Self.value("description", product.description), Self.value("quantitydecimal", String(product.unit.decimals)),
                    Self.lookup("defaultuomid", references.units[product.unit.symbol], "uom", product.unit.name),
                    Self.lookup("transactioncurrencyid", references.currencies["USD"], "transactioncurrency", "US Dollar"),
                    Self.value("price", "\(price).0000000000"), Self.value("currentcost", "\(product.cost).0000000000"),
                    Self.value("producttypecode", product.isService ? "3" : "1"),
                ])
        }
        let released = try releasedProducts(references)
        return [currencies, groups, units, companies] + companyTables + [customerGroups, parties, products, released]
    }
}

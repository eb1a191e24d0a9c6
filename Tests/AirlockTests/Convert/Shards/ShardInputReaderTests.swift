import AirlockKit
import Foundation
import Testing

@testable import AirlockConvert

/// What a shard reads of the exports (`ShardInputReader`), on a hand-built pair: the tree records it owns, whole
/// and in export order, on both sides; every reference table whole; where its rows stood in the exports; and what it
/// kept, for the report.
@Suite struct ShardInputReaderTests {
    static let accounts = (1...3).map { "aaaaaaaa-0000-4000-8000-00000000000\($0)" }
    static let contacts = (1...2).map { "cccccccc-0000-4000-8000-00000000000\($0)" }
    static let orders = (1...2).map { "dddddddd-0000-4000-8000-00000000000\($0)" }

    /// The Sales export: accounts A1 to A3 (C-1 to C-3), contacts of A1 and A2, an order of A1 and one of A2
    /// invoiced to A3, and two price lists (reference data).
    static let salesSchema = """
        <entities>
          <entity name="account" displayname="Account" primaryidfield="accountid" primarynamefield="name" disableplugins="false">
            <fields>
              <field displayname="Account" name="accountid" type="guid" primaryKey="true" />
              <field displayname="Account Name" name="name" type="string" />
              <field updateCompare="true" displayname="Account Number" name="accountnumber" type="string" />
            </fields>
          </entity>
          <entity name="contact" displayname="Contact" primaryidfield="contactid" primarynamefield="fullname" disableplugins="false">
            <fields>
              <field displayname="Contact" name="contactid" type="guid" primaryKey="true" />
              <field displayname="Last Name" name="lastname" type="string" />
              <field updateCompare="true" displayname="Contact Number" name="msdynce_contactnumber" type="string" />
              <field displayname="Company Name" name="parentcustomerid" type="entityreference" lookupType="account|contact" />
            </fields>
          </entity>
          <entity name="salesorder" displayname="Order" primaryidfield="salesorderid" primarynamefield="name" disableplugins="false">
            <fields>
              <field displayname="Order" name="salesorderid" type="guid" primaryKey="true" />
              <field displayname="Name" name="name" type="string" />
              <field updateCompare="true" displayname="Order ID" name="ordernumber" type="string" />
              <field displayname="Customer" name="customerid" type="entityreference" lookupType="account|contact" />
              <field displayname="Invoice customer" name="msdyn_invoicecustomerid" type="entityreference" lookupType="account|contact" />
            </fields>
          </entity>
          <entity name="pricelevel" displayname="Price List" primaryidfield="pricelevelid" primarynamefield="name" disableplugins="false">
            <fields>
              <field displayname="Price List" name="pricelevelid" type="guid" primaryKey="true" />
              <field displayname="Name" name="name" type="string" />
            </fields>
          </entity>
          <entityImportOrder>
            <entityName>account</entityName>
            <entityName>contact</entityName>
            <entityName>salesorder</entityName>
            <entityName>pricelevel</entityName>
          </entityImportOrder>
        </entities>
        """

    static let salesData = """
        <?xml version="1.0" encoding="utf-8"?>
        <entities xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" timestamp="2026-11-01T08:00:00.0000000Z">
          <entity name="account" displayname="Account">
            <records>
              <record id="\(accounts[0])">
                <field name="accountid" value="\(accounts[0])" />
                <field name="name" value="Contoso" />
                <field name="accountnumber" value="C-1" />
              </record>
              <record id="\(accounts[1])">
                <field name="accountid" value="\(accounts[1])" />
                <field name="name" value="Fabrikam" />
                <field name="accountnumber" value="C-2" />
              </record>
              <record id="\(accounts[2])">
                <field name="accountid" value="\(accounts[2])" />
                <field name="name" value="Fabrikam Invoicing" />
                <field name="accountnumber" value="C-3" />
              </record>
            </records>
            <m2mrelationships />
          </entity>
          <entity name="contact" displayname="Contact">
            <records>
              <record id="\(contacts[0])">
                <field name="contactid" value="\(contacts[0])" />
                <field name="lastname" value="Lee" />
                <field name="msdynce_contactnumber" value="P-1" />
                <field name="parentcustomerid" value="\(accounts[0])" lookupentity="account" lookupentityname="Contoso" />
              </record>
              <record id="\(contacts[1])">
                <field name="contactid" value="\(contacts[1])" />
                <field name="lastname" value="Ng" />
                <field name="msdynce_contactnumber" value="P-2" />
                <field name="parentcustomerid" value="\(accounts[1])" lookupentity="account" lookupentityname="Fabrikam" />
              </record>
            </records>
            <m2mrelationships />
          </entity>
          <entity name="salesorder" displayname="Order">
            <records>
              <record id="\(orders[0])">
                <field name="salesorderid" value="\(orders[0])" />
                <field name="name" value="First order" />
                <field name="ordernumber" value="SO-1" />
                <field name="customerid" value="\(accounts[0])" lookupentity="account" lookupentityname="Contoso" />
              </record>
              <record id="\(orders[1])">
                <field name="salesorderid" value="\(orders[1])" />
                <field name="name" value="Second order" />
                <field name="ordernumber" value="SO-2" />
                <field name="customerid" value="\(accounts[1])" lookupentity="account" lookupentityname="Fabrikam" />
                <field name="msdyn_invoicecustomerid" value="\(accounts[2])" lookupentity="account" lookupentityname="Fabrikam Invoicing" />
              </record>
            </records>
            <m2mrelationships />
          </entity>
          <entity name="pricelevel" displayname="Price List">
            <records>
              <record id="eeeeeeee-0000-4000-8000-000000000001">
                <field name="pricelevelid" value="eeeeeeee-0000-4000-8000-000000000001" />
                <field name="name" value="Retail" />
              </record>
              <record id="eeeeeeee-0000-4000-8000-000000000002">
                <field name="pricelevelid" value="eeeeeeee-0000-4000-8000-000000000002" />
                <field name="name" value="Wholesale" />
              </record>
            </records>
            <m2mrelationships />
          </entity>
        </entities>
        """

    /// The pair in a scratch folder: the Sales export above, and an F&O export of customers C-1 to C-4 (C-4 only
    /// F&O holds), orders SO-1 of C-1 and SO-4 of C-4, and two products (reference data).
    static func pair() throws -> (fo: String, sales: String) {
        let folder = try Fixture.scratchDirectory("airlock-shard-input")
        let sales = try ZipFixture.make(
            folder + "/sales.zip",
            entries: [
                "[Content_Types].xml": Array(TestSchemas.cmtContentTypes.utf8), "data_schema.xml": Array(salesSchema.utf8),
                "data.xml": Array(salesData.utf8),
            ])
        var customers = Table(name: "Customers V2", columnNames: ["CUSTOMERACCOUNT", "INVOICEACCOUNT", "PARTYNUMBER", "ORGANIZATIONNAME"])
        for (number, name) in [("1", "Contoso"), ("2", "Fabrikam"), ("3", "Fabrikam Invoicing"), ("4", "Litware")] {
            try customers.appendRow(["C-" + number, "", "PTY-" + number, name])
        }
        var headers = Table(
            name: "CDS sales order headers",
            columnNames: ["SALESORDERNUMBER", "ORDERINGCUSTOMERACCOUNTNUMBER", "INVOICECUSTOMERACCOUNTNUMBER", "CURRENCYCODE"])
        try headers.appendRow(["SO-1", "C-1", "C-1", "USD"])
        try headers.appendRow(["SO-4", "C-4", "C-4", "EUR"])
        var products = Table(name: "Sellable released products", columnNames: ["ITEMNUMBER", "PRODUCTNAME"])
        try products.appendRow(["ITEM-1", "Chair"])
        try products.appendRow(["ITEM-2", "Desk"])
        let fo = folder + "/fo.zip"
        try FOTestPackage.write([customers, headers, products], encoding: .utf8BOM, to: fo)
        return (fo, sales)
    }

    /// What shard `index` of `count` reads of `pair`.
    static func read(_ pair: (fo: String, sales: String), _ index: Int, of count: Int) throws -> (
        inputs: ConversionInputs, rows: ShardRowMap, summary: ShardOwnership.Summary
    ) {
        try ShardInputReader.read(
            ConversionOptions(foPath: pair.fo, salesPath: pair.sales, outputDirectory: nil),
            templates: TemplateLoader.bundled(.prospectToCash),
            catalog: SchemaCatalogLoader.bundled(), trees: .prospectToCash, selection: ShardSelection(index: index, count: count),
            register: nil, progress: { _ in })
    }

    static func ids(_ inputs: ConversionInputs, _ entity: String) throws -> [String] {
        let section = try #require(inputs.sales.data.entity(named: entity), "\(entity)")
        return (0..<section.recordCount).map { section.record(at: $0).id }
    }

    static func column(_ inputs: ConversionInputs, _ label: String, _ name: String) throws -> [String] {
        let table = try #require(inputs.foTables.first { $0.0 == label }?.1, "\(label)")
        return (0..<table.rowCount).map { table.value(row: $0, column: name) ?? "-" }
    }

    @Test func eachShardReadsTheTreesItOwnsWholeOnBothSides() throws {
        let pair = try Self.pair()
        let (accounts, contacts, orders) = (Self.accounts, Self.contacts, Self.orders)
        // Of four shards: A1's tree to shard 0, A2's and A3's (joined by order SO-2) to shard 3, C-4's to shard 2.
        let expected: [(accounts: [String], contacts: [String], orders: [String], customers: [String], foOrders: [String])] = [
            ([accounts[0]], [contacts[0]], [orders[0]], ["C-1"], ["SO-1"]),
            ([], [], [], [], []),
            ([], [], [], ["C-4"], ["SO-4"]),
            ([accounts[1], accounts[2]], [contacts[1]], [orders[1]], ["C-2", "C-3"], []),
        ]
        for (index, shard) in expected.enumerated() {
            let (inputs, _, summary) = try Self.read(pair, index, of: 4)
            #expect(try Self.ids(inputs, "account") == shard.accounts, "shard \(index)")
            #expect(try Self.ids(inputs, "contact") == shard.contacts, "shard \(index)")
            #expect(try Self.ids(inputs, "salesorder") == shard.orders, "shard \(index)")
            #expect(try Self.column(inputs, "Customers V2", "CUSTOMERACCOUNT") == shard.customers, "shard \(index)")
            #expect(try Self.column(inputs, "CDS sales order headers", "SALESORDERNUMBER") == shard.foOrders, "shard \(index)")
            // Reference data, whole in every shard.
            #expect(try Self.ids(inputs, "pricelevel").count == 2, "shard \(index)")
            #expect(try Self.column(inputs, "Sellable released products", "ITEMNUMBER") == ["ITEM-1", "ITEM-2"], "shard \(index)")
            #expect(summary.treeRecords == 13 && summary.largestTree == 6, "shard \(index)")
            #expect(summary.ownedRecords == [5, 0, 2, 6][index], "shard \(index)")
        }
    }

    @Test func aKeptRecordKeepsEveryValue() throws {
        let pair = try Self.pair()
        let inputs = try Self.read(pair, 3, of: 4).inputs
        let order = try #require(inputs.sales.data.entity(named: "salesorder")).record(at: 0)
        #expect(order.field("ordernumber")?.value == "SO-2")
        #expect(order.field("customerid")?.value == Self.accounts[1])
        #expect(order.field("msdyn_invoicecustomerid")?.value == Self.accounts[2])
        #expect(order.field("msdyn_invoicecustomerid")?.lookupEntity == "account")
        #expect(try Self.column(inputs, "Customers V2", "ORGANIZATIONNAME") == ["Fabrikam", "Fabrikam Invoicing"])
        #expect(try Self.column(inputs, "Customers V2", "PARTYNUMBER") == ["PTY-2", "PTY-3"])
        #expect(inputs.sales.data.timestamp?.text == "2026-11-01T08:00:00.0000000Z")
    }

    @Test func theRowMapGivesEachKeptRowsPlaceInTheExport() throws {
        let pair = try Self.pair()
        let three = try Self.read(pair, 3, of: 4).rows.rows
        #expect(
            three == [
                "sales:account": [1, 2], "sales:contact": [1], "sales:salesorder": [1], "fo:customers v2": [1, 2],
                "fo:cds sales order headers": [],
            ])
        let two = try Self.read(pair, 2, of: 4).rows.rows
        #expect(two["fo:customers v2"] == [3] && two["fo:cds sales order headers"] == [1] && two["sales:account"] == [])
        // One shard: everything, in export order.
        let whole = try Self.read(pair, 0, of: 1)
        #expect(whole.rows.rows["sales:account"] == [0, 1, 2] && whole.rows.rows["fo:customers v2"] == [0, 1, 2, 3])
        #expect(whole.summary.ownedRecords == 13)
        #expect(try Self.column(whole.inputs, "Customers V2", "CUSTOMERACCOUNT") == ["C-1", "C-2", "C-3", "C-4"])
    }
}

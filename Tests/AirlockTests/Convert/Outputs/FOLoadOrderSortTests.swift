import AirlockCatalog
import AirlockIO
import AirlockModel
import AirlockPackages
import AirlockValidate
import Foundation
import Testing

@testable import AirlockConvert

/// `to-fo.zip` writes a file's rows in the order the entity's staging table loads them: a customer before the
/// customers that name it as their invoice account, the rest as they were; and `validate` then finds no row out
/// of order.
struct FOLoadOrderSortTests {
    static func customers(_ rows: [(account: String, invoice: String)]) throws -> Table {
        var table = Table(name: "Customers V3", columnNames: ["CUSTOMERACCOUNT", "INVOICEACCOUNT", "ORGANIZATIONNAME"])
        for row in rows { try table.appendRow([row.account, row.invoice, "Name of \(row.account)"]) }
        return table
    }

    static func accounts(_ table: Table) -> [String] {
        (0..<table.rowCount).map { table.value(row: $0, column: 0) ?? "" }
    }

    @Test func aParentComesBeforeTheRowsThatNameItTheRestKeepTheirOrder() throws {
        let entity = try SchemaCatalogLoader.bundled().foEntity(named: "Customers V3")
        let table = try Self.customers([
            ("C-5", ""), ("C-2", "C-3"), ("C-3", "C-4"), ("C-1", "C-2"), ("C-4", ""), ("C-6", "C-6"), ("C-7", "C-99"),
        ])
        let sorted = try FOLoadOrderSort.sorted(table, entity: entity)
        #expect(Self.accounts(sorted) == ["C-5", "C-4", "C-3", "C-2", "C-1", "C-6", "C-7"])
        // Whole rows move, not single values.
        #expect(sorted.value(row: 1, column: 2) == "Name of C-4")
        // A file already in order, or an entity without a self-reference, is handed back as it is.
        #expect(Self.accounts(try FOLoadOrderSort.sorted(sorted, entity: entity)) == Self.accounts(sorted))
        let terms = try SchemaCatalogLoader.bundled().foEntity(named: "Terms of payment")
        #expect(Self.accounts(try FOLoadOrderSort.sorted(table, entity: terms)) == Self.accounts(table))
    }

    @Test func rowsInACycleKeepTheirOrderAndNothingIsLost() throws {
        let entity = try SchemaCatalogLoader.bundled().foEntity(named: "Customers V3")
        let table = try Self.customers([("C-1", "C-2"), ("C-2", "C-1"), ("C-3", "C-1")])
        let sorted = try FOLoadOrderSort.sorted(table, entity: entity)
        #expect(Set(Self.accounts(sorted)) == ["C-1", "C-2", "C-3"] && sorted.rowCount == 3)
        #expect(Self.accounts(sorted) == ["C-2", "C-1", "C-3"])
    }

    @Test func theWrittenPackageValidatesWithoutALoadOrderFinding() throws {
        let catalog = try SchemaCatalogLoader.bundled()
        let table = try Self.customers([("C-2", "C-3"), ("C-3", ""), ("C-1", "C-2")])
        let files = [(label: "Customers V3", table: try FOLoadOrderSort.sorted(table, entity: catalog.foEntity(named: "Customers V3")))]
        let path = try Fixture.scratchDirectory("airlock-load-order") + "/to-fo.zip"
        #expect(try FOOutputBuilder.write(files, catalog: catalog, description: "load order", to: path))
        let report = try PackageValidator.validate(path: path, catalog: catalog)
        #expect(!report.findings.contains { $0.rule == ValidationRules.foFileLoadOrder.id }, "\(report.text())")
        // The same rows in their first order draw the warning.
        let unsorted = try Fixture.scratchDirectory("airlock-load-order") + "/unsorted.zip"
        #expect(try FOOutputBuilder.write([(label: "Customers V3", table: table)], catalog: catalog, description: "d", to: unsorted))
        let warned = try PackageValidator.validate(path: unsorted, catalog: catalog)
        #expect(warned.findings.filter { $0.rule == ValidationRules.foFileLoadOrder.id }.map(\.line) == [2])
    }
}

import AirlockCatalog
import AirlockModel
import Foundation
import Testing

/// The bundled Sales catalog held to the facts copied from its public sources (`Fixtures/sources`): every
/// writable column of Microsoft's Dataverse table reference for the fourteen Sales tables, and every column of the
/// Prospect to cash solution for Sales. A catalog entry that drifts from its source fails here.
struct SalesCatalogSourceTests {
    /// One row of a `Fixtures/sources/table-reference/<table>.tsv` file.
    struct ReferenceColumn {
        var table, name, type, maxLength, requiredLevel, targets, behavior, precision, validFor, options: String
    }

    /// One row of `Fixtures/sources/p2c-solution.tsv`.
    struct SolutionColumn {
        var table, name, type, maxLength, required, defaultValue, options: String
    }

    static let tables = [
        "account", "contact", "invoice", "invoicedetail", "pricelevel", "product", "productpricelevel", "quote", "quotedetail",
        "salesorder", "salesorderdetail", "transactioncurrency", "uom", "uomschedule",
    ]

    static func rows(_ relative: String) throws -> [[String]] {
        let text = try String(contentsOfFile: Fixture.path(relative), encoding: .utf8)
        return text.split(separator: "\n", omittingEmptySubsequences: true).dropFirst(0)
            .filter { !$0.hasPrefix("#") }.dropFirst().map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
    }

    static func tableReference() throws -> [ReferenceColumn] {
        try tables.flatMap { table in
            try rows("sources/table-reference/\(table).tsv").map { row in
                #expect(row.count == 9, "\(table): \(row)")
                return ReferenceColumn(
                    table: table, name: row[0], type: row[1], maxLength: row[2], requiredLevel: row[3], targets: row[4], behavior: row[5],
                    precision: row[6], validFor: row[7], options: row[8])
            }
        }
    }

    static func solution() throws -> [SolutionColumn] {
        try rows("sources/p2c-solution.tsv").map { row in
            SolutionColumn(
                table: row[0], name: row[1], type: row[2], maxLength: row[3], required: row[4], defaultValue: row[5], options: row[6])
        }
    }

    /// The CMT type of a Dataverse attribute type, as the table reference writes it.
    static let referenceTypes: [String: SalesAttributeType] = [
        "String": .string, "Memo": .string, "EntityName": .string, "Integer": .number, "BigInt": .bigint, "Decimal": .decimal,
        "Double": .float, "Money": .money, "Boolean": .bool, "DateTime": .datetime, "Picklist": .optionSetValue,
        "MultiSelectPicklist": .optionSetValueCollection, "State": .state, "Status": .status, "Lookup": .entityReference,
        "Customer": .entityReference, "Owner": .owner, "Uniqueidentifier": .guid, "Image": .imageData, "File": .fileData,
    ]

    /// The CMT type of a solution attribute type (`customizations.xml`).
    static let solutionTypes: [String: SalesAttributeType] = [
        "nvarchar": .string, "bit": .bool, "picklist": .optionSetValue, "money": .money, "datetime": .datetime, "int": .number,
        "lookup": .entityReference, "primarykey": .guid, "owner": .owner, "state": .state, "status": .status,
    ]

    /// `value=label` or `value=label@state`, joined by `|`.
    static func options(_ text: String) -> [SalesOptionValue] {
        text.split(separator: "|").compactMap { part in
            let pair = part.split(separator: "=", maxSplits: 1).map(String.init)
            guard pair.count == 2, let value = Int(pair[0]) else { return nil }
            if let at = pair[1].lastIndex(of: "@"), let state = Int(pair[1][pair[1].index(after: at)...]) {
                return SalesOptionValue(value: value, label: String(pair[1][..<at]), state: state)
            }
            return SalesOptionValue(value: value, label: pair[1])
        }
    }

    /// Whether an import must carry a value for a column (docs/catalog.md, "Required"): the metadata's
    /// SystemRequired and ApplicationRequired columns, less those the platform fills (primary key, owner, the type
    /// half of a lookup, state and status, the default of a choice or Yes/No column, auto-numbers, line names
    /// Sales takes from the product) and the price-list item amounts that only some pricing methods need.
    static func importRequired(_ column: ReferenceColumn) -> Bool {
        guard column.requiredLevel == "SystemRequired" || column.requiredLevel == "ApplicationRequired" else { return false }
        let filledTypes: Set<String> = ["Boolean", "Picklist", "State", "Status", "EntityName", "Uniqueidentifier", "Owner"]
        let filled: Set<String> = [
            "quotenumber", "ordernumber", "invoicenumber", "quotedetailname", "salesorderdetailname", "invoicedetailname",
        ]
        let conditional: Set<String> = [
            "productpricelevel.amount", "productpricelevel.percentage", "productpricelevel.roundingoptionamount",
        ]
        return !filledTypes.contains(column.type) && !filled.contains(column.name)
            && !conditional.contains("\(column.table).\(column.name)")
    }

    @Test func theFixturesHoldEveryWritableColumnOfTheFourteenTables() throws {
        let columns = try Self.tableReference()
        #expect(columns.count == 795)
        for table in Self.tables {
            let text = try String(contentsOfFile: Fixture.path("sources/table-reference/\(table).tsv"), encoding: .utf8)
            #expect(text.contains("# source: https://github.com/MicrosoftDocs/"), "\(table) names its source")
        }
        #expect(try Self.solution().count == 56)
    }

    @Test func everyWritableColumnOfTheTableReferenceIsInTheCatalogAsDocumented() throws {
        let catalog = try SchemaCatalogLoader.bundled()
        let solutionNames = Set(try Self.solution().map { "\($0.table).\($0.name)" })
        for column in try Self.tableReference() {
            let qualified = "\(column.table).\(column.name)"
            let attribute = try #require(catalog.salesEntity(named: column.table)?.attribute(named: column.name), "\(qualified) is missing")
            let fromSolution = solutionNames.contains(qualified)
            #expect(attribute.origin == (fromSolution ? .solution : .tableReference), "\(qualified) origin")
            // Where the solution changes a column (accountnumber: 40 characters, business required), the solution
            // wins; the next test holds those columns to it.
            if fromSolution { continue }
            #expect(attribute.type == Self.referenceTypes[column.type], "\(qualified) type \(column.type)")
            #expect(attribute.maxLength == (attribute.type == .string ? Int(column.maxLength) : nil), "\(qualified) length")
            #expect(!attribute.assumedLength, "\(qualified) length is documented")
            #expect((attribute.format == "memo") == (column.type == "Memo"), "\(qualified) format")
            #expect(attribute.requiredLevel.rawValue.lowercased() == column.requiredLevel.lowercased(), "\(qualified) required level")
            #expect(attribute.isRequired == Self.importRequired(column), "\(qualified) import-required")
            #expect(attribute.lookupTargets == column.targets.split(separator: ",").map(String.init), "\(qualified) targets")
            #expect(attribute.precision == Int(column.precision), "\(qualified) precision")
            #expect(attribute.isReadOnly == !column.validFor.split(separator: ",").contains("create"), "\(qualified) valid for create")
            if attribute.type == .datetime {
                #expect(attribute.dateTimeBehavior?.rawValue.lowercased() == column.behavior.lowercased(), "\(qualified) behaviour")
            }
            if attribute.type.hasOptions && !fromSolution {
                #expect(attribute.options == Self.options(column.options), "\(qualified) options")
                #expect(!attribute.isOptionSetOpen && attribute.enforcesOptions, "\(qualified) options are enforced")
            }
        }
    }

    @Test func everyColumnOfTheProspectToCashSolutionIsInTheCatalog() throws {
        let catalog = try SchemaCatalogLoader.bundled()
        let solution = try Self.solution()
        // 29 columns added to the standard tables, the quote's state and status it ships, and the table it adds.
        let statusPair: Set<String> = ["quote.statecode", "quote.statuscode"]
        #expect(solution.filter { $0.table != "msdynce_p2cautonumber" && !statusPair.contains("\($0.table).\($0.name)") }.count == 29)
        #expect(solution.filter { $0.table == "msdynce_p2cautonumber" }.count == 25)
        for column in solution {
            let qualified = "\(column.table).\(column.name)"
            let attribute = try #require(catalog.salesEntity(named: column.table)?.attribute(named: column.name), "\(qualified) is missing")
            #expect(attribute.type == Self.solutionTypes[column.type], "\(qualified) type")
            #expect(attribute.maxLength == Int(column.maxLength), "\(qualified) length")
            #expect(!attribute.assumedLength, "\(qualified) length is documented")
            let level: SalesRequiredLevel =
                switch column.required {
                case "required": .applicationRequired
                case "systemrequired": .systemRequired
                default: .none
                }
            #expect(attribute.requiredLevel == level, "\(qualified) required level")
            if column.options.isEmpty || column.type == "bit" {
                // Options of custom state/status columns are not in the solution file: the catalog's are a guess.
                #expect(attribute.origin == (attribute.type.hasOptions ? .guess : .solution), "\(qualified) origin")
            } else {
                #expect(attribute.origin == .solution && attribute.options == Self.options(column.options), "\(qualified) options")
                #expect(attribute.enforcesOptions, "\(qualified) options are enforced")
            }
        }
    }

    @Test func everyBundledAttributeSaysWhereItComesFromAndGuessesAreCounted() throws {
        let catalog = try SchemaCatalogLoader.bundled()
        var guesses: [String] = []
        for entity in catalog.salesEntities {
            for attribute in entity.attributes {
                let qualified = "\(entity.logicalName).\(attribute.logicalName)"
                #expect(attribute.origin != .environment, "\(qualified) names its origin")
                if attribute.origin == .guess {
                    guesses.append(qualified)
                    #expect(
                        attribute.source?.hasPrefix("guess") == true || attribute.source?.contains("guess") == true,
                        "\(qualified) names its guess")
                }
                if attribute.origin == .documentation { #expect(attribute.source != nil, "\(qualified) names its source") }
            }
        }
        let docs = ConvertFixture.root
            .appendingPathComponent("docs/catalog.md")
        let text = try String(contentsOf: docs, encoding: .utf8)
        #expect(text.contains("**\(guesses.count) Sales attributes are guesses**"), "docs/catalog.md states the count (\(guesses.count))")
    }
}

import AirlockKit
import Foundation
import Testing

/// Every field map of the bundled dual-write templates held to the table of the map it transcribes, kept as a
/// fixture copied from Microsoft's dual-write mapping reference (`Fixtures/dual-write`, `sources.yaml` names each
/// file's commit): a row's fields, direction, default and value map must agree, and every row the template's
/// direction carries must be mapped or listed under `notCarried`, so a map cannot drift from the documentation.
/// The older include files write plain two-way rows as `><` too, so a `><` row may be a copy.
@Suite struct DualWriteTemplateSourceTests {
    /// One row of a map's table, numbered from 1 as the templates' `row:`.
    struct MapRow {
        var number: Int
        var foField: String
        var mapType: String
        var salesField: String
        var defaultValue: String
        /// A value map written inside the map type (`><<br>`no` : `False`…`), keys lower-cased.
        var values: [String: String]
    }

    /// The rows of a fixture, read by `DualWriteMapFixture`.
    static func rows(of file: String) throws -> [MapRow] {
        try DualWriteMapFixture.load(file).rows.enumerated().map { index, row in
            var values: [String: String] = [:]
            for pair in row.valueMap { values[pair.from.lowercased()] = pair.to }
            return MapRow(
                number: index + 1, foField: row.financeAndOperationsField ?? "none", mapType: row.mapType.rawValue,
                salesField: row.dataverseField ?? "none", defaultValue: row.defaultValue ?? "", values: values)
        }
    }

    /// The fixture a template's `reference` names: `dual-write/includes/X.md`, or a section `mapping-tables.md#N`.
    static func fixtureFile(for reference: String) throws -> String {
        let path = reference.replacingOccurrences(of: "dual-write/includes/", with: "")
        guard let hash = path.firstIndex(of: "#") else { return path }
        let section = path[path.index(after: hash)...]
        let names = try FileManager.default.contentsOfDirectory(atPath: Fixture.path("dual-write"))
        return try #require(names.first { $0.hasPrefix("mapping-tables-\(section)-") }, "no fixture for \(reference)")
    }

    @Test func everyFieldMapAgreesWithItsSourceTable() throws {
        let set = try TemplateLoader.bundled(.dualWrite)
        for template in set.templates {
            let reference = try #require(template.reference, "\(template.name) names no reference")
            let rows = try Self.rows(of: try Self.fixtureFile(for: reference))
            #expect(!rows.isEmpty, "\(template.name): no rows in \(reference)")
            let direction = template.direction
            for field in template.fields where field.provenance == .doc {
                guard let number = field.row else { continue }
                let place = "\(template.name) row \(number) (\(field.target))"
                guard let row = rows.first(where: { $0.number == number }) else {
                    Issue.record("\(place): \(reference) has no row \(number)")
                    continue
                }
                let fo = direction == .foToSales ? field.source : field.target
                let sales = direction == .foToSales ? field.targetPath(direction: direction) : field.sourcePath(direction: direction)
                #expect(row.foField == (fo ?? "none"), "\(place): F&O field")
                #expect(row.salesField == (sales ?? "none"), "\(place): Sales field")
                let types: Set<String> = direction == .foToSales ? ["=", ">", ">>", "><"] : ["=", "<", "<<", "><"]
                #expect(types.contains(row.mapType), "\(place): map type \(row.mapType) does not go \(direction)")
                if let fixed = field.constant ?? field.defaultValue {
                    #expect(fixed == row.defaultValue, "\(place): default \(fixed), the map says '\(row.defaultValue)'")
                } else {
                    #expect(row.defaultValue.isEmpty, "\(place): the map has the default '\(row.defaultValue)'")
                }
                if let name = field.valueMapName {
                    #expect(
                        ["><", ">>", "<<"].contains(row.mapType), "\(place): a value map on a \(row.mapType) row, which transforms nothing"
                    )
                    let map = try #require(set.valueMap(named: name))
                    // Where the table spells the value map out, the entries must be exactly its pairs (read the
                    // other way for Sales → F&O); where it does not, the map names the table that does.
                    if row.values.isEmpty {
                        #expect(map.note?.isEmpty == false, "\(place): \(name) must say where its values come from")
                    } else {
                        for entry in map.entries {
                            let pair = direction == .foToSales ? (entry.from, entry.to) : (entry.to, entry.from)
                            #expect(row.values[pair.0.lowercased()] == pair.1, "\(place): \(name) \(entry.from) → \(entry.to)")
                        }
                        #expect(
                            map.entries.count == row.values.count,
                            "\(place): \(name) holds \(map.entries.count) of \(row.values.count) values")
                    }
                }
            }
            // Every row this direction carries is mapped or left out with a reason.
            let carried: Set<String> = direction == .foToSales ? ["=", ">", ">>", "><"] : ["=", "<", "<<", "><"]
            let mapped = Set(template.fields.compactMap(\.row))
            let omitted = Set(template.notCarried.flatMap(\.rows))
            for row in rows where carried.contains(row.mapType) {
                let oneSided = direction == .foToSales ? row.salesField == "none" : row.foField == "none"
                if oneSided { continue }
                #expect(
                    mapped.contains(row.number) || omitted.contains(row.number),
                    "\(template.name): row \(row.number) (\(row.foField) \(row.mapType) \(row.salesField)) is neither mapped nor under notCarried"
                )
            }
            for number in omitted {
                #expect(rows.contains { $0.number == number }, "\(template.name): notCarried names row \(number), which \(reference) lacks")
                #expect(!mapped.contains(number), "\(template.name): row \(number) is both mapped and under notCarried")
            }
        }
    }

    /// The vendor and contact person flows and the maps they transcribe: held to those fixtures by the test above.
    static let contactFlows = [
        "vendor-parties": "mapping-tables-220-CDSParties-msdyn-parties.md", "vendors": "VendorsV2-msdyn-vendors.md",
        "vendor-contacts": "CDSContactsV2-contacts.md", "contacts-to-vendor-contacts": "CDSContactsV2-contacts.md",
        "contact-person-parties": "mapping-tables-220-CDSParties-msdyn-parties.md",
        "contact-persons": "mapping-tables-221-ContactsV2-msdyn-contactforparties.md",
    ]

    @Test func theVendorAndContactPersonFlowsNameTheirMaps() throws {
        let set = try TemplateLoader.bundled(.dualWrite)
        for (flow, file) in Self.contactFlows {
            let template = try #require(set.template(named: flow), "\(flow) is not in the set")
            #expect(try Self.fixtureFile(for: try #require(template.reference)) == file, "\(flow)")
            #expect(TemplateSetName.dualWrite.flowNames.contains(flow), "\(flow) is not listed")
        }
        // Both directions of the vendor contact map, the reverse with its reversed source filter and write-back.
        let reverse = try #require(set.template(named: "contacts-to-vendor-contacts"))
        #expect(reverse.direction == .salesToFO && reverse.rules.map(\.kind.rawValue) == ["write-back"])
        #expect(
            Set(reverse.filters.flatMap { $0.condition.tests.map(\.field.field) }) == [
                "msdyn_contactforvendor", "msdyn_sellable", "msdyn_contactpersonid",
            ])
        #expect(set.template(named: "vendor-contacts")?.filters.first?.note?.contains("AssociatedContactType = 1") == true)
    }

    @Test func theTemplatesLoadAgainstTheCatalog() throws {
        let problems = TemplateCatalogCheck.problems(in: try TemplateLoader.bundled(.dualWrite), catalog: try SchemaCatalogLoader.bundled())
        #expect(problems.isEmpty, "\(problems)")
    }
}

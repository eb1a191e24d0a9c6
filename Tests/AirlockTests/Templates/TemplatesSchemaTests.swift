import AirlockKit
import Foundation
import Testing

/// `airlock templates schema`: the Configuration Migration schema to export Sales data with covers everything
/// the flows read from Sales, is typed from the catalog, reads back unchanged and validates.
struct TemplatesSchemaTests {
    static func bundledSchema() throws -> CMTSchema {
        try ExportSchemaBuilder.schema(for: try TemplateLoader.bundled(), catalog: try SchemaCatalogLoader.bundled())
    }

    @Test func coversEverySalesFieldTheTemplatesRead() throws {
        let schema = try Self.bundledSchema()
        for template in try TemplateLoader.bundled().templates {
            if template.source.side == .sales {
                let entity = try #require(schema.entity(named: template.source.entity), "\(template.name): \(template.source.entity)")
                for field in template.sourceFieldsRead {
                    let name = String(field.split(separator: ".").first ?? "")
                    #expect(entity.field(named: name) != nil, "\(template.name) reads \(template.source.entity).\(name)")
                }
            } else {
                // F&O → Sales: the converter compares what it writes with the records the export holds.
                let entity = try #require(schema.entity(named: template.target.entity), "\(template.name): \(template.target.entity)")
                for field in template.fields.map(\.target) + template.target.key.map(\.field) {
                    #expect(entity.field(named: field) != nil, "\(template.name) writes \(template.target.entity).\(field)")
                }
            }
            for field in template.fields {
                for lookup in field.lookup {
                    let entity = try #require(schema.entity(named: lookup.entity), "\(template.name): lookup \(lookup.entity)")
                    #expect(entity.field(named: lookup.keyAttribute) != nil, "\(template.name): \(lookup)")
                }
            }
        }
        // Key paths read the referenced record's business key.
        #expect(schema.entity(named: "quote")?.field(named: "quotenumber")?.updateCompare == true)
        #expect(schema.entity(named: "salesorder")?.field(named: "ordernumber") != nil)
        #expect(schema.entity(named: "invoice")?.field(named: "invoicenumber") != nil)
    }

    @Test func holdsTheEntitiesLookupsAndRulesNeedInDependencyOrder() throws {
        let schema = try Self.bundledSchema()
        let expected = [
            "transactioncurrency", "uomschedule", "uom", "pricelevel", "product", "productpricelevel", "account", "contact", "quote",
            "quotedetail", "salesorder", "salesorderdetail", "invoice", "invoicedetail",
        ]
        #expect(schema.entities.map(\.name) == expected)
        #expect(schema.entityImportOrder == expected)
        // price-list-item reads the lists' name, currency and state, their items, and the currencies' ISO codes.
        let lists = try #require(schema.entity(named: "pricelevel"))
        #expect(["name", "transactioncurrencyid", "statecode"].allSatisfy { lists.field(named: $0) != nil })
        let items = try #require(schema.entity(named: "productpricelevel"))
        #expect(["pricelevelid", "productid", "uomid", "amount"].allSatisfy { items.field(named: $0)?.type != nil })
        #expect(schema.entity(named: "transactioncurrency")?.field(named: "isocurrencycode")?.updateCompare == true)
        // invoiced-order-status reads the orders' state and status; freight-tax-line the write-in line's attributes.
        let orders = try #require(schema.entity(named: "salesorder"))
        #expect(orders.field(named: "statecode")?.type == .state)
        #expect(orders.field(named: "statuscode")?.type == .status)
        #expect(schema.entity(named: "salesorderdetail")?.field(named: "productdescription") != nil)
        // Every lookup the schema carries points to an entity that comes earlier, except within the account/contact
        // customer cycle.
        let order = schema.entityImportOrder ?? []
        for entity in schema.entities {
            for field in entity.fields where field.type.isLookup {
                for target in field.lookupTargets where target != entity.name && order.contains(target) {
                    let isCycle = Set([entity.name, target]) == ["account", "contact"]
                    #expect(
                        isCycle || order.firstIndex(of: target)! < order.firstIndex(of: entity.name)!,
                        "\(entity.name).\(field.name) → \(target)")
                }
            }
        }
    }

    @Test func entitiesAreTypedFromTheCatalog() throws {
        let schema = try Self.bundledSchema()
        let catalog = try SchemaCatalogLoader.bundled()
        for entity in schema.entities {
            let known = try #require(catalog.salesEntity(named: entity.name))
            #expect(entity.primaryIDField == known.primaryIdAttribute)
            #expect(entity.primaryNameField == known.primaryNameAttribute)
            #expect(entity.disablePlugins == false)
            let first = try #require(entity.fields.first)
            #expect(first.name == known.primaryIdAttribute && first.type == .guid && first.primaryKey == true, "\(entity.name)")
            if let name = known.primaryNameAttribute { #expect(entity.field(named: name) != nil, "\(entity.name)") }
            for key in known.naturalKey { #expect(entity.field(named: key)?.updateCompare == true, "\(entity.name).\(key)") }
            for field in entity.fields.dropFirst() {
                let attribute = try #require(known.attribute(named: field.name), "\(entity.name).\(field.name)")
                #expect(field.type.rawValue == attribute.type.rawValue, "\(entity.name).\(field.name)")
                #expect(field.displayName == attribute.displayName)
                #expect(field.updateCompare == (known.naturalKey.contains(field.name) ? true : nil), "\(entity.name).\(field.name)")
                if field.type.isLookup {
                    #expect(field.lookupType == attribute.lookupTargets.joined(separator: "|"), "\(entity.name).\(field.name)")
                } else {
                    #expect(field.lookupType == nil)
                }
            }
        }
        let customer = schema.entity(named: "quote")?.field(named: "customerid")
        #expect(customer?.type == .entityReference && customer?.lookupType == "account|contact")
    }

    @Test func roundTripsThroughTheSchemaReader() throws {
        let schema = try Self.bundledSchema()
        let bytes = try CMTSchemaWriter.bytes(schema)
        let read = try CMTSchemaReader.read(MemoryByteStream(bytes), location: SourceLocation(entry: "data_schema.xml"))
        #expect(read == schema)
        #expect(try CMTSchemaWriter.bytes(read) == bytes)
        #expect(try CMTSchemaWriter.bytes(try Self.bundledSchema()) == bytes, "the same templates give the same bytes")
    }

    @Test func theSampleSalesExportIsMadeWithTheSchema() throws {
        let schema = try Self.bundledSchema()
        let source = try openPackageSource(path: ConvertFixture.sampleSales)
        #expect(try source.open(CMTPackage.schemaMember).readAll() == CMTSchemaWriter.bytes(schema), "data_schema.xml is the generated one")
        // Every entity has a section (those Sales holds nothing of yet without records), and the records carry
        // values only for the schema's fields.
        let sample = try CMTPackageReader(path: ConvertFixture.sampleSales).read()
        #expect(sample.data.entities.map(\.name) == schema.entities.map(\.name))
        #expect(sample.data.entity(named: "invoice")?.recordCount == 0 && sample.data.entity(named: "invoicedetail")?.recordCount == 0)
        for section in sample.data.entities {
            let entity = try #require(schema.entity(named: section.name))
            let declared = Set(entity.fieldNames)
            for row in 0..<section.recordCount {
                for field in section.record(at: row).fields {
                    #expect(declared.contains(field.name), "\(section.name).\(field.name)")
                    #expect(!field.value.isEmpty, "\(section.name).\(field.name): an export writes no element for an empty value")
                }
            }
        }
    }

    /// The proof that the schema holds what `convert` reads: an export made with a wider schema (the sample's, plus
    /// attributes the flows do not read, with values in every record) converts exactly as the sample does (same
    /// counts, warnings, packages and rejects).
    @Test func anExportWithMoreFieldsThanTheSchemaConvertsLikeTheSample() throws {
        let folder = try Fixture.scratchDirectory("airlock-templates-schema")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let catalog = try SchemaCatalogLoader.bundled()
        let sample = try CMTPackageReader(path: ConvertFixture.sampleSales).read()
        var entities: [CMTSchemaEntity] = []
        var sections: [CMTEntityData] = []
        for section in sample.data.entities {
            var entity = try #require(sample.schema.entity(named: section.name))
            let salesEntity = try #require(catalog.salesEntity(named: section.name))
            // Two text attributes of the entity the schema leaves out.
            let extra = salesEntity.attributes.filter { $0.type == .string && entity.field(named: $0.logicalName) == nil }.prefix(2)
            entity.fields += extra.map { CMTSchemaField(name: $0.logicalName, type: .string, displayName: $0.displayName) }
            var wider = CMTEntityData(schema: entity)
            for row in 0..<section.recordCount {
                var record = section.record(at: row)
                record.fields += extra.map { CMTFieldValue(name: $0.logicalName, value: "x") }
                try wider.append(record)
            }
            entities.append(entity)
            sections.append(wider)
        }
        let widerPath = folder + "/sales-wider.zip"
        try CMTPackageWriter.write(
            CMTPackage(
                schema: CMTSchema(entities: entities, entityImportOrder: sample.schema.entityImportOrder),
                data: CMTData(timestamp: sample.data.timestamp, entities: sections)),
            to: widerPath)
        #expect(
            try CMTPackageReader(path: widerPath).schema.entities.reduce(0) { $0 + $1.fields.count }
                > sample.schema.entities.reduce(0) { $0 + $1.fields.count }, "the wider export really has more fields")

        let sampleRun = try ConvertFixture.convert(fo: ConvertFixture.sampleFO, sales: ConvertFixture.sampleSales, out: folder + "/sample")
            .report
        let widerRun = try ConvertFixture.convert(fo: ConvertFixture.sampleFO, sales: widerPath, out: folder + "/wider").report
        #expect(widerRun.flows == sampleRun.flows)
        #expect(widerRun.warnings == sampleRun.warnings)
        #expect(widerRun.totals == sampleRun.totals)
        for name in sampleRun.outputs.keys.sorted() {
            #expect(widerRun.outputs[name]?.sha256 == sampleRun.outputs[name]?.sha256, "\(name) differs")
        }
        #expect(Set(widerRun.outputs.keys) == Set(sampleRun.outputs.keys))
    }

    @Test func anEmptyPackageWithTheSchemaPassesValidate() throws {
        let folder = try Fixture.scratchDirectory("airlock-templates-schema")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let schema = try Self.bundledSchema()
        let path = folder + "/empty.zip"
        try CMTPackageWriter.write(
            CMTPackage(schema: schema, data: CMTData(entities: schema.entities.map { CMTEntityData(schema: $0) })), to: path)
        let report = try PackageValidator.validate(path: path, catalog: try SchemaCatalogLoader.bundled())
        let schemaFindings = report.findings.filter { $0.rule.hasPrefix("cmt.schema.") || $0.rule.hasPrefix("cmt.data.") }
        #expect(report.errors == 0, "\(report.findings.map { "\($0.rule): \($0.message)" })")
        #expect(schemaFindings.isEmpty, "\(schemaFindings.map { "\($0.rule): \($0.message)" })")
    }

    @Test func aTemplateFieldTheCatalogLacksIsReported() throws {
        let folder = try Fixture.scratchDirectory("airlock-templates-schema")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let quotes = try #require(try TemplateLoader.bundled().file(named: "quotes")).text
        let edited = quotes.replacingOccurrences(of: "from: shipto_city,", with: "from: new_shiptocity,")
        #expect(edited != quotes)
        try edited.write(toFile: folder + "/quotes.yaml", atomically: true, encoding: .utf8)
        let set = try TemplateLoader.load(directory: folder)
        #expect {
            try ExportSchemaBuilder.schema(for: set, catalog: try SchemaCatalogLoader.bundled())
        } throws: { error in
            let error = error as? AirlockError
            return error?.code == .invalidTemplate && error?.location.file == "quotes.yaml" && error?.location.field == "new_shiptocity"
                && (error?.message.contains("quote.new_shiptocity") ?? false)
        }
        // With the attribute added by a catalog extension, the schema carries it.
        let catalog = try SchemaCatalogLoader.merging(
            yaml: "salesEntities:\n  - logicalName: quote\n    attributes:\n      new_shiptocity: {type: string, maxLength: 80}\n",
            file: "ext.yaml", into: try SchemaCatalogLoader.bundled())
        let schema = try ExportSchemaBuilder.schema(for: set, catalog: catalog)
        #expect(schema.entity(named: "quote")?.field(named: "new_shiptocity")?.type == .string)
    }
}

import AirlockIO
import AirlockModel
import AirlockPackages

/// The Sales export masked: each section's masked fields replaced (lookups never: the policy refuses them), the
/// schema, the record attributes, the lookups' attributes and the many-to-many entries as they were.
enum MaskSalesSide {
    static func mask(
        _ path: String, to output: String?, policy: MaskPolicy, replacer: MaskReplacer, catalog: SchemaCatalog, report: inout MaskReport
    ) throws {
        let located = try PackageDetector.locate(openPackageSource(path: path))
        guard located.kind == .cmt else {
            throw AirlockError(.usage, "--sales takes a Configuration Migration package", at: SourceLocation(file: path))
        }
        var package = try CMTPackageReader(source: located.source).read()
        for index in package.data.entities.indices {
            let section = package.data.entities[index]
            let schema = catalog.salesEntity(named: section.name)
            let masking = MaskTable(
                side: "sales", entity: section.name, replacer: replacer,
                method: { name in
                    CMTRecordTable.isAttributeColumn(name)
                        ? nil : policy.method(side: "sales", entity: section.name, column: name, catalog: catalog)
                },
                maxLength: { schema?.attribute(named: $0)?.maxLength },
                isText: { name in
                    schema?.attribute(named: name)?.type == .string
                        && !MaskPolicy.isKey(side: "sales", entity: section.name, column: name, catalog: catalog)
                })
            package.data.entities[index].records.values = try masking.mask(section.records.values, report: &report)
            try maskLookupNames(&package.data.entities[index].records, policy: policy, replacer: replacer, catalog: catalog)
            report.records["sales", default: 0] += section.recordCount
        }
        guard let output else { return }
        try CMTPackageWriter.write(package, to: output)
    }

    /// The display names lookups carry (`lookupentityname="Alpine Ski House"`), masked as the referenced record's
    /// primary name is (an account's name, a contact's full name), so that they say what the masked record says.
    private static func maskLookupNames(
        _ records: inout CMTRecordTable, policy: MaskPolicy, replacer: MaskReplacer, catalog: SchemaCatalog
    ) throws {
        guard let position = records.fieldAttributes.firstIndex(where: { $0.name == CMTRecordTable.lookupEntityNameAttribute }) else {
            return
        }
        let names = records.fieldAttributes[position]
        let entities = records.attributeTable(named: CMTRecordTable.lookupEntityAttribute)
        // Per referenced entity, the method of its primary name (looked up once); per name, its mask (made once).
        var methods: [String: MaskMethod?] = [:]
        var masked: [String: String] = [:]
        var columns: [TableColumn] = []
        for (index, field) in names.columnNames.enumerated() {
            var column = TableColumn(name: field)
            column.reserve(rows: names.rowCount)
            let entityColumn = entities?.columnIndex(named: field)
            for row in 0..<names.rowCount {
                var value = names.value(row: row, column: index)
                if let text = value, let entityColumn, let entity = entities?.value(row: row, column: entityColumn) {
                    let method =
                        methods[entity]
                        ?? catalog.salesEntity(named: entity)?.primaryNameAttribute.flatMap {
                            policy.method(side: "sales", entity: entity, column: $0, catalog: catalog)
                        }
                    methods.updateValue(method, forKey: entity)
                    if let method {
                        let key = entity + "\u{0}" + text
                        let replacement = masked[key] ?? method.apply(text, with: replacer)
                        masked[key] = replacement
                        value = replacement
                    }
                }
                try column.append(value)
            }
            columns.append(column)
        }
        records.fieldAttributes[position] = Table(name: names.name, columns: columns)
    }
}

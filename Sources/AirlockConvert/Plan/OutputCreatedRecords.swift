import AirlockModel

/// The F&O records a run's own output creates, as reference data other flows may name: the records each flow to
/// F&O writes (by its entity's single key field), and those its import creates through a field marked
/// `createsReferenced` in the catalog (a customer's party by `PARTYNUMBER`, a CDS contact's contact person by
/// `CONTACTPERSONID`). A value one of them holds needs no record in the target before the import.
struct OutputCreatedRecords {
    /// By UPPERCASE field name: the lower-cased values written to it.
    private var valuesByField: [String: Set<String>] = [:]

    init(_ outputs: [FlowOutput], catalog: SchemaCatalog) {
        for output in outputs where output.template.target.side == .fo {
            guard let schema = catalog.foEntity(named: output.template.target.entity) else { continue }
            var fields = schema.fields.filter(\.createsReferenced).map(\.name)
            if schema.keyFields.count == 1 { fields.append(schema.keyFields[0]) }
            for field in fields {
                guard let column = output.accepted.columnIndex(named: field) else { continue }
                var values = valuesByField[field.uppercased()] ?? []
                for row in 0..<output.accepted.rowCount {
                    guard let value = output.accepted.value(row: row, column: column)?.trimmingASCIIWhitespace(), !value.isEmpty else {
                        continue
                    }
                    values.insert(value.lowercased())
                }
                valuesByField[field.uppercased()] = values
            }
        }
    }

    /// Whether the output creates the record of `entity` that `value` names.
    func holds(_ value: String, of entity: FOEntitySchema) -> Bool {
        let key = value.trimmingASCIIWhitespace().lowercased()
        return valuesByField.contains { field, values in entity.isReferenced(by: field) && values.contains(key) }
    }
}

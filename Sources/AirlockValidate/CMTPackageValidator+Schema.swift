import AirlockModel
import AirlockPackages

extension CMTPackageValidator {
    /// Checks `data_schema.xml` against the catalog: unknown entities and fields (warnings: environments add
    /// them), field types CMT cannot use for the attribute (errors), and lookup targets the attribute cannot
    /// point to (warnings); for an entity loaded for dual-write, the columns of its integration key it leaves out.
    func checkSchema(_ schema: CMTSchema, lines: CMTSchemaLines, file: String, into collector: FindingCollector) {
        var seen = Set<String>()
        let scope = CMTDualWriteScope(isForced: integration == .dualWrite)
        for entity in schema.entities where seen.insert(entity.name).inserted {
            let known = catalog.salesEntity(named: entity.name)
            if let key = scope.key(for: entity, catalog: known) {
                checkDualWriteKeyDeclared(key, entity, lines: lines, file: file, into: collector)
            }
            if known == nil {
                collector.add(
                    ValidationRules.cmtSchemaUnknownEntity, entity: entity.name, file: file, line: lines.line(entity: entity.name),
                    "'\(entity.name)' is not in the catalog, so only the schema's own types are checked (add it with a catalog extension to check more)"
                )
            }
            var seenFields = Set<String>()
            for field in entity.fields where seenFields.insert(field.name).inserted {
                let line = lines.line(entity: entity.name, field: field.name)
                guard field.type.isImportable else {
                    collector.add(
                        ValidationRules.cmtSchemaTypeMismatch, entity: entity.name, file: file, line: line, field: field.name,
                        value: field.type.rawValue,
                        "type '\(field.type.rawValue)' is not one CMT imports (types are lower case: string, guid, number, decimal, money, bool, datetime, optionsetvalue, state, status, entityreference, owner, partylist, …)"
                    )
                    continue
                }
                guard let known else { continue }
                guard let attribute = known.attribute(named: field.name) else {
                    collector.add(
                        ValidationRules.cmtSchemaUnknownField, entity: entity.name, file: file, line: line, field: field.name,
                        "'\(field.name)' is not an attribute of '\(entity.name)' in the catalog; its values are checked only by the schema type"
                    )
                    continue
                }
                if !field.type.fits(attribute.type) {
                    let basis = attribute.origin.certainty
                    collector.add(
                        ValidationRules.cmtSchemaTypeMismatch, entity: entity.name, file: file, line: line, field: field.name,
                        value: field.type.rawValue,
                        "the schema types '\(field.name)' as \(field.type.rawValue), but the attribute is \(attribute.type.rawValue); the importer fails to set the value"
                            + basis.findingNote(origin: attribute.origin, enforcement: attribute.enforcement),
                        severity: .resting(on: basis, enforcement: attribute.enforcement), basis: basis)
                    continue
                }
                if field.type.isLookup, !attribute.lookupTargets.isEmpty {
                    let allowed = Set(attribute.lookupTargets.map { $0.lowercased() })
                    for target in field.lookupTargets where !allowed.contains(target.lowercased()) {
                        collector.add(
                            ValidationRules.cmtSchemaLookupTarget, entity: entity.name, file: file, line: line, field: field.name,
                            value: target,
                            "lookupType names '\(target)', but '\(field.name)' points to \(attribute.lookupTargets.joined(separator: " or ")) in the catalog"
                        )
                    }
                }
            }
        }
    }

    /// Reports each column of `key` that the schema does not declare for `entity` (`cmt.schema.dual-write-key`).
    private func checkDualWriteKeyDeclared(
        _ key: SalesIntegrationKey, _ entity: CMTSchemaEntity, lines: CMTSchemaLines, file: String, into collector: FindingCollector
    ) {
        let declared = Set(entity.fields.map(\.name))
        for column in key.columns where !declared.contains(column) {
            collector.add(
                ValidationRules.cmtSchemaDualWriteKey, entity: entity.name, file: file, line: lines.line(entity: entity.name),
                field: column,
                "'\(entity.name)' is loaded for dual-write, but the schema does not declare '\(column)', a column of its dual-write integration key (\(key.columns.joined(separator: ", "))); no record can carry it, and dual-write could not match the rows to their finance and operations records"
                    + key.certainty.findingNote(origin: key.origin, enforcement: key.enforcement),
                severity: .resting(on: key.certainty, enforcement: key.enforcement), basis: key.certainty)
        }
    }
}

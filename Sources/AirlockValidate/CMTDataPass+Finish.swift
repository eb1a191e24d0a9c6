import AirlockCatalog
import AirlockIO
import AirlockModel
import AirlockPackages

extension CMTDataPass {
    // MARK: end of the document

    /// Reports what could only be judged once every record was read.
    func finish() {
        for entity in entities where !entity.isDeclared && entity.sections > 0 {
            collector.add(
                ValidationRules.cmtDataUndeclaredEntity, entity: entity.name, file: file, line: entity.firstLine,
                entity.name.isEmpty
                    ? "an <entity> section without a name (\(entity.records) records); CMT cannot import it"
                    : "data.xml has \(entity.records) record\(entity.records == 1 ? "" : "s") of '\(entity.name)', which data_schema.xml does not declare; CMT cannot import \(entity.records == 1 ? "it" : "them") (add the entity to the schema or remove the section)"
            )
        }
        for entity in entities where entity.isDeclared {
            for field in entity.fields where !field.isDeclared {
                collector.add(
                    ValidationRules.cmtDataUndeclaredField, entity: entity.name, file: file, line: field.undeclared.firstLine,
                    record: field.undeclared.firstRecord, field: field.name, value: field.undeclared.firstValue.map(Self.clip),
                    "\(field.undeclared.count) record\(field.undeclared.count == 1 ? " has" : "s have") a value for '\(field.name)', which data_schema.xml does not declare for '\(entity.name)'; CMT's schema validation stops on it"
                )
            }
            for field in entity.fields where field.cultureDates.count > 0 {
                let tally = field.cultureDates
                collector.add(
                    ValidationRules.cmtValueFormat, entity: entity.name, file: file, line: tally.firstLine, record: tally.firstRecord,
                    field: field.name, value: tally.firstValue,
                    "\(tally.count) date-time value\(tally.count == 1 ? " is" : "s are") in a culture format (as older CMT builds wrote them); the importing machine reads them with its own culture, so day and month may swap or the value be refused: write ISO 8601",
                    severity: .warning)
            }
        }
        for entity in entities {
            for field in entity.fields {
                for target in field.wrongTargetOrder {
                    guard let tally = field.wrongTargets[target], let allowed = field.allowedTargets else { continue }
                    let opening =
                        "\(tally.count) lookup\(tally.count == 1 ? " names" : "s name") lookupentity '\(target)', but '\(field.name)' points to \(allowed.sorted().joined(separator: " or "))"
                    // An error only where the catalog confirms the schema; where it does not know the column, or knows
                    // it points to the entity named, the package's schema and its records disagree and either may be wrong.
                    let confirmed = field.catalogTargets.map { !$0.contains(target) } ?? false
                    let message =
                        confirmed
                        ? "\(opening); Dataverse refuses a reference to another entity"
                        : field.catalogTargets?.contains(target) == true
                            ? "\(opening) in the package's schema, while the column can point to '\(target)': the schema's lookupType is out of step with the records; check it before the import"
                            : "\(opening) in the package's schema: the schema and the records disagree, and Airlock's catalog does not know the column to tell which is right; if it points to '\(target)' in the target environment the import takes it, else Dataverse refuses it"
                    collector.add(
                        ValidationRules.cmtSchemaLookupTarget, entity: entity.name, file: file, line: tally.firstLine,
                        record: tally.firstRecord,
                        field: field.name, value: tally.firstValue, message,
                        severity: confirmed && !field.areTargetsGuessed ? .error : .warning)
                }
            }
        }
        resolvePending()
        for entity in entities {
            for field in entity.fields {
                for target in field.outsideOrder {
                    guard let tally = field.outside[target] else { continue }
                    collector.add(
                        ValidationRules.cmtLookupOutsidePackage, entity: entity.name, file: file, line: tally.firstLine,
                        record: tally.firstRecord, field: field.name, value: tally.firstValue,
                        "\(tally.count) lookup\(tally.count == 1 ? " points" : "s point") to '\(target)', which the package does not carry; those records must already exist in the target environment\(target == "systemuser" || target == "team" ? " (or be mapped with CMT's user map)" : "") (say so with --expect-in-target ENTITY to silence this)"
                    )
                }
            }
        }
        reportNameMatches()
        reportLimits()
    }

    func resolvePending() {
        var unconfirmed = 0
        for position in 0..<pending.count {
            let entry = pending[position]
            let target = entities[entry.targetEntity]
            let source = entities[entry.sourceEntity]
            let field = source.fields[entry.field]
            if self.target?.holds(entity: target.name, guidHigh: entry.target.high, low: entry.target.low) == true { continue }
            if target.sections == 0 {
                if !expectedInTarget.contains(target.name) {
                    field.noteOutside(target.name, line: entry.line, record: entry.record?.text, value: entry.target.text)
                }
                continue
            }
            if target.ids.contains(entry.target) { continue }
            guard target.idsComplete else {
                unconfirmed += 1
                continue
            }
            let expected = expectedInTarget.contains(target.name) || !selfContained
            collector.add(
                ValidationRules.cmtLookupMissingRecord, entity: source.name, file: file, line: entry.line, record: entry.record?.text,
                field: field.name, value: entry.target.text,
                "the lookup points to '\(target.name)' record \(entry.target.text), which the package's '\(target.name)' records do not include\(expected ? "; it must already exist in the target environment" : "; the package is meant to be self-contained, and the importer cannot set it unless the record already exists in the target")",
                severity: expected ? .warning : .error)
        }
        if unconfirmed > 0 {
            collector.add(
                ValidationRules.cmtLookupMissingRecord, file: file,
                "\(unconfirmed) lookups could not be checked: their target entity has more records than the \(limits.maxRecordIDs) ids kept in memory",
                severity: .warning)
        }
        if pendingDropped > 0 {
            collector.add(
                ValidationRules.cmtLookupMissingRecord, file: file,
                "\(pendingDropped) lookups were not checked: more than \(limits.maxPendingLookups) lookups pointed to records not read yet (raise the limit, or order data.xml parents first)",
                severity: .warning)
        }
    }

    func reportNameMatches() {
        for entity in entities {
            guard let nameField = entity.nameField else { continue }
            let fieldName = entity.fields[nameField].name
            let key = entity.catalog?.naturalKey.first.map { " (e.g. \($0))" } ?? ""
            for duplicate in entity.nameReports {
                let listed = duplicate.records.joined(separator: ", ") + (duplicate.count > duplicate.records.count ? ", …" : "")
                collector.add(
                    ValidationRules.cmtSchemaNoUpdateCompare, entity: entity.name, file: file, line: duplicate.firstLine,
                    record: duplicate.records.first, field: fieldName, value: Self.clip(duplicate.name),
                    "\(duplicate.count) records share the primary name '\(Self.clip(duplicate.name))' (\(listed)); '\(entity.name)' has no updateCompare field, so when a record's id is not found CMT matches on the name and updates the first record with each of the others. Mark a unique field\(key) updateCompare=\"true\" in data_schema.xml"
                )
            }
            if entity.nameReportsDropped > 0 {
                collector.add(
                    ValidationRules.cmtSchemaNoUpdateCompare, entity: entity.name, file: file, field: fieldName,
                    "\(entity.nameReportsDropped) more records share a primary name with another record (only the first \(limits.maxNameMatchReports) shared names are listed)"
                )
            }
            if !entity.namesComplete {
                collector.add(
                    ValidationRules.cmtSchemaNoUpdateCompare, entity: entity.name, file: file, field: fieldName,
                    "primary names were checked only in part: more than \(limits.maxPrimaryNames) names are kept in memory")
            }
        }
    }

    func reportLimits() {
        let incomplete = entities.filter { !$0.idsComplete }.map(\.name)
        if !incomplete.isEmpty {
            collector.add(
                ValidationRules.cmtRecordDuplicateId, file: file,
                "record ids were checked for repeats only in part in \(incomplete.joined(separator: ", ")): more than \(limits.maxRecordIDs) ids are kept in memory",
                severity: .warning)
        }
    }

    // MARK: helpers

    func add(
        _ rule: ValidationRule, _ entity: CMTEntityCheck, line: Int, field: String? = nil, value: @autoclosure () -> String? = nil,
        _ message: @autoclosure () -> String, severity: ValidationSeverity? = nil, basis: CatalogCertainty? = nil
    ) {
        collector.add(
            rule, entity: entity.name, file: file, line: line, record: recordText, field: field, value: value(), message(),
            severity: severity, basis: basis)
    }

    /// Values in findings are cut at 200 characters.
    static func clip(_ text: String) -> String {
        text.count > 200 ? String(text.prefix(200)) + "…" : text
    }

    /// A 32-bit integer written plainly (optional `-`, at most 10 digits), else nil (the codec then decides).
    static func int32(_ bytes: UnsafeRawBufferPointer) -> Int? {
        var index = 0
        let negative = bytes.count > 0 && bytes[0] == 0x2D
        if negative { index = 1 }
        let digits = bytes.count - index
        guard digits > 0, digits <= 10 else { return nil }
        var value = 0
        while index < bytes.count {
            let byte = bytes[index]
            guard byte >= 0x30, byte <= 0x39 else { return nil }
            value = value * 10 + Int(byte &- 0x30)
            index += 1
        }
        value = negative ? -value : value
        return value >= Int(Int32.min) && value <= Int(Int32.max) ? value : nil
    }

    static func isTrueOrFalse(_ bytes: UnsafeRawBufferPointer) -> Bool {
        switch bytes.count {
        case 4: bytes[0] == 0x54 && bytes[1] == 0x72 && bytes[2] == 0x75 && bytes[3] == 0x65
        case 5: bytes[0] == 0x46 && bytes[1] == 0x61 && bytes[2] == 0x6C && bytes[3] == 0x73 && bytes[4] == 0x65
        default: false
        }
    }

    static func isISO(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var start = 0
        while start < bytes.count, bytes[start] == 0x20 { start += 1 }
        guard bytes.count - start >= 5 else { return false }
        for offset in 0..<4 where !(bytes[start + offset] >= 0x30 && bytes[start + offset] <= 0x39) { return false }
        return bytes[start + 4] == 0x2D
    }
}

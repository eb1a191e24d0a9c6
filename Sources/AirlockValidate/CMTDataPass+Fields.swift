import AirlockCatalog
import AirlockIO
import AirlockModel
import AirlockPackages

extension CMTDataPass {
    // MARK: fields

    func field(_ xml: XMLStreamReader, _ entity: CMTEntityCheck) throws {
        let line = xml.line
        let found: Int? = xml.withAttribute("name") { bytes in
            guard let bytes, bytes.count > 0 else { return nil }
            return entity.field(named: bytes)
        }
        guard let index = found else {
            add(
                ValidationRules.cmtDataUndeclaredField, entity, line: line,
                "a <field> has no name attribute; CMT cannot tell which attribute it sets")
            return try xml.skipElement()
        }
        let field = entity.fields[index]
        guard let type = field.type else {
            field.undeclared.note(line: line, record: recordText, value: xml.attribute("value"))
            return try xml.skipElement()
        }
        if case .partyList = type {
            if try partyList(xml, entity, parent: index) { field.seenStamp = stamp }
            return
        }
        let lookup = xml.withAttribute("value") { fieldValue($0, type, field, entity, line: line) }
        if let lookup {
            xml.withAttribute("lookupentity") { resolveLookup(lookup, field, index, entity, lookupEntity: $0, line: line) }
        }
        try xml.skipElement()
    }

    /// Checks the value of a declared field that is not a party list (nil: the field has no `value`); returns
    /// the record a lookup points to, for `resolveLookup`.
    func fieldValue(_ bytes: UnsafeRawBufferPointer?, _ type: CMTFieldType, _ field: CMTFieldCheck, _ entity: CMTEntityCheck, line: Int)
        -> CMTGUID?
    {
        guard let bytes else { return nil }
        if field.isDualWriteKey, Self.isFilled(bytes) { field.keyFilledStamp = stamp }
        if field.isDualWriteScope, Self.isYes(bytes) { entity.dualWriteScopeStamp = stamp }
        var lookup: CMTGUID?
        if checkValue(bytes, type, field, entity, line: line, lookup: &lookup) { field.seenStamp = stamp }
        return lookup
    }

    /// Checks one value; returns whether the field counts as having a value (for the required check).
    func checkValue(
        _ bytes: UnsafeRawBufferPointer, _ type: CMTFieldType, _ field: CMTFieldCheck, _ entity: CMTEntityCheck, line: Int,
        lookup: inout CMTGUID?
    ) -> Bool {
        switch type {
        case .string:
            guard bytes.count > 0 else { return false }
            if let limit = field.maxLength, bytes.count > limit {
                // HTML decoding only shortens a text, and a UTF-16 count never exceeds the UTF-8 one: only
                // texts with more bytes than the limit can be too long.
                let text = stringText(bytes)
                let length = text.utf16.count
                if length > limit {
                    let overPlatform = length > field.platformLength
                    let basis = overPlatform ? CatalogCertainty.platform : field.lengthCertainty
                    let platform =
                        overPlatform && limit < field.platformLength
                        ? ", and no Dataverse column of its kind takes more than \(field.platformLength)" : ""
                    add(
                        ValidationRules.cmtValueLength, entity, line: line, field: field.name, value: Self.clip(text),
                        "the text has \(length) characters; '\(field.name)' takes at most \(limit)\(platform)"
                            + basis.findingNote(origin: field.attribute?.origin, enforcement: field.enforcement),
                        severity: .resting(on: basis, enforcement: field.enforcement), basis: basis)
                }
            }
            if let nameField = entity.nameField, entity.fields[nameField] === field {
                primaryName = stringText(bytes)
            }
            return true
        case .guid:
            if CMTGUID(bytes) == nil { _ = decoded(bytes, type, field, entity, line: line) }
            return true
        case .entityReference, .owner, .lookup, .customer:
            if let id = CMTGUID(bytes) {
                lookup = id
            } else if let canonical = decoded(bytes, type, field, entity, line: line) {
                lookup = CMTGUID(canonical)
            }
            return true
        case .number, .optionSetValue, .state, .status:
            guard let value = Self.int32(bytes) ?? decoded(bytes, type, field, entity, line: line).flatMap({ Int($0) }) else { return true }
            if type.isOptionValue { checkOption(value, type, field, entity, line: line) }
            return true
        case .bool:
            if !Self.isTrueOrFalse(bytes) { _ = decoded(bytes, type, field, entity, line: line) }
            return true
        case .datetime:
            if decoded(bytes, type, field, entity, line: line) != nil, !Self.isISO(bytes) {
                field.cultureDates.note(line: line, record: recordText, value: String(decoding: bytes, as: UTF8.self))
            }
            return true
        case .optionSetValueCollection:
            guard let canonical = decoded(bytes, type, field, entity, line: line) else { return true }
            // "[-1,a,b,-1]": the sentinels are not options.
            let values = canonical.dropFirst().dropLast().split(separator: ",").compactMap { Int($0) }
            for value in values.dropFirst().dropLast() { checkOption(value, type, field, entity, line: line) }
            return true
        case .bigint, .decimal, .money, .float:
            _ = decoded(bytes, type, field, entity, line: line)
            return true
        case .partyList, .imageData, .fileData, .unknown, .other:
            return bytes.count > 0
        }
    }

    /// A string value's text: HTML-decoded when read from a file; as it is when the writer reports it.
    func stringText(_ bytes: UnsafeRawBufferPointer) -> String {
        let text = String(decoding: bytes, as: UTF8.self)
        return stringsAreEncoded ? CMTValueCodec.htmlDecode(text) : text
    }

    /// Decodes with `CMTValueCodec` (the rules the converter reads by); a value it refuses becomes a finding.
    func decoded(_ bytes: UnsafeRawBufferPointer, _ type: CMTFieldType, _ field: CMTFieldCheck, _ entity: CMTEntityCheck, line: Int)
        -> String?
    {
        let text = String(decoding: bytes, as: UTF8.self)
        do {
            return try CMTValueCodec.decode(text, as: type)
        } catch {
            let reason = (error as? AirlockError)?.message ?? "\(error)"
            add(
                ValidationRules.cmtValueFormat, entity, line: line, field: field.name, value: Self.clip(text),
                text.isEmpty ? "the value is empty; a \(type.rawValue) field without a value must be left out of the record" : reason)
            return nil
        }
    }

    func checkOption(_ value: Int, _ type: CMTFieldType, _ field: CMTFieldCheck, _ entity: CMTEntityCheck, line: Int) {
        if case .state = type, entity.stateField.map({ entity.fields[$0] === field }) == true { stateValue = value }
        guard let attribute = field.attribute, !attribute.options.isEmpty else { return }
        if let option = attribute.option(value) {
            if case .status = type, let state = option.state, entity.statusField.map({ entity.fields[$0] === field }) == true {
                statusState = (state, value, line)
            }
            return
        }
        var message = "\(value) is not an option of '\(field.name)' (known: \(attribute.optionsSummary))"
        let basis = attribute.optionsCertainty
        var severity = ValidationSeverity.resting(on: basis, enforcement: attribute.enforcement)
        if value == -1 {
            message += "; some exports write -1 for 'no value', which the importer may refuse: leave the field out instead"
            severity = .warning
        } else if severity == .warning {
            message += "; the catalog's list may be incomplete, so check it in the target environment or add it with a catalog extension"
        } else {
            message += "; the importer refuses the record (add the value with a catalog extension if the target environment has it)"
        }
        message += basis.findingNote(origin: attribute.origin, enforcement: attribute.enforcement)
        add(
            ValidationRules.cmtValueOption, entity, line: line, field: field.name, value: String(value), message, severity: severity,
            basis: basis)
    }

    // MARK: lookups

    /// Checks that lookup `id` of `field` (with its `lookupentity` attribute, if any) finds its record.
    func resolveLookup(
        _ id: CMTGUID, _ field: CMTFieldCheck, _ fieldIndex: Int, _ entity: CMTEntityCheck, lookupEntity: UnsafeRawBufferPointer?, line: Int
    ) {
        var targetIndex: Int?
        var targetName: String?
        if let bytes = lookupEntity, bytes.count > 0 {
            if let index = entityNames.index(of: bytes) {
                targetIndex = index
            } else {
                targetName = String(decoding: bytes, as: UTF8.self)
            }
        }
        if targetIndex == nil && targetName == nil {
            guard let fallback = field.defaultTarget else { return }
            if let index = entityIndex[fallback] { targetIndex = index } else { targetName = fallback }
        } else if let allowed = field.allowedTargets {
            let named = targetName ?? targetIndex.map { entities[$0].name } ?? ""
            if !allowed.contains(named) {
                field.noteWrongTarget(named, line: line, record: recordText, value: id.text)
                return
            }
        }
        lookup(id, targetIndex: targetIndex, targetName: targetName, field, fieldIndex, entity, line: line)
    }

    func lookup(
        _ id: CMTGUID, targetIndex: Int?, targetName: String?, _ field: CMTFieldCheck, _ fieldIndex: Int, _ entity: CMTEntityCheck,
        line: Int
    ) {
        if let targetIndex, entities[targetIndex].isDeclared {
            field.targetsInPackage.insert(targetIndex)
            if entities[targetIndex].ids.contains(id) { return }
            if pending.count < limits.maxPendingLookups {
                pending.append(
                    .init(
                        target: id, targetEntity: targetIndex, sourceEntity: entity.index, field: fieldIndex, line: line, record: recordID))
            } else {
                pendingDropped += 1
            }
            return
        }
        guard let name = targetName ?? targetIndex.map({ entities[$0].name }) else { return }
        if expectedInTarget.contains(name) { return }
        if target?.holds(entity: name, id: id.text) == true { return }
        field.noteOutside(name, line: line, record: recordText, value: id.text)
    }
}

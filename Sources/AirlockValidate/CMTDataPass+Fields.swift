import AirlockCatalog
import AirlockIO
import AirlockModel
import AirlockPackages

extension CMTDataPass {
    // MARK: fields

    func field(_ xml: XMLStreamReader, _ entity: CMTEntityCheck) throws {
        let found: Int? = xml.withAttribute("name") { bytes in
            guard let bytes, bytes.count > 0 else { return nil }
            return entity.field(named: bytes)
        }
        guard let index = found else {
            add(
                ValidationRules.cmtDataUndeclaredField, entity, line: xml.line,
                "a <field> has no name attribute; CMT cannot tell which attribute it sets")
            return try xml.skipElement()
        }
        let field = entity.fields[index]
        guard let type = field.type else {
            field.undeclared.note(line: xml.line, record: recordText, value: xml.attribute("value"))
            return try xml.skipElement()
        }
        if case .partyList = type {
            if try partyList(xml, entity, parent: index) { field.seenStamp = stamp }
            return
        }
        var lookup: CMTGUID?
        let hasValue: Bool = xml.withAttribute("value") { bytes in
            guard let bytes else { return false }
            if field.isDualWriteKey, Self.isFilled(bytes) { field.keyFilledStamp = stamp }
            if field.isDualWriteScope, Self.isYes(bytes) { entity.dualWriteScopeStamp = stamp }
            return checkValue(bytes, type, field, entity, xml, lookup: &lookup)
        }
        if hasValue { field.seenStamp = stamp }
        if let lookup { resolveLookup(lookup, field, index, entity, xml) }
        try xml.skipElement()
    }

    /// Checks one value; returns whether the field counts as having a value (for the required check).
    func checkValue(
        _ bytes: UnsafeRawBufferPointer, _ type: CMTFieldType, _ field: CMTFieldCheck, _ entity: CMTEntityCheck, _ xml: XMLStreamReader,
        lookup: inout CMTGUID?
    ) -> Bool {
        switch type {
        case .string:
            guard bytes.count > 0 else { return false }
            if let limit = field.maxLength, bytes.count > limit {
                // HTML decoding only shortens a text, and a UTF-16 count never exceeds the UTF-8 one: only
                // texts with more bytes than the limit can be too long.
                let text = CMTValueCodec.htmlDecode(String(decoding: bytes, as: UTF8.self))
                let length = text.utf16.count
                if length > limit {
                    let overPlatform = length > field.platformLength
                    let basis = overPlatform ? CatalogCertainty.platform : field.lengthCertainty
                    let platform =
                        overPlatform && limit < field.platformLength
                        ? ", and no Dataverse column of its kind takes more than \(field.platformLength)" : ""
                    add(
                        ValidationRules.cmtValueLength, entity, line: xml.line, field: field.name, value: Self.clip(text),
                        "the text has \(length) characters; '\(field.name)' takes at most \(limit)\(platform)"
                            + basis.findingNote(origin: field.attribute?.origin, enforcement: field.enforcement),
                        severity: .resting(on: basis, enforcement: field.enforcement), basis: basis)
                }
            }
            if let nameField = entity.nameField, entity.fields[nameField] === field {
                primaryName = CMTValueCodec.htmlDecode(String(decoding: bytes, as: UTF8.self))
            }
            return true
        case .guid:
            if CMTGUID(bytes) == nil { _ = decoded(bytes, type, field, entity, xml) }
            return true
        case .entityReference, .owner, .lookup, .customer:
            if let id = CMTGUID(bytes) {
                lookup = id
            } else if let canonical = decoded(bytes, type, field, entity, xml) {
                lookup = CMTGUID(canonical)
            }
            return true
        case .number, .optionSetValue, .state, .status:
            guard let value = Self.int32(bytes) ?? decoded(bytes, type, field, entity, xml).flatMap({ Int($0) }) else { return true }
            if type.isOptionValue { checkOption(value, type, field, entity, xml) }
            return true
        case .bool:
            if !Self.isTrueOrFalse(bytes) { _ = decoded(bytes, type, field, entity, xml) }
            return true
        case .datetime:
            if decoded(bytes, type, field, entity, xml) != nil, !Self.isISO(bytes) {
                field.cultureDates.note(line: xml.line, record: recordText, value: String(decoding: bytes, as: UTF8.self))
            }
            return true
        case .optionSetValueCollection:
            guard let canonical = decoded(bytes, type, field, entity, xml) else { return true }
            // "[-1,a,b,-1]": the sentinels are not options.
            let values = canonical.dropFirst().dropLast().split(separator: ",").compactMap { Int($0) }
            for value in values.dropFirst().dropLast() { checkOption(value, type, field, entity, xml) }
            return true
        case .bigint, .decimal, .money, .float:
            _ = decoded(bytes, type, field, entity, xml)
            return true
        case .partyList, .imageData, .fileData, .unknown, .other:
            return bytes.count > 0
        }
    }

    /// Decodes with `CMTValueCodec` (the rules the converter reads by); a value it refuses becomes a finding.
    func decoded(
        _ bytes: UnsafeRawBufferPointer, _ type: CMTFieldType, _ field: CMTFieldCheck, _ entity: CMTEntityCheck, _ xml: XMLStreamReader
    ) -> String? {
        let text = String(decoding: bytes, as: UTF8.self)
        do {
            return try CMTValueCodec.decode(text, as: type)
        } catch {
            let reason = (error as? AirlockError)?.message ?? "\(error)"
            add(
                ValidationRules.cmtValueFormat, entity, line: xml.line, field: field.name, value: Self.clip(text),
                text.isEmpty ? "the value is empty; a \(type.rawValue) field without a value must be left out of the record" : reason)
            return nil
        }
    }

    func checkOption(_ value: Int, _ type: CMTFieldType, _ field: CMTFieldCheck, _ entity: CMTEntityCheck, _ xml: XMLStreamReader) {
        if case .state = type, entity.stateField.map({ entity.fields[$0] === field }) == true { stateValue = value }
        guard let attribute = field.attribute, !attribute.options.isEmpty else { return }
        if let option = attribute.option(value) {
            if case .status = type, let state = option.state, entity.statusField.map({ entity.fields[$0] === field }) == true {
                statusState = (state, value, xml.line)
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
            ValidationRules.cmtValueOption, entity, line: xml.line, field: field.name, value: String(value), message, severity: severity,
            basis: basis)
    }

    // MARK: lookups

    func resolveLookup(_ id: CMTGUID, _ field: CMTFieldCheck, _ fieldIndex: Int, _ entity: CMTEntityCheck, _ xml: XMLStreamReader) {
        var targetIndex: Int?
        var targetName: String?
        xml.withAttribute("lookupentity") { bytes in
            guard let bytes, bytes.count > 0 else { return }
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
                field.noteWrongTarget(named, line: xml.line, record: recordText, value: id.text)
                return
            }
        }
        lookup(id, targetIndex: targetIndex, targetName: targetName, field, fieldIndex, entity, line: xml.line)
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
        field.noteOutside(name, line: line, record: recordText, value: id.text)
    }
}

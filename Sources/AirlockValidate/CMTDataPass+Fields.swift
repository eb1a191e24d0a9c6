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
            if let check = field.value, let limit = check.maxLength, bytes.count > limit {
                // HTML decoding only shortens a text, and a UTF-16 count never exceeds the UTF-8 one: only
                // texts with more bytes than the limit can be too long.
                let text = stringText(bytes)
                if let problem = check.lengthProblem(text) { add(problem, entity, line: line, field: field.name, value: Self.clip(text)) }
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
            for value in CMTFieldValueCheck.optionValues(canonical, type) { checkOption(value, type, field, entity, line: line) }
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

    /// Decodes as `type` (`CMTFieldValueCheck`, the check the converter runs too); a value it refuses becomes a finding.
    func decoded(_ bytes: UnsafeRawBufferPointer, _ type: CMTFieldType, _ field: CMTFieldCheck, _ entity: CMTEntityCheck, line: Int)
        -> String?
    {
        let text = String(decoding: bytes, as: UTF8.self)
        switch CMTFieldValueCheck.decoded(text, as: type) {
        case .success(let canonical):
            return canonical
        case .failure(let problem):
            add(problem, entity, line: line, field: field.name, value: Self.clip(text))
            return nil
        }
    }

    /// Checks option value `value` (`CMTFieldValueCheck.optionProblem`), and notes a state or status for the record's
    /// pair check.
    func checkOption(_ value: Int, _ type: CMTFieldType, _ field: CMTFieldCheck, _ entity: CMTEntityCheck, line: Int) {
        if case .state = type, entity.stateField.map({ entity.fields[$0] === field }) == true { stateValue = value }
        if case .status = type, let state = field.attribute?.option(value)?.state,
            entity.statusField.map({ entity.fields[$0] === field }) == true
        {
            statusState = (state, value, line)
        }
        if let problem = field.value?.optionProblem(value) { add(problem, entity, line: line, field: field.name, value: String(value)) }
    }

    /// Reports what `CMTFieldValueCheck` found in a value of `field`, shown as `value`.
    func add(_ problem: CMTFieldValueProblem, _ entity: CMTEntityCheck, line: Int, field: String, value: String) {
        add(problem.rule, entity, line: line, field: field, value: value, problem.message, severity: problem.severity, basis: problem.basis)
    }

    // MARK: lookups

    /// Checks that lookup `id` of `field` (with its `lookupentity` attribute, if any) finds its record.
    func resolveLookup(
        _ id: CMTGUID, _ field: CMTFieldCheck, _ fieldIndex: Int, _ entity: CMTEntityCheck, lookupEntity: UnsafeRawBufferPointer?, line: Int
    ) {
        var targetIndex: Int?
        var outside: CMTOutsideEntity?
        if let bytes = lookupEntity, bytes.count > 0 {
            if let index = entityNames.index(of: bytes) {
                targetIndex = index
            } else {
                outside = outsideEntity(bytes)
            }
        }
        if targetIndex == nil && outside == nil {
            guard let fallback = field.defaultTarget else { return }
            if let index = entityIndex[fallback] {
                targetIndex = index
            } else {
                outside = CMTOutsideEntity(name: fallback, isExpected: expectedInTarget.contains(fallback))
            }
        } else if field.allowedTargets != nil {
            let named = outside?.name ?? targetIndex.map { entities[$0].name } ?? ""
            if !field.allows(named) {
                field.noteWrongTarget(named, line: line, record: recordText, value: id.text)
                return
            }
        }
        lookup(id, targetIndex: targetIndex, outside: outside, field, fieldIndex, entity, line: line)
    }

    func lookup(
        _ id: CMTGUID, targetIndex: Int?, outside: CMTOutsideEntity?, _ field: CMTFieldCheck, _ fieldIndex: Int, _ entity: CMTEntityCheck,
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
        guard let name = outside?.name ?? targetIndex.map({ entities[$0].name }) else { return }
        if outside?.isExpected ?? expectedInTarget.contains(name) { return }
        if field.lastHeld?.id == id, field.lastHeld?.entity == name { return }
        if target?.holds(entity: name, guidHigh: id.high, low: id.low) == true {
            field.lastHeld = (name, id)
            return
        }
        field.noteOutside(name, line: line, record: recordText, value: id.text)
    }

    /// The entity a `lookupentity` names that the package does not carry, its name kept once for the lookups that
    /// name it again (the first `CMTOutsideEntity.keptNames` names; more are each made anew).
    func outsideEntity(_ bytes: UnsafeRawBufferPointer) -> CMTOutsideEntity {
        if let index = outsideNames.index(of: bytes) { return outsideEntities[index] }
        let name = String(decoding: bytes, as: UTF8.self)
        let outside = CMTOutsideEntity(name: name, isExpected: expectedInTarget.contains(name))
        if outsideEntities.count < CMTOutsideEntity.keptNames {
            outsideNames.add(name)
            outsideEntities.append(outside)
        }
        return outside
    }
}

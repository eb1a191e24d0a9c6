import AirlockPackages

/// The pass following `CMTDataWriter` instead of reading a file: the same checks, in the same order, on the
/// same lines and values as a read of the written `data.xml` would make (`CMTPackageValidator.validateWritten`).
extension CMTDataPass: CMTDataObserver {
    func rootStarted(timestamp: String?, line: Int) {
        checkTimestamp(timestamp, line: line)
    }

    func sectionStarted(name: String, line: Int) {
        let entity = section(named: name, line: line)
        writtenSection = entity
        writtenColumns = []
        writtenParty = nil
    }

    func recordStarted(id: UnsafeRawBufferPointer, line: Int) {
        guard let entity = writtenSection else { return }
        if entity.isDeclared {
            startRecord(entity, id: id, line: line)
        } else {
            entity.records += 1
        }
    }

    func field(column: Int, name: String, value: UnsafeRawBufferPointer, lookupEntity: UnsafeRawBufferPointer?, line: Int, hasMembers: Bool)
    {
        writtenParty = nil
        guard let entity = writtenSection, entity.isDeclared else { return }
        let index = fieldIndex(column: column, name: name, entity)
        guard index >= 0 else {
            add(
                ValidationRules.cmtDataUndeclaredField, entity, line: line,
                "a <field> has no name attribute; CMT cannot tell which attribute it sets")
            return
        }
        let field = entity.fields[index]
        guard let type = field.type else {
            field.undeclared.note(line: line, record: recordText, value: String(decoding: value, as: UTF8.self))
            return
        }
        if case .partyList = type {
            if hasMembers {
                field.seenStamp = stamp
                writtenParty = index
            }
            return
        }
        if let lookup = fieldValue(value, type, field, entity, line: line) {
            resolveLookup(lookup, field, index, entity, lookupEntity: lookupEntity, line: line)
        }
    }

    /// The field of the section's `column`, found by name when the column is first met (-1: no name).
    private func fieldIndex(column: Int, name: String, _ entity: CMTEntityCheck) -> Int {
        if column < writtenColumns.count, let known = writtenColumns[column] { return known }
        if column >= writtenColumns.count { writtenColumns += [Int?](repeating: nil, count: column + 1 - writtenColumns.count) }
        var name = name
        let index = name.isEmpty ? -1 : name.withUTF8 { entity.field(named: UnsafeRawBufferPointer($0)) }
        writtenColumns[column] = index
        return index
    }

    func partyMemberStarted(id: UnsafeRawBufferPointer, line: Int) {
        guard let entity = writtenSection, let parent = writtenParty else { return }
        partyMember(id: String(decoding: id, as: UTF8.self), entity, parentName: entity.fields[parent].name, line: line)
    }

    func partyMemberField(name: String, value: UnsafeRawBufferPointer, lookupEntity: UnsafeRawBufferPointer?, line: Int) {
        guard let entity = writtenSection, let parent = writtenParty else { return }
        if name == "partyid" { _ = entity.partyField(of: parent) }
        if let lookup = partyMemberValue(value, name: name, entity, parent: parent, line: line) {
            resolveLookup(lookup.id, entity.fields[lookup.field], lookup.field, entity, lookupEntity: lookupEntity, line: line)
        }
    }

    func partyMembersEnded() {
        writtenParty = nil
    }

    func recordEnded() {
        guard let entity = writtenSection, entity.isDeclared else { return }
        finishRecord(entity)
    }

    func manyToManyStarted(name: String?, sourceID: String?, line: Int) {
        guard let entity = writtenSection, entity.isDeclared else { return }
        writtenRelationship = name ?? "m2mrelationship"
        manyToManySource(sourceID, relationship: writtenRelationship, entity, line: line)
    }

    func manyToManyTarget(_ id: String, line: Int) {
        guard let entity = writtenSection, entity.isDeclared else { return }
        manyToManyTarget(id, relationship: writtenRelationship, entity, line: line)
    }
}

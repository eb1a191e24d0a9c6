import AirlockCatalog
import AirlockIO
import AirlockModel
import AirlockPackages

extension CMTDataPass {
    // MARK: party lists and many-to-many

    /// Reads the `<activitypointerrecords>` of a party list field; returns whether it had any.
    func partyList(_ xml: XMLStreamReader, _ entity: CMTEntityCheck, parent: Int) throws -> Bool {
        var members = 0
        let parentName = entity.fields[parent].name
        try xml.forEachChild {
            guard xml.hasName("activitypointerrecords") else { return try xml.skipElement() }
            members += 1
            partyMember(id: xml.attribute("id"), entity, parentName: parentName, line: xml.line)
            try xml.forEachChild {
                guard xml.hasName("field"), let name = xml.attribute("name") else { return try xml.skipElement() }
                try partyMemberField(xml, name: name, entity, parent: parent)
            }
        }
        return members > 0
    }

    /// Checks the id of a party list member of field `parentName`.
    func partyMember(id: String?, _ entity: CMTEntityCheck, parentName: String, line: Int) {
        let isGUID = id.map { CMTGUID($0) != nil } ?? false
        if !isGUID {
            add(
                ValidationRules.cmtRecordId, entity, line: line, field: parentName, value: id,
                id == nil ? "a party list member has no id attribute" : "a party list member's id is not a GUID")
        }
    }

    func partyMemberField(_ xml: XMLStreamReader, name: String, _ entity: CMTEntityCheck, parent: Int) throws {
        let line = xml.line
        // The synthetic field is made when its first element is met, with a value or not (findings keep that order).
        if name == "partyid" { _ = entity.partyField(of: parent) }
        let lookup = xml.withAttribute("value") { bytes in
            bytes.flatMap { partyMemberValue($0, name: name, entity, parent: parent, line: line) }
        }
        if let lookup {
            xml.withAttribute("lookupentity") {
                resolveLookup(lookup.id, entity.fields[lookup.field], lookup.field, entity, lookupEntity: $0, line: line)
            }
        }
        try xml.skipElement()
    }

    /// Checks the value of party member field `name` (of party list field `parent`); returns the party it points
    /// to with the synthetic field that checks it, for `resolveLookup`. Fields of other names are not checked.
    func partyMemberValue(_ bytes: UnsafeRawBufferPointer, name: String, _ entity: CMTEntityCheck, parent: Int, line: Int) -> (
        id: CMTGUID, field: Int
    )? {
        let type: CMTFieldType
        switch name {
        case "partyid", "activityid", "ownerid": type = .entityReference
        case "activitypartyid": type = .guid
        case "participationtypemask", "instancetypecode": type = .number
        case "donotemail", "donotfax", "donotpostalmail", "donotphone", "ispartydeleted": type = .bool
        default: return nil
        }
        let fieldIndex = name == "partyid" ? entity.partyField(of: parent) : nil
        let field = fieldIndex.map { entity.fields[$0] } ?? CMTFieldCheck(partyMember: entity.fields[parent].name + "/" + name)
        var lookup: CMTGUID?
        _ = checkValue(bytes, type, field, entity, line: line, lookup: &lookup)
        // Only the party itself is a reference the import resolves; activityid and ownerid repeat the activity's own.
        guard let lookup, let fieldIndex else { return nil }
        return (lookup, fieldIndex)
    }

    func manyToMany(_ xml: XMLStreamReader, _ entity: CMTEntityCheck) throws {
        try xml.forEachChild {
            guard xml.hasName("m2mrelationship") else { return try xml.skipElement() }
            let relationship = xml.attribute("m2mrelationshipname") ?? "m2mrelationship"
            manyToManySource(xml.attribute("sourceid"), relationship: relationship, entity, line: xml.line)
            try xml.forEachChild {
                guard xml.hasName("targetids") else { return try xml.skipElement() }
                try xml.forEachChild {
                    guard xml.hasName("targetid") else { return try xml.skipElement() }
                    let line = xml.line
                    manyToManyTarget(try xml.readElementText(), relationship: relationship, entity, line: line)
                }
            }
        }
    }

    /// Checks the source id of a many-to-many relationship (and makes it the record findings name).
    func manyToManySource(_ source: String?, relationship: String, _ entity: CMTEntityCheck, line: Int) {
        recordText = source
        if let source, CMTGUID(source) == nil {
            add(
                ValidationRules.cmtValueFormat, entity, line: line, field: relationship + "/sourceid", value: Self.clip(source),
                "the many-to-many source id is not a GUID")
        }
    }

    /// Checks a target id of a many-to-many relationship.
    func manyToManyTarget(_ text: String, relationship: String, _ entity: CMTEntityCheck, line: Int) {
        if CMTGUID(text) == nil {
            add(
                ValidationRules.cmtValueFormat, entity, line: line, field: relationship + "/targetid", value: Self.clip(text),
                "the many-to-many target id is not a GUID")
        }
    }
}

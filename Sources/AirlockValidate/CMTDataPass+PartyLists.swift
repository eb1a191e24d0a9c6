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
            let line = xml.line
            let id = xml.attribute("id")
            let isGUID = id.map { CMTGUID($0) != nil } ?? false
            if !isGUID {
                add(
                    ValidationRules.cmtRecordId, entity, line: line, field: parentName, value: id,
                    id == nil ? "a party list member has no id attribute" : "a party list member's id is not a GUID")
            }
            try xml.forEachChild {
                guard xml.hasName("field"), let name = xml.attribute("name") else { return try xml.skipElement() }
                try partyMemberField(xml, name: name, entity, parent: parent)
            }
        }
        return members > 0
    }

    func partyMemberField(_ xml: XMLStreamReader, name: String, _ entity: CMTEntityCheck, parent: Int) throws {
        let type: CMTFieldType
        switch name {
        case "partyid", "activityid", "ownerid": type = .entityReference
        case "activitypartyid": type = .guid
        case "participationtypemask", "instancetypecode": type = .number
        case "donotemail", "donotfax", "donotpostalmail", "donotphone", "ispartydeleted": type = .bool
        default: return try xml.skipElement()
        }
        let fieldIndex = name == "partyid" ? entity.partyField(of: parent) : nil
        let field = fieldIndex.map { entity.fields[$0] } ?? CMTFieldCheck(partyMember: entity.fields[parent].name + "/" + name)
        var lookup: CMTGUID?
        _ = xml.withAttribute("value") { bytes in
            guard let bytes else { return false }
            return checkValue(bytes, type, field, entity, xml, lookup: &lookup)
        }
        // Only the party itself is a reference the import resolves; activityid and ownerid repeat the activity's own.
        if let lookup, let fieldIndex { resolveLookup(lookup, field, fieldIndex, entity, xml) }
        try xml.skipElement()
    }

    func manyToMany(_ xml: XMLStreamReader, _ entity: CMTEntityCheck) throws {
        try xml.forEachChild {
            guard xml.hasName("m2mrelationship") else { return try xml.skipElement() }
            let relationship = xml.attribute("m2mrelationshipname") ?? "m2mrelationship"
            let source = xml.attribute("sourceid")
            recordText = source
            if let source, CMTGUID(source) == nil {
                add(
                    ValidationRules.cmtValueFormat, entity, line: xml.line, field: relationship + "/sourceid", value: Self.clip(source),
                    "the many-to-many source id is not a GUID")
            }
            try xml.forEachChild {
                guard xml.hasName("targetids") else { return try xml.skipElement() }
                try xml.forEachChild {
                    guard xml.hasName("targetid") else { return try xml.skipElement() }
                    let line = xml.line
                    let text = try xml.readElementText()
                    if CMTGUID(text) == nil {
                        add(
                            ValidationRules.cmtValueFormat, entity, line: line, field: relationship + "/targetid", value: Self.clip(text),
                            "the many-to-many target id is not a GUID")
                    }
                }
            }
        }
    }
}

import AirlockModel

/// The catalog's values in the image's order; `CatalogImageReader+Catalog` reads them in the same order, and
/// `CatalogImageTests` holds the two to a catalog equal to the one built from the YAML files.
extension CatalogImageWriter {
    mutating func catalog(_ catalog: SchemaCatalog) {
        list(catalog.foEntities) { $0.foEntity($1) }
        list(catalog.foEnums) { $0.foEnum($1) }
        list(catalog.salesEntities) { $0.salesEntity($1) }
    }

    private mutating func foEntity(_ entity: FOEntitySchema) {
        text(entity.label)
        text(entity.technicalName)
        optionalText(entity.publicName)
        flag(entity.isCompanySpecific)
        texts(entity.keyFields)
        list(entity.fields) { $0.foField($1) }
        texts(entity.alternatives)
        texts(entity.referencedBy)
        list(entity.requirements) { writer, requirement in
            writer.text(requirement.field)
            writer.texts(requirement.values)
            writer.texts(requirement.anyOf)
            writer.optionalText(requirement.source)
        }
        list(entity.loadOrder) { writer, order in
            writer.texts(order.key)
            writer.texts(order.references)
            writer.optionalText(order.source)
        }
        optionalText(entity.source)
        optionalText(entity.note)
    }

    private mutating func foField(_ field: FOFieldSchema) {
        text(field.name)
        foFieldType(field.type)
        flag(field.isMandatory)
        flag(field.isStagingMandatory)
        optionalText(field.mandatoryNote)
        optionalText(field.extendedDataType)
        optionalText(field.lengthBasis?.rawValue)
        optionalText(field.lengthEDT)
        optionalText(field.lengthSource)
        optionalText(field.lengthConflict)
        flag(field.isMemo)
        optionalText(field.enforcement?.rawValue)
        flag(field.inferredType)
        optionalText(field.inferredFrom)
        texts(field.allowedValues)
        flag(field.createsReferenced)
        optionalText(field.note)
    }

    /// The type's case as a number (0 string … 8 NoYes, as `CatalogImageReader` reads them), then its value.
    private mutating func foFieldType(_ type: FOFieldType) {
        switch type {
        case .string(let maxLength):
            number(0)
            optionalNumber(maxLength)
        case .int: number(1)
        case .int64: number(2)
        case .real: number(3)
        case .date: number(4)
        case .datetime: number(5)
        case .guid: number(6)
        case .enumeration(let name):
            number(7)
            text(name)
        case .noYes: number(8)
        }
    }

    private mutating func foEnum(_ schema: FOEnumSchema) {
        text(schema.name)
        texts(schema.symbols)
        flag(schema.isOpen)
        optionalNumber(schema.memberCount)
        optionalText(schema.note)
        optionalText(schema.source)
    }

    private mutating func salesEntity(_ entity: SalesEntitySchema) {
        text(entity.logicalName)
        optionalText(entity.displayName)
        text(entity.primaryIdAttribute)
        optionalText(entity.primaryNameAttribute)
        texts(entity.naturalKey)
        list(entity.attributes) { $0.salesAttribute($1) }
        optionalText(entity.source)
        optionalText(entity.note)
        optional(entity.dualWriteKey) { writer, key in
            writer.texts(key.columns)
            writer.optionalText(key.onlyWhen)
            writer.text(key.origin.rawValue)
            writer.optionalText(key.enforcement?.rawValue)
            writer.optionalText(key.source)
        }
    }

    private mutating func salesAttribute(_ attribute: SalesAttributeSchema) {
        text(attribute.logicalName)
        optionalText(attribute.displayName)
        text(attribute.type.rawValue)
        optionalNumber(attribute.maxLength)
        flag(attribute.assumedLength)
        optionalText(attribute.format)
        flag(attribute.isRequired)
        text(attribute.requiredLevel.rawValue)
        texts(attribute.integrationKeys.map(\.rawValue))
        texts(attribute.lookupTargets)
        list(attribute.options) { writer, option in
            writer.number(option.value)
            writer.text(option.label)
            writer.optionalNumber(option.state)
        }
        flag(attribute.isOptionSetOpen)
        optionalNumber(attribute.precision)
        optionalText(attribute.dateTimeBehavior?.rawValue)
        flag(attribute.isReadOnly)
        text(attribute.origin.rawValue)
        optionalText(attribute.enforcement?.rawValue)
        optionalText(attribute.source)
        optionalText(attribute.note)
    }
}

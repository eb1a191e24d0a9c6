import AirlockModel

/// The catalog's values in the order `CatalogImageWriter+Catalog` writes them, each entity built by its `init`
/// (which builds its indexes again).
extension CatalogImageReader {
    mutating func catalog() throws -> SchemaCatalog {
        let foEntities = try list { try $0.foEntity() }
        let foEnums = try list { try $0.foEnum() }
        let salesEntities = try list { try $0.salesEntity() }
        return SchemaCatalog(foEntities: foEntities, foEnums: foEnums, salesEntities: salesEntities)
    }

    private mutating func foEntity() throws -> FOEntitySchema {
        FOEntitySchema(
            label: try text(), technicalName: try text(), publicName: try optionalText(), isCompanySpecific: try flag(),
            keyFields: try texts(), fields: try list { try $0.foField() }, alternatives: try texts(), referencedBy: try texts(),
            requirements: try list { reader in
                FORecordRequirement(
                    field: try reader.text(), values: try reader.texts(), anyOf: try reader.texts(), source: try reader.optionalText())
            },
            loadOrder: try list { reader in
                FOLoadOrder(key: try reader.texts(), references: try reader.texts(), source: try reader.optionalText())
            },
            source: try optionalText(), note: try optionalText())
    }

    private mutating func foField() throws -> FOFieldSchema {
        FOFieldSchema(
            name: try text(), type: try foFieldType(), isMandatory: try flag(), isStagingMandatory: try flag(),
            mandatoryNote: try optionalText(), extendedDataType: try optionalText(),
            lengthBasis: try optional { try $0.choice(FOLengthBasis.self) }, lengthEDT: try optionalText(),
            lengthSource: try optionalText(), lengthConflict: try optionalText(), isMemo: try flag(),
            enforcement: try optional { try $0.choice(CatalogEnforcement.self) }, inferredType: try flag(),
            inferredFrom: try optionalText(), allowedValues: try texts(), createsReferenced: try flag(), note: try optionalText())
    }

    private mutating func foFieldType() throws -> FOFieldType {
        switch try number() {
        case 0: .string(maxLength: try optionalNumber())
        case 1: .int
        case 2: .int64
        case 3: .real
        case 4: .date
        case 5: .datetime
        case 6: .guid
        case 7: .enumeration(try text())
        case 8: .noYes
        default: throw Damaged()
        }
    }

    private mutating func foEnum() throws -> FOEnumSchema {
        FOEnumSchema(
            name: try text(), symbols: try texts(), isOpen: try flag(), memberCount: try optionalNumber(), note: try optionalText(),
            source: try optionalText())
    }

    private mutating func salesEntity() throws -> SalesEntitySchema {
        SalesEntitySchema(
            logicalName: try text(), displayName: try optionalText(), primaryIdAttribute: try text(),
            primaryNameAttribute: try optionalText(), naturalKey: try texts(), attributes: try list { try $0.salesAttribute() },
            source: try optionalText(), note: try optionalText(),
            dualWriteKey: try optional { reader in
                SalesIntegrationKey(
                    columns: try reader.texts(), onlyWhen: try reader.optionalText(), origin: try reader.choice(CatalogOrigin.self),
                    enforcement: try reader.optional { try $0.choice(CatalogEnforcement.self) }, source: try reader.optionalText())
            })
    }

    private mutating func salesAttribute() throws -> SalesAttributeSchema {
        SalesAttributeSchema(
            logicalName: try text(), displayName: try optionalText(), type: try choice(SalesAttributeType.self),
            maxLength: try optionalNumber(), assumedLength: try flag(), format: try optionalText(), isRequired: try flag(),
            requiredLevel: try choice(SalesRequiredLevel.self), integrationKeys: try list { try $0.choice(SyncIntegration.self) },
            lookupTargets: try texts(),
            options: try list { reader in
                SalesOptionValue(value: try reader.number(), label: try reader.text(), state: try reader.optionalNumber())
            },
            isOptionSetOpen: try flag(), precision: try optionalNumber(),
            dateTimeBehavior: try optional { try $0.choice(SalesDateTimeBehavior.self) }, isReadOnly: try flag(),
            origin: try choice(CatalogOrigin.self), enforcement: try optional { try $0.choice(CatalogEnforcement.self) },
            source: try optionalText(), note: try optionalText())
    }
}

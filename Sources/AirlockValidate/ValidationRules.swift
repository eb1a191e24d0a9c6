/// Every rule `validate` runs. Ids are stable: docs/validation.md lists them, and scripts may match on them.
public enum ValidationRules {
    // MARK: F&O package structure
    public static let foHeaderVersion = ValidationRule(
        "fo.header.version", .warning, "PackageHeader.xml has a PackageVersion other than 2, which current F&O writes")
    public static let foHeaderManifestType = ValidationRule(
        "fo.header.manifest-type", .error, "PackageHeader.xml names a ManifestType F&O does not know")
    public static let foHeaderPackageType = ValidationRule(
        "fo.header.package-type", .warning, "PackageHeader.xml has a PackageType other than DefinitionGroup")
    public static let foManifestOrder = ValidationRule(
        "fo.manifest.element-order", .error,
        "manifest or header members are not in alphabetical order; F&O's serializer silently drops out-of-order members")
    public static let foManifestUnknownEntity = ValidationRule(
        "fo.manifest.unknown-entity", .warning,
        "EntityName is not a label Airlock knows; F&O answers 'Entity … does not exist' if the target does not know it either")
    public static let foManifestDuplicateLabel = ValidationRule(
        "fo.manifest.duplicate-label", .error, "two manifest lines have the same EntityName (DMF030/DMF1966)")
    public static let foManifestNoEntityMap = ValidationRule(
        "fo.manifest.no-entity-map", .error, "a manifest line has no EntityMapList; the import then succeeds with zero rows")
    public static let foManifestNoInputFile = ValidationRule(
        "fo.manifest.no-input-file", .error, "a manifest line has no InputFilePath, so F&O cannot find the entity's data file")
    public static let foManifestTargetEntity = ValidationRule(
        "fo.manifest.target-entity", .warning, "TargetEntity is not the AOT name of the entity the label names")
    public static let foManifestExecutionOrder = ValidationRule(
        "fo.manifest.execution-order", .error, "an entity imports before, or in parallel with, an entity it references")
    public static let foFileMissing = ValidationRule("fo.file.missing", .error, "the data file a manifest line names is not in the package")
    public static let foFileUnlisted = ValidationRule(
        "fo.file.unlisted", .warning, "a file in the package is not named by any manifest line")
    public static let foFileUnreadable = ValidationRule(
        "fo.file.unreadable", .error, "an entity file cannot be read (malformed CSV or XML, undecodable text)")
    public static let foFileEncoding = ValidationRule(
        "fo.file.encoding", .error, "the file's encoding does not fit its SourceFormat ('Selected file is (not) Unicode')")
    public static let foFileLineEndings = ValidationRule(
        "fo.file.line-endings", .error,
        "records end with a bare LF; F&O's CSV-Unicode import needs CR LF ('the mapping is incorrect for entity …')")
    public static let foFileFormat = ValidationRule("fo.file.format", .warning, "the file's layout differs from its SourceFormat")
    public static let foFileColumnNotMapped = ValidationRule(
        "fo.file.column-not-mapped", .warning,
        "a file column is not in the manifest's EntityMapList: its values do not reach F&O (Microsoft's own demo packages carry such columns)"
    )
    public static let foFileLoadOrder = ValidationRule(
        "fo.file.load-order", .warning,
        "a row names another row of the same file (a customer its invoice account) that the file holds later than it")
    public static let foFileMappedColumnMissing = ValidationRule(
        "fo.file.mapped-column-missing", .warning, "the EntityMapList maps a column the file does not have")
    public static let foFieldUnknown = ValidationRule(
        "fo.field.unknown", .warning, "a column is not a field of the entity in the catalog (extend the catalog for custom fields)")
    public static let foFieldMandatoryMissing = ValidationRule(
        "fo.field.mandatory-missing", .error, "a mandatory field of the entity is not a column of the file")

    // MARK: F&O values
    public static let foValueMandatory = ValidationRule(
        "fo.value.mandatory", .error,
        "a mandatory field is empty, or a record fills none of the fields its kind needs (an organization's name)")
    public static let foValueInteger = ValidationRule("fo.value.integer", .error, "an integer field holds something else")
    public static let foValueReal = ValidationRule("fo.value.real", .error, "a decimal field holds something else")
    public static let foValueDate = ValidationRule("fo.value.date", .error, "a date or date-time field holds something that is not a date")
    public static let foValueSpreadsheet = ValidationRule(
        "fo.value.spreadsheet", .error,
        "a value looks damaged by a spreadsheet (scientific notation, decimal comma, thousands separators, stray spaces)")
    public static let foValueEnum = ValidationRule(
        "fo.value.enum", .error, "an enum field holds something that is not one of the enum's symbols")
    public static let foValueChoice = ValidationRule(
        "fo.value.choice", .error, "a text field that takes a fixed set of values (PARTYTYPE: Organization or Person) holds another")
    public static let foValueDateAmbiguous = ValidationRule(
        "fo.value.date-ambiguous", .warning,
        "a date column's values read as en-US (M/d/yyyy) and as en-GB (dd/MM/yyyy) with different dates; give the data project's locale with --fo-locale"
    )
    public static let foValueNoYes = ValidationRule("fo.value.noyes", .error, "a NoYes field holds something other than Yes or No")
    public static let foValueLength = ValidationRule(
        "fo.value.length", .error, "a text is longer than the field allows (a warning where the length is assumed)")
    public static let foKeyDuplicate = ValidationRule("fo.key.duplicate", .error, "two records have the same company and key (DMF1959)")
    public static let foReferenceMissing = ValidationRule(
        "fo.reference.missing", .warning,
        "a record refers to a parent record that the package's parent entity does not hold (an error with --self-contained)")

    // MARK: Configuration Migration packages
    public static let cmtContentTypes = ValidationRule("cmt.package.content-types", .warning, "the package has no [Content_Types].xml")
    public static let cmtContentTypesInvalid = ValidationRule(
        "cmt.package.content-types-invalid", .error, "[Content_Types].xml is not well-formed XML with a <Types> root")
    public static let cmtSchemaUnknownEntity = ValidationRule(
        "cmt.schema.unknown-entity", .warning, "a schema entity is not in the catalog")
    public static let cmtSchemaUnknownField = ValidationRule(
        "cmt.schema.unknown-field", .warning, "a schema field is not an attribute of the entity in the catalog")
    public static let cmtSchemaTypeMismatch = ValidationRule(
        "cmt.schema.type-mismatch", .error, "a schema field's type differs from the attribute's type")
    public static let cmtSchemaLookupTarget = ValidationRule(
        "cmt.schema.lookup-target", .warning, "a lookup field's lookupType names an entity the attribute cannot point to")
    public static let cmtSchemaImportOrder = ValidationRule(
        "cmt.schema.import-order", .warning,
        "entityImportOrder puts an entity before an entity it references (CMT then needs a second pass)")
    public static let cmtSchemaNoUpdateCompare = ValidationRule(
        "cmt.schema.name-match-risk", .warning,
        "an entity without an updateCompare field has records sharing a primary name: the importer would overwrite one with the other")
    public static let cmtDataUndeclaredEntity = ValidationRule(
        "cmt.data.undeclared-entity", .error, "data.xml has an entity the schema does not declare")
    public static let cmtDataUndeclaredField = ValidationRule(
        "cmt.data.undeclared-field", .error, "data.xml has a field the schema does not declare for its entity")
    public static let cmtSchemaDualWriteKey = ValidationRule(
        "cmt.schema.dual-write-key", .error,
        "an entity loaded for dual-write does not declare a column of its table's dual-write integration key (a warning where the key is a guess)"
    )
    public static let cmtRecordId = ValidationRule("cmt.record.id", .error, "a record id is not a GUID")
    public static let cmtRecordDuplicateId = ValidationRule("cmt.record.duplicate-id", .error, "two records of one entity have the same id")
    public static let cmtRecordDualWriteKey = ValidationRule(
        "cmt.record.dual-write-key", .error,
        "a record loaded for dual-write leaves a column of its table's dual-write integration key blank, so dual-write cannot match it (a warning where the key is a guess)"
    )
    public static let cmtValueFormat = ValidationRule(
        "cmt.value.format", .error, "a value is not in the format of its type (GUID, number, decimal, True/False, ISO date-time)")
    public static let cmtValueOption = ValidationRule(
        "cmt.value.option", .error, "an option-set, state or status value is not one of the attribute's options")
    public static let cmtValueLength = ValidationRule(
        "cmt.value.length", .error, "a text is longer than the attribute allows (a warning where the length is assumed)")
    public static let cmtValueRequired = ValidationRule(
        "cmt.value.required", .error,
        "a record leaves a column empty that the platform requires (an error), an integration the package is for matches on (an error; a warning when the package is not said to be for it), or only forms ask for (a notice)"
    )
    public static let cmtLookupMissingRecord = ValidationRule(
        "cmt.lookup.missing-record", .warning,
        "a lookup points to a record of an entity in the package that the package does not hold (an error with --self-contained)")
    public static let cmtLookupOutsidePackage = ValidationRule(
        "cmt.lookup.outside-package", .warning,
        "lookups point to an entity the package does not carry; those records must exist in the target")

    /// Every rule, in the order docs list them.
    public static let all: [ValidationRule] = [
        foHeaderVersion, foHeaderManifestType, foHeaderPackageType, foManifestOrder, foManifestUnknownEntity, foManifestDuplicateLabel,
        foManifestNoEntityMap, foManifestNoInputFile, foManifestTargetEntity, foManifestExecutionOrder, foFileMissing, foFileUnlisted,
        foFileUnreadable,
        foFileEncoding, foFileLineEndings, foFileFormat, foFileColumnNotMapped, foFileMappedColumnMissing, foFileLoadOrder, foFieldUnknown,
        foFieldMandatoryMissing,
        foValueMandatory, foValueInteger, foValueReal, foValueDate, foValueDateAmbiguous, foValueSpreadsheet, foValueEnum, foValueChoice,
        foValueNoYes,
        foValueLength,
        foKeyDuplicate, foReferenceMissing,
        cmtContentTypes, cmtContentTypesInvalid, cmtSchemaUnknownEntity, cmtSchemaUnknownField, cmtSchemaTypeMismatch,
        cmtSchemaLookupTarget,
        cmtSchemaImportOrder, cmtSchemaNoUpdateCompare, cmtSchemaDualWriteKey, cmtDataUndeclaredEntity, cmtDataUndeclaredField,
        cmtRecordId, cmtRecordDuplicateId, cmtRecordDualWriteKey, cmtValueFormat, cmtValueOption, cmtValueLength, cmtValueRequired,
        cmtLookupMissingRecord,
        cmtLookupOutsidePackage,
    ]
}

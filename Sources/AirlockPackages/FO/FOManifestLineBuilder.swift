import AirlockIO

/// Makes manifest lines for entities Airlock writes, with every member a modern F&O export has.
public enum FOManifestLineBuilder {
    /// A manifest line for entity `label` whose CSV file has `columns` (entity field names, upper case).
    /// - Parameters:
    ///   - technicalName: the AOT name for `TargetEntity`; looked up from the label when nil.
    ///   - sourceFormat: the target environment's source data format record (`CSV-Unicode`, `CSV`, ...).
    public static func line(label: String, technicalName: String?, columns: [String], sourceFormat: String) -> FOManifestEntity {
        var entity = FOManifestEntity(entityName: label)
        entity.defaultRefreshType = "FullPush"
        entity.disable = false
        entity.entityMap = columns.map { FOEntityMapping(field: $0) }
        entity.entityTransforms = nil
        entity.excelSheetName = ""
        entity.failExecutionUnitOnError = false
        entity.failLevelOnError = false
        entity.inputFilePath = FOFileName.forEntity(label, ext: "csv")
        entity.queryFilterIsNil = true
        entity.runBusinessLogic = true
        entity.runBusinessValidation = true
        entity.sampleFilePath = ""
        entity.sourceFormat = sourceFormat
        entity.targetEntity = technicalName ?? FOEntityNames.forLabel(label)?.technicalName
        entity.validationStatus = "Yes"
        return entity
    }
}

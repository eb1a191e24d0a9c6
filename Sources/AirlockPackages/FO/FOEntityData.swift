import AirlockModel

/// One entity of an F&O package read into memory: its manifest line, what the file held, and the records.
///
/// Table columns are named by the manifest's field map (`EntityField`, upper case); file columns the map does
/// not mention keep their own name and are listed in `summary.warnings`.
public struct FOEntityData: Sendable {
    public var entity: FOManifestEntity
    public var summary: FOEntityFileSummary
    public var table: Table

    public init(entity: FOManifestEntity, summary: FOEntityFileSummary, table: Table) {
        self.entity = entity
        self.summary = summary
        self.table = table
    }
}

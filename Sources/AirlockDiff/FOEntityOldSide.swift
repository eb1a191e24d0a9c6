import AirlockIO
import AirlockModel
import AirlockPackages
import AirlockReconcile

/// One F&O entity after the first step of its diff: its columns planned from both files, its old file read into a
/// key index, and what the second step needs of the new file's layout. A class, so that the index (about 50 bytes
/// an old record) is handed from one step to the other without a copy.
final class FOEntityOldSide: @unchecked Sendable {
    let label: String
    let oldLine: FOManifestEntity?
    let newLine: FOManifestEntity?
    let columns: FODiffColumns
    /// The report so far (key, fields only one file has, the old file's records).
    var result: FODiffer.EntityResult
    var warnings: [String]
    /// The new file's columns, format and encoding, as its probe found them.
    let newColumns: [String]
    let newFormat: FODataFormat?
    let newEncoding: TextEncoding?
    /// The old file's key index (empty when the old export lacks the entity); the second step takes it out.
    var index: DiffKeyIndex
    /// The keys the old file repeats.
    var oldRepeats = DiffKeyRepeats()

    init(
        label: String, oldLine: FOManifestEntity?, newLine: FOManifestEntity?, columns: FODiffColumns, result: FODiffer.EntityResult,
        warnings: [String], newColumns: [String], newFormat: FODataFormat?, newEncoding: TextEncoding?
    ) {
        self.label = label
        self.oldLine = oldLine
        self.newLine = newLine
        self.columns = columns
        self.result = result
        self.warnings = warnings
        self.newColumns = newColumns
        self.newFormat = newFormat
        self.newEncoding = newEncoding
        self.index = DiffKeyIndex(fieldCount: columns.compared.count)
    }
}

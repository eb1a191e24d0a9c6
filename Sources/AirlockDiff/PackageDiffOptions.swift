import AirlockModel

/// What to compare and where to write (`airlock diff`).
public struct PackageDiffOptions: Sendable, Hashable {
    /// The earlier export (zip or folder).
    public var oldPath: String
    /// The later export of the same kind.
    public var newPath: String
    /// The output folder: `delta.zip`, `deleted.csv`, `diff.json`.
    public var outputDirectory: String
    /// Replace the contents of a non-empty output folder.
    public var force: Bool
    /// F&O natural keys given by the user, by entity name or AOT name (lower-cased) → key columns.
    public var keys: [String: [String]]

    public init(oldPath: String, newPath: String, outputDirectory: String, force: Bool = false, keys: [String: [String]] = [:]) {
        self.oldPath = oldPath
        self.newPath = newPath
        self.outputDirectory = outputDirectory
        self.force = force
        self.keys = keys
    }

    /// Reads `ENTITY=COLUMN,COLUMN` (as `--key` gives it) into the entity (lower-cased) and its key columns.
    /// - Throws: `AirlockError(.usage)` when the text has no entity or no column.
    public static func parseKey(_ text: String) throws -> (entity: String, columns: [String]) {
        guard let equals = text.lastIndex(of: "=") else {
            throw AirlockError(
                .usage, "--key \(text): write it as ENTITY=COLUMN[,COLUMN…], e.g. \"Customers V3=CUSTOMERACCOUNT,DATAAREAID\"")
        }
        let entity = text[..<equals].trimmingCharacters(in: .whitespaces)
        let columns = text[text.index(after: equals)...].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
        guard !entity.isEmpty, !columns.isEmpty else {
            throw AirlockError(
                .usage, "--key \(text): write it as ENTITY=COLUMN[,COLUMN…], e.g. \"Customers V3=CUSTOMERACCOUNT,DATAAREAID\"")
        }
        return (entity.lowercased(), columns)
    }
}

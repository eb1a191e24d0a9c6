import AirlockModel

/// One package of a batched side: its file, what it holds and its size.
public struct PackageBatch: Sendable, Equatable, Codable {
    /// One entity's records in the batch.
    public struct Section: Sendable, Equatable, Codable {
        /// The entity: a Sales logical name, or an F&O entity name as its manifest line names it.
        public var entity: String
        /// Its records in this batch.
        public var records: Int
        /// Whether the entity's records continue in the next batch (a cut inside the section).
        public var continues: Bool

        public init(entity: String, records: Int, continues: Bool) {
            self.entity = entity
            self.records = records
            self.continues = continues
        }
    }

    /// The file name (`to-sales-0001.zip`), inside the folder the series is written to.
    public var fileName: String
    /// The batch's number in its series, from 1.
    public var number: Int
    /// Its entity sections, in the order the package holds (and imports) them.
    public var sections: [Section]
    /// The zip file's size in bytes (0 for a batch written as plain members, until it is zipped).
    public var bytes: Int64

    public init(fileName: String, number: Int, sections: [Section], bytes: Int64) {
        self.fileName = fileName
        self.number = number
        self.sections = sections
        self.bytes = bytes
    }

    /// Records in the batch, all entities together.
    public var records: Int { sections.reduce(0) { $0 + $1.records } }

    /// The folder a batch written as plain members (`PackageForm.plainMembers`) is written into, inside the folder
    /// the series is written to: its file name without `.zip`.
    public var plainFolderName: String { fileName.hasSuffix(".zip") ? String(fileName.dropLast(4)) : fileName + ".members" }

    /// The file name of batch `number` of the series `stem` (`RunLayout.batchFile`).
    public static func fileName(stem: String, number: Int) -> String { RunLayout.batchFile(stem: stem, number: number) }
}

/// What `airlock inspect` found in one package; encodes to the JSON documented in docs/json-output.md.
public struct InspectReport: Sendable, Codable, Equatable {
    /// `fo` or `cmt`.
    public var kind: String
    /// The path inspected.
    public var path: String
    public var metadata: Metadata
    public var entities: [Entity]
    /// Package-level problems that did not stop inspection.
    public var warnings: [String]

    /// What the warning of a file no manifest line names says after the file's name (`<file>: <this>`).
    public static let unnamedFileWarning = "the file is in the package but no manifest line names it"
    /// The warnings of files no manifest line names that the text lists (one a zip entry, so a zip of 100,000 stray
    /// entries would list 100,000); the others are counted on one line. The JSON lists every one.
    public static let unnamedFilesListed = 50

    /// Package metadata: the F&O definition group and description, or the Sales export timestamp.
    public struct Metadata: Sendable, Codable, Equatable {
        public var definitionGroup: String?
        public var description: String?
        public var packageVersion: Int?
        public var exportTimestamp: String?

        public init(definitionGroup: String? = nil, description: String? = nil, packageVersion: Int? = nil, exportTimestamp: String? = nil)
        {
            self.definitionGroup = definitionGroup
            self.description = description
            self.packageVersion = packageVersion
            self.exportTimestamp = exportTimestamp
        }
    }

    /// One entity: name, technical name, file, format, encoding, columns and record count.
    public struct Entity: Sendable, Codable, Equatable {
        /// F&O entity label or Sales logical name.
        public var name: String
        /// AOT name (F&O) when known; nil for Sales.
        public var technicalName: String?
        /// The zip entry or file holding the data.
        public var file: String
        /// `CSV`, `CSV-Unicode`, `XML-Element`, `XML-Attribute`, `EXCEL` or `CMT`.
        public var format: String
        /// `UTF-8`, `UTF-8-BOM`, `UTF-16LE`, `UTF-16BE`; nil for workbooks.
        public var encoding: String?
        /// Column names as in the file (F&O) or the schema (Sales).
        public var columns: [String]
        public var records: Int

        public init(name: String, technicalName: String?, file: String, format: String, encoding: String?, columns: [String], records: Int)
        {
            self.name = name
            self.technicalName = technicalName
            self.file = file
            self.format = format
            self.encoding = encoding
            self.columns = columns
            self.records = records
        }
    }

    public init(kind: String, path: String, metadata: Metadata, entities: [Entity], warnings: [String]) {
        self.kind = kind
        self.path = path
        self.metadata = metadata
        self.entities = entities
        self.warnings = warnings
    }
}

extension InspectReport.Entity {
    enum CodingKeys: String, CodingKey {
        case name, technicalName, file, format, encoding, columns, records
    }

    /// Encodes absent values as `null`, so every documented key is always present.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(technicalName, forKey: .technicalName)
        try container.encode(file, forKey: .file)
        try container.encode(format, forKey: .format)
        try container.encode(encoding, forKey: .encoding)
        try container.encode(columns, forKey: .columns)
        try container.encode(records, forKey: .records)
    }
}

extension InspectReport.Metadata {
    enum CodingKeys: String, CodingKey {
        case definitionGroup, description, packageVersion, exportTimestamp
    }

    /// Encodes absent values as `null`, so every documented key is always present.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(definitionGroup, forKey: .definitionGroup)
        try container.encode(description, forKey: .description)
        try container.encode(packageVersion, forKey: .packageVersion)
        try container.encode(exportTimestamp, forKey: .exportTimestamp)
    }
}

/// Where in the input something happened: file, zip entry, line, column, entity, record and field.
///
/// Every part is optional; an error names as much of it as is known.
public struct SourceLocation: Sendable, Hashable, Codable {
    /// The file on disk (a zip, a folder or a plain file).
    public var file: String?
    /// The member inside a zip or folder package.
    public var entry: String?
    /// 1-based line number in the entry's text.
    public var line: Int?
    /// 1-based column (in characters of the decoded text, or bytes where noted).
    public var column: Int?
    /// Entity label (F&O) or logical name (Sales).
    public var entity: String?
    /// Record key or id.
    public var record: String?
    /// Field or column name.
    public var field: String?

    public init(
        file: String? = nil, entry: String? = nil, line: Int? = nil, column: Int? = nil,
        entity: String? = nil, record: String? = nil, field: String? = nil
    ) {
        self.file = file
        self.entry = entry
        self.line = line
        self.column = column
        self.entity = entity
        self.record = record
        self.field = field
    }

    /// Fills the parts of `self` that are unknown from `outer` (an enclosing context).
    public func within(_ outer: SourceLocation) -> SourceLocation {
        SourceLocation(
            file: file ?? outer.file, entry: entry ?? outer.entry, line: line ?? outer.line,
            column: column ?? outer.column, entity: entity ?? outer.entity,
            record: record ?? outer.record, field: field ?? outer.field)
    }

    /// A compact human-readable prefix such as `pkg.zip: Manifest.xml: line 3, column 7`.
    public var description: String {
        var parts: [String] = []
        if let file { parts.append(file) }
        if let entry { parts.append(entry) }
        var position: [String] = []
        if let line { position.append("line \(line)") }
        if let column { position.append("column \(column)") }
        if !position.isEmpty { parts.append(position.joined(separator: ", ")) }
        var subject: [String] = []
        if let entity { subject.append("entity \(entity)") }
        if let record { subject.append("record \(record)") }
        if let field { subject.append("field \(field)") }
        if !subject.isEmpty { parts.append(subject.joined(separator: ", ")) }
        return parts.joined(separator: ": ")
    }
}

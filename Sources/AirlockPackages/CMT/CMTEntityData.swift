import AirlockModel

/// One `<entity>` section of `data.xml`: its records, party list members and many-to-many associations.
///
/// Equality compares everything, `valueProblems` included: a section read in collect mode with problems holds
/// undecoded text, so it is not the same data as one whose values all decoded.
public struct CMTEntityData: Sendable, Equatable {
    /// The column of `partyMembers` holding the owning record's row in `records` (decimal text).
    public static let partyRecordColumn = "@record"
    /// The column of `partyMembers` holding the party list field the member belongs to.
    public static let partyFieldColumn = "@field"

    /// Logical name.
    public var name: String
    /// `displayname`.
    public var displayName: String?
    /// Other attributes of the `<entity>` element, in order.
    public var otherAttributes: [CMTAttribute]
    /// The records: `@id`, then one column per schema field in schema order, then fields the schema does not
    /// declare (in order of appearance).
    public var records: CMTRecordTable
    /// Every `<activitypointerrecords>` of every party list field, in document order: `@record`, `@field`,
    /// `@id`, then their fields.
    public var partyMembers: CMTRecordTable
    /// `<m2mrelationships>/<m2mrelationship>`, in order.
    public var manyToMany: [CMTManyToManyAssociation]
    /// Fields found in `data.xml` that the schema does not declare (their values are kept as written).
    public var undeclaredFields: [String]
    /// Field values that did not decode by their schema type, in document order: filled only by a
    /// `CMTDataReader` in `CMTValueProblemMode.collect` (empty otherwise, and costs nothing then). Each value
    /// stays in `records` (or `partyMembers`) as written; the writer will refuse it until it is fixed or removed.
    public var valueProblems: [CMTValueProblemRecord]

    /// An empty section whose records table has `@id` and then `fieldNames`.
    public init(name: String, displayName: String? = nil, fieldNames: [String], otherAttributes: [CMTAttribute] = []) {
        self.name = name
        self.displayName = displayName
        self.otherAttributes = otherAttributes
        self.records = CMTRecordTable(name: name, columnNames: [CMTRecordTable.idColumn] + fieldNames)
        self.partyMembers = CMTRecordTable(
            name: name, columnNames: [Self.partyRecordColumn, Self.partyFieldColumn, CMTRecordTable.idColumn])
        self.manyToMany = []
        self.undeclaredFields = []
        self.valueProblems = []
    }

    /// An empty section for schema entity `entity` (columns in schema order).
    public init(schema entity: CMTSchemaEntity) {
        self.init(name: entity.name, displayName: entity.displayName, fieldNames: entity.fieldNames)
    }

    /// Number of records.
    public var recordCount: Int { records.count }

    /// Appends a record given as values (fields not yet in the table get a column; party members go to
    /// `partyMembers`). Values are stored as given; the writer canonicalises them per schema type.
    /// - Throws: `AirlockError(.invalidValue)` when a field appears twice.
    public mutating func append(_ record: CMTRecord) throws {
        let row = records.count
        try records.append(leading: [(CMTRecordTable.idColumn, record.id)], otherAttributes: record.otherAttributes, fields: record.fields)
        for field in record.fields {
            for member in field.partyMembers {
                try partyMembers.append(
                    leading: [
                        (Self.partyRecordColumn, String(row)), (Self.partyFieldColumn, field.name), (CMTRecordTable.idColumn, member.id),
                    ],
                    otherAttributes: member.otherAttributes, fields: member.fields)
            }
        }
    }

    /// Record `row` as a value, party members included (scans `partyMembers`; meant for one record at a time).
    public func record(at row: Int) -> CMTRecord {
        let content = records.rowContent(row, excluding: [CMTRecordTable.idColumn])
        var record = CMTRecord(
            id: records.values.value(row: row, column: 0) ?? "", otherAttributes: content.attributes, fields: content.fields)
        let ownerColumn = partyMembers.values.columnIndex(named: Self.partyRecordColumn)
        let fieldColumn = partyMembers.values.columnIndex(named: Self.partyFieldColumn)
        let idColumn = partyMembers.values.columnIndex(named: CMTRecordTable.idColumn)
        guard let ownerColumn, let fieldColumn, let idColumn, partyMembers.count > 0 else { return record }
        let rowText = String(row)
        let excluded: Set<String> = [Self.partyRecordColumn, Self.partyFieldColumn, CMTRecordTable.idColumn]
        for member in 0..<partyMembers.count where partyMembers.values.value(row: member, column: ownerColumn) == rowText {
            guard let fieldName = partyMembers.values.value(row: member, column: fieldColumn) else { continue }
            let index =
                record.fields.firstIndex { $0.name == fieldName }
                ?? {
                    record.fields.append(CMTFieldValue(name: fieldName, value: ""))
                    return record.fields.count - 1
                }()
            let memberContent = partyMembers.rowContent(member, excluding: excluded)
            record.fields[index].partyMembers.append(
                CMTRecord(
                    id: partyMembers.values.value(row: member, column: idColumn) ?? "", otherAttributes: memberContent.attributes,
                    fields: memberContent.fields))
        }
        return record
    }
}

import AirlockModel
import AirlockPackages

/// What the validator knows and has counted about one entity while it streams `data.xml`: its fields, the
/// record ids seen (for duplicates and lookups) and the primary names seen (for the name-match risk). Used from
/// its pass's thread only, so its state is not checked for exclusive access at run time.
final class CMTEntityCheck {
    let name: String
    let index: Int
    /// The schema entity; nil when only `data.xml` has the entity.
    let schema: CMTSchemaEntity?
    let catalog: SalesEntitySchema?
    /// Schema fields in schema order, then undeclared fields and party member fields as met.
    @exclusivity(unchecked) private(set) var fields: [CMTFieldCheck]
    /// Finds a field by the bytes of its name (schema and undeclared fields); `nameFields` maps to `fields`.
    @exclusivity(unchecked) private var names: CMTNameMatcher
    @exclusivity(unchecked) private var nameFields: [Int]
    /// Declared fields a record must fill, for the platform, an integration or a form (`CMTFieldCheck.requirement`).
    let requiredFields: [Int]
    /// The primary name field, when the name-match check applies (no `updateCompare` field, not `forcecreate`,
    /// a declared string field).
    let nameField: Int?
    /// `statecode` and `statuscode`, for the state/status consistency check.
    let stateField: Int?
    let statusField: Int?
    /// The dual-write integration key every record must fill, when the entity is checked as dual-write
    /// (`CMTDualWriteScope`); nil otherwise.
    let dualWriteKey: SalesIntegrationKey?
    /// The declared columns of `dualWriteKey`, in key order; key columns the schema leaves out are reported once
    /// for the schema (`cmt.schema.dual-write-key`), not per record.
    let dualWriteKeyFields: [Int]
    /// The declared `onlyWhen` column of the key; nil when the key applies to every record.
    let dualWriteScopeField: Int?
    /// The record stamp of the last record whose `onlyWhen` column was Yes.
    @exclusivity(unchecked) var dualWriteScopeStamp = 0

    @exclusivity(unchecked) var ids = CMTGUIDTable()
    /// False once an id was not kept (limit reached): lookups to this entity can then not be confirmed missing.
    @exclusivity(unchecked) var idsComplete = true
    @exclusivity(unchecked) var sections = 0
    @exclusivity(unchecked) var records = 0
    @exclusivity(unchecked) var firstLine: Int?

    @exclusivity(unchecked) var nameTable = CMTNameTable()
    @exclusivity(unchecked) var namesComplete = true
    @exclusivity(unchecked) var nameReports: [CMTNameDuplicate] = []
    @exclusivity(unchecked) var nameReportIndex: [UInt64: Int] = [:]
    @exclusivity(unchecked) var nameReportsDropped = 0
    @exclusivity(unchecked) private var partyFields: [Int: Int] = [:]

    /// Whether the schema declares the entity (kept, not derived per call: copying the schema entity to test it
    /// costs more than the checks of a field).
    let isDeclared: Bool

    init(name: String, index: Int, schema: CMTSchemaEntity?, catalog: SalesEntitySchema?, dualWrite: CMTDualWriteScope) {
        self.name = name
        self.index = index
        self.schema = schema
        self.isDeclared = schema != nil
        self.catalog = catalog
        var fields: [CMTFieldCheck] = []
        var seen = Set<String>()
        let primaryID = schema?.primaryIDField ?? catalog?.primaryIdAttribute
        for field in schema?.fields ?? [] where seen.insert(field.name).inserted {
            fields.append(
                CMTFieldCheck(
                    name: field.name, schemaField: field, attribute: catalog?.attribute(named: field.name), entity: catalog,
                    isPrimaryID: field.name == primaryID))
        }
        self.fields = fields
        names = CMTNameMatcher(fields.map(\.name))
        nameFields = Array(fields.indices)
        requiredFields = fields.indices.filter { fields[$0].requirement != nil }
        stateField = fields.firstIndex { $0.name == "statecode" && $0.type == .state }
        statusField = fields.firstIndex { $0.name == "statuscode" && $0.type == .status }
        let key = dualWrite.key(for: schema, catalog: catalog)
        dualWriteKey = key
        dualWriteKeyFields = (key?.columns ?? []).compactMap { column in fields.firstIndex { $0.name == column } }
        for index in dualWriteKeyFields { fields[index].isDualWriteKey = true }
        dualWriteScopeField = key?.onlyWhen.flatMap { scope in fields.firstIndex { $0.name == scope } }
        if let scope = dualWriteScopeField { fields[scope].isDualWriteScope = true }

        var nameField: Int?
        if let schema, schema.forceCreate != true, !schema.fields.contains(where: { $0.updateCompare == true }),
            let primaryName = schema.primaryNameField ?? catalog?.primaryNameAttribute,
            let index = fields.firstIndex(where: { $0.name == primaryName }), fields[index].type == .string
        {
            nameField = index
        }
        self.nameField = nameField
    }

    /// The index of the field whose name is `bytes`, adding it as undeclared when the schema does not declare it.
    func field(named bytes: UnsafeRawBufferPointer) -> Int {
        if let known = names.index(of: bytes) { return nameFields[known] }
        fields.append(
            CMTFieldCheck(name: String(decoding: bytes, as: UTF8.self), schemaField: nil, attribute: nil, entity: nil, isPrimaryID: false))
        names.add(fields[fields.count - 1].name)
        nameFields.append(fields.count - 1)
        return fields.count - 1
    }

    /// The synthetic field that checks the `partyid` lookups of party list field `parent`.
    func partyField(of parent: Int) -> Int {
        if let index = partyFields[parent] { return index }
        fields.append(CMTFieldCheck(partyMember: fields[parent].name + "/partyid"))
        partyFields[parent] = fields.count - 1
        return fields.count - 1
    }
}

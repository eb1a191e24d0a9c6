import AirlockMapping
import AirlockModel

/// The source fields a field map reads besides its own (`onlyWith`, `fallback`: the rest of an address, the
/// record's own country), each with its reader: what `FieldMapping.applyTransforms` and `valueOrigin` are given as
/// `otherFields` for one record.
struct OtherSourceFields {
    private let readers: [String: SourceFieldReader]

    /// The readers of `mapping`'s other fields in `view`; nil when it reads none.
    init?(of mapping: FieldMapping, view: SourceView, catalog: SchemaCatalog) {
        let fields = mapping.otherFieldsRead
        guard !fields.isEmpty else { return nil }
        var readers: [String: SourceFieldReader] = [:]
        for field in fields { readers[field] = view.prepare(FieldReference(field: field), lookup: [], catalog: catalog) }
        self.readers = readers
    }

    /// Row `row`'s value of `field` (nil when blank, or when the export lacks the field).
    func value(of field: String, row: Int, view: SourceView) -> String? {
        guard let reader = readers[field], case .value(let text) = reader.read(row: row, in: view) else { return nil }
        return text
    }
}

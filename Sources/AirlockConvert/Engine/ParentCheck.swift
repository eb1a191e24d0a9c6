import AirlockMapping
import AirlockModel
import AirlockReconcile

/// The check of a line against its header: the header flow's verdict on the same document number, or, for a
/// header the source does not hold, the target export.
struct ParentCheck {
    private let parentFlow: String?
    private let header: FlowOutput?
    private let positions: [Int]
    private let fields: [String]
    private let company: String?
    private let exportIndexes: [KeyIndex]

    init(template: MappingTemplate, layout: FlowLayout, context: ConversionContext) throws {
        guard let parent = template.parent, let parentTemplate = context.templates.template(named: parent.flow) else {
            parentFlow = nil
            header = nil
            positions = []
            fields = []
            company = nil
            exportIndexes = []
            return
        }
        parentFlow = parent.flow
        header = context.output(named: parent.flow)
        let count = parent.link.count
        let keyColumns = Array(layout.keyColumns.prefix(count))
        positions = keyColumns.compactMap { layout.position($0) }
        fields = keyColumns
        company = layout.company
        var indexes: [KeyIndex] = []
        if template.target.side == .fo {
            let headerColumns = parentTemplate.target.key.prefix(count).map(\.field)
            for label in context.catalog.foEntityVersions(of: parentTemplate.target.entity) {
                if let index = try context.exportIndex(label: label, columns: headerColumns) { indexes.append(index) }
            }
        }
        exportIndexes = indexes
    }

    /// The outcome for a line whose mapped values are `values`, or nil when its header lets it through.
    func verdict(values: RowValues) -> (outcome: RecordOutcome, field: String)? {
        guard let parentFlow, positions.count == fields.count, !positions.isEmpty else { return nil }
        let parts = positions.map { values[$0] }
        guard parts.allSatisfy({ $0 != nil }) else { return nil }
        let key = NaturalKey(company: company, parts: parts)
        let field = fields.joined(separator: ", ")
        switch header?.status(of: key) {
        case .accepted:
            return nil
        case .rejected:
            return (.rejected(.headerRejected, detail: "header \(key) was rejected by flow \(parentFlow)"), field)
        case .filtered:
            return (.filtered(filter: BuiltInFilter.parentFiltered), field)
        case nil:
            // A header the source does not hold: an F&O target must already have it; a Sales target's header is
            // a lookup that the field pipeline resolves (or rejects).
            guard company != nil else { return nil }
            if exportIndexes.contains(where: { $0.row(for: key) != nil }) { return nil }
            return (
                .rejected(
                    .orphanReference, detail: "header \(key) is neither among the records of flow \(parentFlow) nor in the F&O export"),
                field
            )
        }
    }
}

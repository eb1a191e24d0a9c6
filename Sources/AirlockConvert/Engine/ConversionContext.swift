import AirlockMapping
import AirlockModel
import AirlockPackages
import AirlockReconcile
import AirlockReport
import Foundation

/// Everything the flows of one conversion share: both exports, the catalog and templates, the company, and
/// the output of every flow run so far (later flows resolve references against it).
///
/// Flows run on several cores (`FlowScheduler`), so what changes while they run is in locked boxes: the outputs and
/// the warnings in `state`, the index cache in a `SharedCache`; the rest is set before the flows start. Each flow
/// runs with a context `scoped(to:)` the earlier flows it reads (`FlowReads`): it shares everything with the
/// conversion's context but shows only their outputs, so what a flow finds cannot depend on which other flows
/// happen to have finished.
final class ConversionContext: Sendable {
    let catalog: SchemaCatalog
    let templates: TemplateSet
    let company: String
    let fo: FOExport
    let sales: SalesExport
    let options: ConversionOptions
    /// The side whose values win where both hold a record: flows towards it only create (see
    /// `ConversionOptions.master`); nil when no side is.
    var masterSide: DataSide? {
        switch options.master ?? (templates.set == .dualWrite ? "fo" : nil) {
        case "fo": return .fo
        case "sales": return .sales
        default: return nil
        }
    }
    /// The exports of an earlier wave (`--since`), if given.
    let since: SinceBaseline?
    /// For a shard (`--shard`), where the records it kept stood in the whole exports; nil for a whole run.
    let shardRows: ShardRowMap?
    /// For a shard, which flows it writes; nil for a whole run, which writes every flow.
    let shardFlows: ShardFlowOwnership?
    /// The company lookup of each company-specific Sales entity (`msdyn_company` of `msdyn_paymentterm`); a lookup
    /// to such an entity matches only the conversion company's rows (`SalesCompanyLookup`).
    private let salesCompanyLookups: [String: SalesCompanyLookup]
    private let state: LockedValueBox<State>
    private let exportIndexes: SharedCache<KeyIndex>
    /// The flows whose outputs this context shows; nil: every finished flow (the conversion's own context).
    private let visibleFlows: Set<String>?

    /// What the flows add while they run.
    private struct State {
        var finished: [String: FlowOutput] = [:]
        /// Flows that wrote Sales records, by target entity, in name order (the lookup search order).
        var salesOutputsByEntity: [String: [FlowOutput]] = [:]
        var warningsByFlow: [String: [String]] = [:]
        var rules: [any ConversionRule] = []
    }

    /// The special rules of the conversion, in the order their hooks run; set before the flows start.
    var rules: [any ConversionRule] {
        get { state.withLockedValue { $0.rules } }
        set { state.withLockedValue { $0.rules = newValue } }
    }

    init(
        catalog: SchemaCatalog, templates: TemplateSet, company: String, fo: FOExport, sales: SalesExport, options: ConversionOptions,
        since: SinceBaseline? = nil, shardRows: ShardRowMap? = nil, shardFlows: ShardFlowOwnership? = nil
    ) {
        self.since = since
        self.shardRows = shardRows
        self.shardFlows = shardFlows
        self.catalog = catalog
        self.salesCompanyLookups = SalesCompanyLookup.all(templates: templates, catalog: catalog)
        self.templates = templates
        self.company = company
        self.fo = fo
        self.sales = sales
        self.options = options
        state = LockedValueBox(State())
        exportIndexes = SharedCache<KeyIndex>()
        visibleFlows = nil
    }

    private init(sharing shared: ConversionContext, visibleFlows: Set<String>) {
        catalog = shared.catalog
        templates = shared.templates
        company = shared.company
        fo = shared.fo
        sales = shared.sales
        options = shared.options
        since = shared.since
        shardRows = shared.shardRows
        shardFlows = shared.shardFlows
        salesCompanyLookups = shared.salesCompanyLookups
        state = shared.state
        exportIndexes = shared.exportIndexes
        self.visibleFlows = visibleFlows
    }

    /// This conversion's context as flow outputs go, showing only those of `flows` (`FlowReads`): the context a
    /// flow runs with. Outputs added through it, warnings and caches are the conversion's.
    func scoped(to flows: [String]) -> ConversionContext {
        ConversionContext(sharing: self, visibleFlows: Set(flows))
    }

    /// The row of the whole export that each row of `endpoint`'s source table is (the row itself but in a shard, where
    /// the table holds part of the export), the table looked up once.
    func exportRows(_ endpoint: TemplateEndpoint) -> (Int) -> Int {
        guard let kept = shardRows?.rows[ShardRowMap.key(side: endpoint.side, entity: endpoint.entity, catalog: catalog)] else {
            return { $0 }
        }
        return { $0 < kept.count ? kept[$0] : $0 }
    }

    /// Whether this run writes and counts the records of a flow from `template` (every flow but in a shard:
    /// `ShardFlowOwnership`).
    func writes(_ template: MappingTemplate) -> Bool { shardFlows?.owns(template, catalog: catalog) ?? true }

    private func isVisible(_ name: String) -> Bool { visibleFlows?.contains(name) ?? true }

    /// The finished flows this context shows, by name: for a flow's context, the earlier flows it reads (all
    /// finished before it starts), so what it finds here does not depend on timing.
    var outputs: [String: FlowOutput] {
        let finished = state.withLockedValue { $0.finished }
        guard let visibleFlows else { return finished }
        return finished.filter { visibleFlows.contains($0.key) }
    }

    /// The output of flow `name`, if it has run and this context shows it (per record: no copy of the whole table
    /// of outputs).
    func output(named name: String) -> FlowOutput? {
        guard isVisible(name) else { return nil }
        return state.withLockedValue { $0.finished[name] }
    }

    func add(_ output: FlowOutput) {
        state.withLockedValue { state in
            state.finished[output.template.name] = output
            state.salesOutputsByEntity = Dictionary(
                grouping: state.finished.values.filter { $0.template.target.side == .sales }, by: { $0.template.target.entity }
            ).mapValues { $0.sorted { $0.template.name < $1.template.name } }
        }
    }

    /// Notes a warning of flow `flow`.
    func warn(_ text: String, flow: String) {
        state.withLockedValue { $0.warningsByFlow[flow, default: []].append(text) }
    }

    /// The warnings, flow by flow in `order` (the run order), so that they read the same whatever ran first.
    func warnings(order: [String]) -> [String] {
        state.withLockedValue { state in order.flatMap { state.warningsByFlow[$0] ?? [] } }
    }

    private func salesOutputs(_ entity: String) -> [FlowOutput] {
        let outputs = state.withLockedValue { $0.salesOutputsByEntity[entity] ?? [] }
        guard let visibleFlows else { return outputs }
        return outputs.filter { visibleFlows.contains($0.template.name) }
    }

    /// Finds the Sales record whose business key is `value`: first among records this conversion writes, then in
    /// the Sales export. Returns its GUID, entity and display name.
    func resolveSalesLookup(_ targets: [LookupTarget], value: String) -> (id: String, entity: String, name: String?)? {
        salesLookup(targets).resolve(value)
    }

    /// The search `resolveSalesLookup` makes for `targets`, bound to what this context shows now: the outputs
    /// that write each target entity, with their indexes and columns, and the export's index. A flow binds it
    /// once (the outputs it reads are finished before it starts), so each value costs the index probes alone.
    func salesLookup(_ targets: [LookupTarget]) -> SalesLookup {
        SalesLookup(
            targets: targets.map { target in
                let nameField = catalog.salesEntity(named: target.entity)?.primaryNameAttribute
                let outputs = salesOutputs(target.entity).compactMap { output -> SalesLookup.Output? in
                    guard let idName = output.layout.idColumn, let index = try? output.index(by: [target.keyAttribute]),
                        let idColumn = output.accepted.columnIndex(named: idName)
                    else { return nil }
                    return SalesLookup.Output(
                        table: output.accepted, index: index, idColumn: idColumn,
                        nameColumn: nameField.flatMap { output.accepted.columnIndex(named: $0) })
                }
                let companyLookup = salesCompanyLookups[target.entity].flatMap { $0.field != target.keyAttribute ? $0 : nil }
                let exportIndex: KeyIndex? =
                    if let companyLookup {
                        try? sales.companyKeyIndex(target.entity, by: target.keyAttribute, company: companyLookup, blankCompany: company)
                    } else {
                        try? sales.keyIndex(target.entity, by: target.keyAttribute)
                    }
                let exportTable = sales.table(target.entity)
                let exportName = sales.primaryNameField(target.entity) ?? nameField
                return SalesLookup.Target(
                    entity: target.entity, outputs: outputs, exportIndex: exportIndex, exportTable: exportTable,
                    exportNameColumn: exportName.flatMap { exportTable?.columnIndex(named: $0) },
                    company: companyLookup == nil ? nil : company)
            })
    }

    /// Where the F&O record that a Sales lookup to `salesEntity` names can be: what the Sales → F&O flows from
    /// that entity write (single-part keys: customers, quotation and order headers) and the F&O export's tables
    /// of those flows' targets, plus the F&O source of flows that bring that entity to Sales (products).
    func referenceCandidates(forSalesEntity salesEntity: String) -> [ReferenceCandidate] {
        var candidates: [ReferenceCandidate] = []
        for template in templates.templates {
            if template.direction == .salesToFO, template.source.entity == salesEntity, template.target.key.count == 1 {
                let column = template.target.key[0].field
                candidates.append(.output(flow: template.name, column: column))
                for label in catalog.foEntityVersions(of: template.target.entity) {
                    candidates.append(.export(label: label, column: column))
                }
            } else if template.direction == .foToSales, template.target.entity == salesEntity, template.source.key.count == 1 {
                candidates.append(.export(label: template.source.entity, column: template.source.key[0].field))
            }
        }
        var seen: Set<String> = []
        return candidates.filter { seen.insert($0.description).inserted }
    }

    /// Whether the F&O record keyed `value` is in one of `candidates` (the company is the conversion's).
    func foRecordExists(_ candidates: [ReferenceCandidate], value: String) -> Bool {
        let key = NaturalKey(company: company, value)
        for candidate in candidates {
            switch candidate {
            case .output(let flow, let column):
                if let output = output(named: flow), let index = try? output.index(by: [column]), index.row(for: key) != nil { return true }
            case .export(let label, let column):
                if let index = try? exportIndex(label: label, columns: [column]), index.row(for: key) != nil { return true }
            }
        }
        return false
    }

    /// An index over the F&O export's entity `label` by `columns` and the company (its `DATAAREAID` column when
    /// it has one, else the conversion's company); nil when the export lacks the entity or a column.
    func exportIndex(label: String, columns: [String]) throws -> KeyIndex? {
        try exportIndexes.value(label.lowercased() + "\u{0}" + columns.joined(separator: "\u{0}")) {
            guard let table = try fo.table(label), columns.allSatisfy({ table.columnIndex(named: $0) != nil }) else { return nil }
            let company: KeyDefinition.Company =
                table.columnIndex(named: FlowLayout.companyField) != nil
                ? .column(FlowLayout.companyField) : .fixed(self.company)
            return try KeyIndex(table: table, key: KeyDefinition(columns: columns, company: company))
        }
    }
}

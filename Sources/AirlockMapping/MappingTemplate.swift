/// One P2C task as data: which entity flows where, matched on which key, filtered how, with which field maps
/// and special rules.
public struct MappingTemplate: Sendable, Hashable {
    /// The stable flow name, also the file name without `.yaml` (e.g. `accounts`, `order-lines-to-sales`).
    public var name: String
    /// The P2C task name (e.g. `Accounts - Customers`).
    public var title: String
    /// The section of the P2C reference the template transcribes.
    public var reference: String?
    /// Free text.
    public var note: String?
    /// Where records come from.
    public var source: TemplateEndpoint
    /// Where they go.
    public var target: TemplateEndpoint
    /// Flows that must run first (a line flow's header flow is added even when not listed).
    public var prerequisites: [String]
    /// The header flow of a line flow.
    public var parent: ParentRelation?
    /// Source fields read only by filters or rules (besides mapped, key and link fields).
    public var alsoReads: [String]
    /// Source filters; a record is converted when all hold.
    public var filters: [TemplateFilter]
    /// The field maps, in file order.
    public var fields: [FieldMapping]
    /// The special rules switched on.
    public var rules: [SpecialRule]
    /// Rows of the reference table left out on purpose, with why.
    public var notCarried: [OmittedRows] = []
    /// What a record whose target key is already written (by this flow or an earlier one) gets: `duplicate-key`
    /// (`.reject`, the default) or the filter `already-written` (`.skip`).
    public var repeatedKeys: RepeatedKeyPolicy = .reject

    public init(
        name: String, title: String, reference: String? = nil, note: String? = nil, source: TemplateEndpoint,
        target: TemplateEndpoint, prerequisites: [String] = [], parent: ParentRelation? = nil, alsoReads: [String] = [],
        filters: [TemplateFilter] = [], fields: [FieldMapping], rules: [SpecialRule] = []
    ) {
        self.name = name
        self.title = title
        self.reference = reference
        self.note = note
        self.source = source
        self.target = target
        self.prerequisites = prerequisites
        self.parent = parent
        self.alsoReads = alsoReads
        self.filters = filters
        self.fields = fields
        self.rules = rules
    }

    /// Sales → F&O or F&O → Sales.
    public var direction: FlowDirection { source.side == .sales ? .salesToFO : .foToSales }

    /// The template's file name.
    public var fileName: String { name + ".yaml" }

    /// Every source field the flow reads: mapped fields, key and link fields (their first part), `alsoReads`, the
    /// source's company field and the fields field maps read besides their own (`onlyWith`, `fallback`), in that
    /// order without repeats.
    public var sourceFieldsRead: [String] {
        var seen: Set<String> = []
        var fields: [String] = []
        let all =
            self.fields.compactMap(\.source) + source.key.map(\.field) + (parent?.link.map(\.field) ?? []) + alsoReads
            + [source.company?.field].compactMap { $0 } + self.fields.flatMap(\.otherFieldsRead)
        for field in all where seen.insert(field).inserted { fields.append(field) }
        return fields
    }

    /// Every column the flow reads from its source export: the fields of `sourceFieldsRead`, then the fields its
    /// filters test, then the source fields its rules name, each by its column (a lookup path's first part,
    /// `parentcustomerid` of `parentcustomerid.accountnumber`), without repeats (compared case-insensitively).
    /// What the plan checks a source export for, and what an export made for the flow holds.
    public var sourceColumnsRead: [String] {
        func column(_ field: String) -> String { String(field.prefix { $0 != "." }) }
        let filterFields = filters.flatMap { $0.condition.tests.map(\.field.field) }
        var seen: Set<String> = []
        var columns: [String] = []
        for field in sourceFieldsRead.map(column) + filterFields + ruleFields(onSource: true).map(column)
        where seen.insert(field.lowercased()).inserted {
            columns.append(field)
        }
        return columns
    }

    /// The fields the flow's special rules name on its source entity (`onSource`) or on its target entity:
    /// parameters of role `sourceField` or `targetField`, and `salesField` or `foField` on the entity of that side.
    public func ruleFields(onSource: Bool) -> [String] {
        let side = onSource ? source.side : target.side
        var fields: [String] = []
        for rule in rules {
            for parameter in rule.kind.parameters {
                let named: Bool
                switch parameter.role {
                case .sourceField: named = onSource
                case .targetField: named = !onSource
                case .salesField: named = side == .sales
                case .foField: named = side == .fo
                default: named = false
                }
                if named, let value = rule.parameter(parameter.name), !value.isEmpty, !fields.contains(value) { fields.append(value) }
            }
        }
        return fields
    }

    /// The prerequisites with the header flow of a line flow, without repeats.
    public var allPrerequisites: [String] {
        var names = prerequisites
        if let parent, !names.contains(parent.flow) { names.append(parent.flow) }
        return names
    }

    /// The field map that writes `target`, if any.
    public func mapping(forTarget target: String) -> FieldMapping? {
        fields.first { $0.target == target }
    }
}

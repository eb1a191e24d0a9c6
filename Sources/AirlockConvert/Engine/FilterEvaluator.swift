import AirlockMapping
import AirlockModel

/// Evaluates a template's filters on source records.
///
/// Comparisons ignore case and surrounding blanks; `not-equals` and `not-in` hold for a blank value; a Sales
/// lookup path that points nowhere reads as blank.
struct FilterEvaluator {
    private struct Prepared {
        var filter: TemplateFilter
        var condition: PreparedCondition
    }

    private indirect enum PreparedCondition {
        case all([PreparedCondition])
        case any([PreparedCondition])
        case test(reader: SourceFieldReader, operator: FilterOperator, values: Set<String>)
    }

    private let filters: [Prepared]

    init(template: MappingTemplate, view: SourceView, catalog: SchemaCatalog) {
        func prepare(_ condition: FilterCondition) -> PreparedCondition {
            switch condition {
            case .all(let parts): return .all(parts.map(prepare))
            case .any(let parts): return .any(parts.map(prepare))
            case .test(let test):
                let reader = view.prepare(test.field, lookup: [], catalog: catalog)
                return .test(reader: reader, operator: test.operator, values: Set(test.values.map(Self.normalized)))
            }
        }
        filters = template.filters.map { Prepared(filter: $0, condition: prepare($0.condition)) }
    }

    /// The name of the first filter row `row` fails, or nil when it passes them all.
    func failedFilter(row: Int, in view: SourceView) -> String? {
        for prepared in filters where !holds(prepared.condition, row: row, view: view) {
            return prepared.filter.name
        }
        return nil
    }

    private func holds(_ condition: PreparedCondition, row: Int, view: SourceView) -> Bool {
        switch condition {
        case .all(let parts): return parts.allSatisfy { holds($0, row: row, view: view) }
        case .any(let parts): return parts.contains { holds($0, row: row, view: view) }
        case .test(let reader, let op, let values):
            if op == .references {
                return reader.pointedEntity(row: row, in: view).map { values.contains(Self.normalized($0)) } ?? false
            }
            let value: String
            switch reader.read(row: row, in: view) {
            case .value(let text): value = Self.normalized(text ?? "")
            case .orphan: value = ""
            }
            switch op {
            case .equals, .in: return !value.isEmpty && values.contains(value)
            case .notEquals, .notIn: return value.isEmpty || !values.contains(value)
            case .isEmpty: return value.isEmpty
            case .notEmpty: return !value.isEmpty
            case .references: return false
            }
        }
    }

    static func normalized(_ text: String) -> String {
        text.trimmingASCIIWhitespace().lowercased()
    }
}

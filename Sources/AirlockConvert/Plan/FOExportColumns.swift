import AirlockMapping
import AirlockModel

/// The columns a template set needs in each entity of an F&O export: the columns `convert` looks for there, so
/// that an export holding them (besides any others) draws no "lacks" or "has no" from the conversion.
///
/// - An entity a flow reads (F&O → Sales): every column the flow reads, `MappingTemplate.sourceColumnsRead` (what the
///   plan checks the export for), and for a line flow the header columns its rules read (`parentSourceField`,
///   the freight tax of `freight-tax-line`) on the header flow's entity.
/// - An entity a flow writes (Sales → F&O): every column of the flow's records (`FlowLayout`: the company when the
///   entity is company-specific, each mapped field, the F&O fields its rules name), which classification compares
///   with the export and existing records keep their values in.
public enum FOExportColumns {
    /// Per F&O entity (as the templates name it) that a flow of `set` reads or writes, the columns it needs, in the
    /// order the flows of `set` (in run order) first need them, without repeats (compared case-insensitively).
    public static func needed(by set: TemplateSet, catalog: SchemaCatalog) -> [String: [String]] {
        var columns: [String: [String]] = [:]
        var seen: [String: Set<String>] = [:]
        func add(_ entity: String, _ names: [String]) {
            for name in names where seen[entity, default: []].insert(name.lowercased()).inserted {
                columns[entity, default: []].append(name)
            }
        }
        for template in set.runOrder() {
            if template.source.side == .fo {
                add(template.source.entity, template.sourceColumnsRead)
                if let parent = template.parent.flatMap({ set.template(named: $0.flow) }), parent.source.side == .fo {
                    add(parent.source.entity, parentSourceFields(of: template))
                }
            }
            if template.target.side == .fo {
                let layout = FlowLayout(
                    template: template, catalog: catalog, company: "", extraFields: template.ruleFields(onSource: false))
                add(template.target.entity, layout.columns.filter { !FlowLayout.isBookkeeping($0) })
            }
        }
        return columns
    }

    /// The header fields `template`'s rules read on its parent flow's source entity.
    private static func parentSourceFields(of template: MappingTemplate) -> [String] {
        template.rules.flatMap { rule in
            rule.kind.parameters.filter { $0.role == .parentSourceField }.compactMap { rule.parameter($0.name) }.filter { !$0.isEmpty }
        }
    }
}

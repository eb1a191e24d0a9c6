import AirlockMapping
import AirlockModel
import AirlockReport

/// The flows whose target entity the other side's export does not hold at all (Customers V2 left out of the F&O
/// export's data project). Such a flow cannot tell an existing record from a new one: every record counts as
/// created, and the template's defaults (`on: create`) go to records the target may already hold, without a word.
/// A conversion refuses them unless `--allow-missing-target` names the entity (or `--only` leaves the flow out);
/// `--plan` shows them and exits 1. A flow with no source records to convert is not named: it writes nothing.
///
/// `convert` and `--plan` call the same `find`, so what the plan names is what a run refuses.
enum MissingTargetCheck {
    /// One flow whose target the export lacks.
    struct Finding: Sendable, Equatable {
        var flow: String
        var entity: String
        var side: DataSide
        /// The flow's source records (those it would convert, before filters).
        var records: Int
        /// `--allow-missing-target` names the entity.
        var allowed: Bool

        var system: String { side == .fo ? "F&O" : "Sales" }

        /// The plan's record of it.
        var planned: ConversionPlan.MissingTarget {
            ConversionPlan.MissingTarget(entity: entity, system: system, allowed: allowed)
        }
    }

    /// Throws a usage error when `--allow-missing-target` names an entity no flow of `templates` writes.
    static func checkAllowed(_ names: [String], templates: TemplateSet, catalog: SchemaCatalog) throws {
        let targets = templates.templates.map(\.target)
        for name in names where !targets.contains(where: { matches(name, entity: $0.entity, side: $0.side, catalog: catalog) }) {
            let known = Set(targets.map(\.entity)).sorted().joined(separator: ", ")
            throw AirlockError(
                .usage,
                "--allow-missing-target names '\(name)', which no flow of the \(templates.set.rawValue) templates writes; their target entities are \(known)"
            )
        }
    }

    /// The flows of `order` whose target entity the target export lacks and that have source records.
    static func find(_ order: [MappingTemplate], context: ConversionContext) throws -> [Finding] {
        let allowed = context.options.allowMissingTargets ?? []
        var findings: [Finding] = []
        for template in order {
            let records: Int
            switch template.source.side {
            case .sales: records = context.sales.table(template.source.entity)?.rowCount ?? 0
            case .fo: records = try context.fo.table(template.source.entity)?.rowCount ?? 0
            }
            guard records > 0, try !holdsTarget(template, context: context) else { continue }
            let entity = template.target.entity
            findings.append(
                Finding(
                    flow: template.name, entity: entity, side: template.target.side, records: records,
                    allowed: allowed.contains { matches($0, entity: entity, side: template.target.side, catalog: context.catalog) }))
        }
        return findings
    }

    /// The error a conversion stops with when some of `findings` are not allowed, naming each flow and the options
    /// that go on; nil when all are allowed.
    static func refusal(_ findings: [Finding]) -> AirlockError? {
        let refused = findings.filter { !$0.allowed }
        guard !refused.isEmpty else { return nil }
        var entities: [String] = []
        for finding in refused where !entities.contains(finding.entity) { entities.append(finding.entity) }
        var lacks: [String] = []
        for system in Set(refused.map(\.system)).sorted() {
            let named = entities.compactMap { entity -> String? in
                let flows = refused.filter { $0.system == system && $0.entity == entity }
                guard !flows.isEmpty else { return nil }
                return "\(entity) (" + flows.map { "flow \($0.flow), \($0.records) source records" }.joined(separator: "; ") + ")"
            }
            lacks.append("the \(system) export holds no \(named.joined(separator: ", "))")
        }
        let options = entities.map { "--allow-missing-target \(quoted($0))" }.joined(separator: " ")
        // Where an export's entities are chosen: an F&O data project, a Sales export's Configuration Migration schema.
        let systems = Set(refused.map(\.system))
        let choice = [
            systems.contains("F&O") ? "the F&O export's data project" : nil,
            systems.contains("Sales") ? "the schema the Sales export was made with (Configuration Migration tool, data_schema.xml)" : nil,
        ].compactMap { $0 }.joined(separator: " or ")
        return AirlockError(
            .usage,
            "\(lacks.joined(separator: "; ")): every record would count as created, and the templates' defaults would go to records the target may already hold. Add the entit\(entities.count == 1 ? "y" : "ies") to \(choice), leave the flow\(refused.count == 1 ? "" : "s") out with --only, or go on with \(options) (docs/convert.md, \"A target the export lacks\")"
        )
    }

    /// The warning a run that goes on without the target (`--allow-missing-target`) keeps in its report.
    static func warning(_ finding: Finding) -> String {
        "the \(finding.system) export holds no \(finding.entity) (--allow-missing-target): every record of flow \(finding.flow) counts as created, and its defaults go to any the \(finding.system) target already holds"
    }

    /// Whether the target export holds the flow's target entity (any of its versions, for F&O), with or without records.
    private static func holdsTarget(_ template: MappingTemplate, context: ConversionContext) throws -> Bool {
        switch template.target.side {
        case .sales:
            return context.sales.section(template.target.entity) != nil
        case .fo:
            for version in context.catalog.foEntityVersions(of: template.target.entity) where try context.fo.table(version) != nil {
                return true
            }
            return false
        }
    }

    /// Whether `name` (as given to `--allow-missing-target`) names `entity`: any name the catalog knows for an F&O
    /// entity, the logical name of a Sales one, ignoring case.
    private static func matches(_ name: String, entity: String, side: DataSide, catalog: SchemaCatalog) -> Bool {
        let given = name.trimmingASCIIWhitespace()
        switch side {
        case .sales: return given.lowercased() == entity.lowercased()
        case .fo: return catalog.isSameFOEntity(given, entity)
        }
    }

    /// `name` as a shell argument: quoted when it holds a space.
    private static func quoted(_ name: String) -> String {
        name.contains(" ") ? "\"\(name)\"" : name
    }
}

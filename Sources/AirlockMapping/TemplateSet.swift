/// The templates of every flow and the value maps they share, as loaded and checked together.
public struct TemplateSet: Sendable, Equatable {
    /// The flow names Airlock ships, in the order `airlock templates list` shows them.
    public static let bundledFlowNames = TemplateSetName.standard.flowNames

    /// The bundled set these templates are (or are edited copies of).
    public let set: TemplateSetName
    /// The templates: the set's flows in its `flowNames` order, then any other flow by name.
    public let templates: [MappingTemplate]
    /// The value maps, in file order.
    public let valueMaps: [ValueMap]
    /// The files the set was loaded from (value maps first, then templates in `templates` order).
    public let files: [TemplateFile]

    public init(templates: [MappingTemplate], valueMaps: [ValueMap], files: [TemplateFile], set: TemplateSetName = .standard) {
        self.set = set
        self.templates = templates
        self.valueMaps = valueMaps
        self.files = files
    }

    /// The template of flow `name`.
    public func template(named name: String) -> MappingTemplate? {
        templates.first { $0.name == name }
    }

    /// The value map called `name`.
    public func valueMap(named name: String) -> ValueMap? {
        valueMaps.first { $0.name == name }
    }

    /// The file called `name` (`accounts.yaml`, or `accounts`, or `value-maps.yaml`).
    public func file(named name: String) -> TemplateFile? {
        files.first { $0.name == name || $0.name == name + ".yaml" }
    }

    /// The templates in an order that runs every flow after its prerequisites; ties keep `templates` order.
    /// The loader has already rejected unknown prerequisites and cycles.
    public func runOrder() -> [MappingTemplate] {
        var done: Set<String> = []
        var ordered: [MappingTemplate] = []
        var remaining = templates
        while !remaining.isEmpty {
            guard let next = remaining.firstIndex(where: { $0.allPrerequisites.allSatisfy(done.contains) }) else {
                return ordered + remaining
            }
            let template = remaining.remove(at: next)
            done.insert(template.name)
            ordered.append(template)
        }
        return ordered
    }

    /// Every inferred constant, default, filter, rule and value-map entry, for the user to check.
    public func inferredSettings() -> [InferredSetting] {
        var settings: [InferredSetting] = []
        for template in templates {
            for field in template.fields where field.isInferred {
                let value =
                    field.fixedValue ?? field.defaultValue.map { "default \($0)" } ?? field.valueMapName.map { "value map \($0)" } ?? "copy"
                settings.append(
                    InferredSetting(
                        scope: template.name, subject: field.targetPath(direction: template.direction), value: value,
                        reason: field.note ?? ""))
            }
            for filter in template.filters where filter.isInferred {
                settings.append(
                    InferredSetting(scope: template.name, subject: "filter \(filter.name)", value: "", reason: filter.note ?? ""))
            }
            for rule in template.rules where rule.isInferred {
                settings.append(
                    InferredSetting(scope: template.name, subject: "rule \(rule.kind.rawValue)", value: "", reason: rule.note ?? ""))
            }
        }
        for map in valueMaps {
            for entry in map.entries where map.isInferred || entry.isInferred {
                settings.append(
                    InferredSetting(
                        scope: TemplateFile.valueMapsName, subject: "\(map.name): \(entry.from)", value: entry.to, reason: entry.note ?? "")
                )
            }
        }
        return settings
    }
}

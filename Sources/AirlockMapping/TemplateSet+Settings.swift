extension TemplateSet {
    /// The set with `settings` applied: a `defaultSetting` step takes its setting's value (one the run does not give
    /// stays empty, and gives nothing), and every `country` step takes the countries settled by hand.
    public func applying(_ settings: TemplateRunSettings) -> TemplateSet {
        let templates = templates.map { template -> MappingTemplate in
            var template = template
            template.fields = template.fields.map { field in
                var field = field
                field.transforms = field.transforms.map { step in
                    switch step {
                    case .settingDefault(let setting, _):
                        return .settingDefault(setting, value: settings.values[setting])
                    case .country(let form, let policy, let overrides):
                        return .country(form, unmapped: policy, overrides: overrides.merging(settings.countries) { _, given in given })
                    case .subdivision(let field, let policy, let overrides):
                        return .subdivision(
                            countryField: field, unmapped: policy, overrides: overrides.merging(settings.countries) { _, given in given })
                    default:
                        return step
                    }
                }
                return field
            }
            return template
        }
        return TemplateSet(templates: templates, valueMaps: valueMaps, files: files, set: set)
    }

    /// The settings the set's field maps take that `settings` leaves unset, with the fields (`flow`, target) that
    /// take each.
    public func unsetSettings(_ settings: TemplateRunSettings) -> [TemplateSetting: [(flow: String, field: String)]] {
        var unset: [TemplateSetting: [(flow: String, field: String)]] = [:]
        for template in templates {
            for field in template.fields {
                for case .settingDefault(let setting, _) in field.transforms where settings.values[setting] == nil {
                    unset[setting, default: []].append((template.name, field.target))
                }
            }
        }
        return unset
    }
}

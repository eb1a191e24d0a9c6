import AirlockModel

extension FieldMapping {
    /// Applies the field's transforms in order to `source` (the source field's value; nil for a constant or a
    /// value the source does not hold): a constant replaces it, a default fills a blank one, a value map
    /// translates it (`valueMap` is the map the transform names, as the template set holds it), a date or number
    /// format rewrites it. Lookups are not applied here: they need the target's records. A blank result is nil.
    /// `dateLocale` is the source column's F&O locale, for a date format `from: auto` (en-US when nil).
    public func applyTransforms(to source: String?, valueMap: ValueMap?, dateLocale: FOLocale? = nil) -> TransformOutcome {
        var value = source
        for transform in transforms {
            switch transform {
            case .copy, .lookup:
                break
            case .constant(let constant):
                value = constant
            case .defaultValue(let fallback):
                if ASCII.isBlank(value) { value = fallback }
            case .valueMap(let name, let policy):
                guard let text = value, !ASCII.isBlank(text) else { continue }
                if let mapped = valueMap?.value(for: text) {
                    value = mapped
                } else {
                    switch policy {
                    case .keep: break
                    case .useDefault: value = defaultValue
                    case .reject: return .unmapped(value: value, message: "'\(text)' has no entry in value map \(name)")
                    }
                }
            case .dateFormat(let from, let to):
                guard let text = value, !ASCII.isBlank(text) else { continue }
                switch ValueFormats.date(text, from: from, locale: dateLocale) {
                case .date(let date):
                    value = ValueFormats.text(date, as: to)
                case .problem(let problem):
                    return .invalid(value: value, message: "'\(text)' is not a date: \(problem)")
                }
            case .numberFormat(let from, let to):
                guard let text = value, !ASCII.isBlank(text) else { continue }
                guard let converted = ValueFormats.number(text, from: from, to: to) else {
                    return .invalid(value: value, message: "'\(text)' is not a \(from.rawValue) number")
                }
                value = converted
            }
        }
        return .value(ASCII.isBlank(value) ? nil : value)
    }

    /// Whether the value `applyTransforms` gives for `source` is the field map's own (its constant, or its default:
    /// the source is blank, or a value map that falls back to the default lacks it) rather than the source's.
    public func ownValueApplies(to source: String?, valueMap: ValueMap?) -> Bool {
        if constant != nil { return true }
        guard defaultValue != nil else { return false }
        guard let text = source, !ASCII.isBlank(text) else { return true }
        if case .useDefault = unmappedValuePolicy, valueMap?.value(for: text) == nil { return true }
        return false
    }
}

import AirlockModel

extension FieldMapping {
    /// Applies the field's transforms in order to `source` (the source field's value; nil for a constant or a
    /// value the source does not hold): a constant replaces it, a default fills a blank one, a value map
    /// translates it (`valueMap` is the map the transform names, as the template set holds it), a date or number
    /// format rewrites it. Lookups are not applied here: they need the target's records. A blank result is nil.
    /// `dateLocale` is the source column's F&O locale, for a date format `from: auto` (en-US when nil).
    /// `country` is the alpha-2 code of the record's country, for a `subdivision` step (nil: not known).
    /// `otherFields` gives the record's value of another source field, for an `onlyWith` or `fallback` step.
    public func applyTransforms(
        to source: String?, valueMap: ValueMap?, dateLocale: FOLocale? = nil, country: String? = nil,
        otherFields: (String) -> String? = { _ in nil }
    ) -> TransformOutcome {
        var value = source
        for transform in transforms {
            switch transform {
            case .copy, .lookup:
                break
            case .onlyWith(let fields):
                if ASCII.isBlank(value), fields.allSatisfy({ ASCII.isBlank(otherFields($0)) }) { return .value(nil) }
            case .fallback(let field):
                if ASCII.isBlank(value) { value = otherFields(field) }
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
            case .country(let form, let policy, let overrides):
                guard let text = value, !ASCII.isBlank(text) else { continue }
                if let code = Self.countryCode(text, form: form, overrides: overrides) {
                    value = code
                } else {
                    switch policy {
                    case .keep: break
                    case .useDefault: value = defaultValue
                    case .reject:
                        return .unmapped(
                            value: value,
                            message:
                                "'\(text.trimmingASCIIWhitespace())' is no country or region of ISO 3166-1 (code or name); settle it with --country '\(text.trimmingASCIIWhitespace())=CODE'"
                        )
                    }
                }
            case .subdivision(_, let policy, _):
                guard let text = value, !ASCII.isBlank(text) else { continue }
                if let country, let subdivision = SubdivisionCodes.subdivision(text, country: country) {
                    value = subdivision.localCode
                } else if policy == .reject {
                    return .unmapped(
                        value: value,
                        message:
                            "'\(text.trimmingASCIIWhitespace())' is no state or province of \(country ?? "an unknown country") in ISO 3166-2"
                    )
                } else if policy == .useDefault {
                    value = defaultValue
                }
            case .settingDefault(_, let fallback):
                if let fallback, ASCII.isBlank(value) { value = fallback }
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

    /// The code form of the field map's `country` step, when it has one.
    public var countryForm: CountryCodeForm? {
        for case .country(let form, _, _) in transforms { return form }
        return nil
    }

    /// The `subdivision` step's country field and the countries settled by hand, when the field map has one.
    public var subdivisionCountryField: (field: String, overrides: [String: String])? {
        for case .subdivision(let field, _, let overrides) in transforms { return (field, overrides) }
        return nil
    }

    /// The ISO 3166-1 code in `form` of the country `text` names: an override first (by folded text), then the
    /// shared table; nil when neither knows it.
    static func countryCode(_ text: String, form: CountryCodeForm, overrides: [String: String]) -> String? {
        let country =
            overrides[TextFolding.fold(text)].flatMap { CountryCodes.country(alpha2: $0) } ?? CountryCodes.country(text)
        guard let country else { return nil }
        return form == .alpha2 ? country.alpha2 : country.alpha3
    }

    /// The fields of an `onlyWith` step: the field map's own value goes only to a record holding a value in its
    /// source or in one of these (empty: every record).
    public var onlyWithFields: [String] {
        for case .onlyWith(let fields) in transforms { return fields }
        return []
    }

    /// The field of a `fallback` step, read when the source is blank.
    public var fallbackField: String? {
        for case .fallback(let field) in transforms { return field }
        return nil
    }

    /// The source fields the field map reads besides its own source: its `onlyWith` fields and its fallback.
    public var otherFieldsRead: [String] { onlyWithFields + [fallbackField].compactMap { $0 } }

    /// Where the value `applyTransforms` gives for `source` comes from: the source itself, the fallback field, the
    /// field map's own value (its constant or default: the source and the fallback are blank, or a value map that
    /// falls back to the default lacks them), nothing because `onlyWith` withholds it, or nothing at all.
    /// `otherFields` gives the record's other source fields, as to `applyTransforms`.
    public func valueOrigin(of source: String?, valueMap: ValueMap?, otherFields: (String) -> String? = { _ in nil }) -> ValueOrigin {
        let blank = ASCII.isBlank(source)
        if blank, !onlyWithFields.isEmpty, onlyWithFields.allSatisfy({ ASCII.isBlank(otherFields($0)) }) {
            return .withheld
        }
        if constant != nil { return .ownValue }
        var origin = ValueOrigin.source
        var text = source
        if blank, let fallbackField, !ASCII.isBlank(otherFields(fallbackField)) {
            origin = .fallback
            text = otherFields(fallbackField)
        }
        guard let text, !ASCII.isBlank(text) else { return defaultValue == nil ? .empty : .ownValue }
        guard defaultValue != nil else { return origin }
        if case .useDefault = unmappedValuePolicy, valueMap?.value(for: text) == nil { return .ownValue }
        for case .country(let form, .useDefault, let overrides) in transforms
        where Self.countryCode(text, form: form, overrides: overrides) == nil {
            return .ownValue
        }
        return origin
    }

    /// Whether the value `applyTransforms` gives for `source` is the field map's own (its constant, or its default:
    /// the source is blank, or a value map that falls back to the default lacks it) rather than the source's or
    /// the fallback's (`valueOrigin`).
    public func ownValueApplies(to source: String?, valueMap: ValueMap?, otherFields: (String) -> String? = { _ in nil }) -> Bool {
        valueOrigin(of: source, valueMap: valueMap, otherFields: otherFields) == .ownValue
    }
}

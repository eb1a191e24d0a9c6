/// One step of a field map's pipeline, applied in the order of `FieldMapping.transforms`.
public enum FieldTransform: Sendable, Hashable {
    /// The value unchanged.
    case copy
    /// Nothing at all, not even the steps after this one, for a record whose value so far is blank and that holds no
    /// value in any of `fields` either (`onlyWith:`, the rest of an address): a default or a fallback describes a
    /// record that has such data, and an address the record lacks altogether is not made up.
    case onlyWith([String])
    /// The value of the record's source field `field` when the value so far is blank (`fallback:`, a delivery
    /// country taking the record's own country), read before the steps after it, which apply to it too.
    case fallback(String)
    /// Always this value; the source (if any) is ignored.
    case constant(String)
    /// This value when the value so far is blank (the Data Integrator's Default transform; with no source field it
    /// is always used).
    case defaultValue(String)
    /// The value through the named value map; an unmapped value is handled by the policy.
    case valueMap(name: String, unmapped: UnmappedValuePolicy)
    /// A country or region in any form (code, English or native name, common short form) to its ISO 3166-1 code in
    /// `form`, through AirlockModel's `CountryCodes`; `overrides` (folded name → alpha-2, `convert --country`) come
    /// first. An unknown value is handled by the policy.
    case country(CountryCodeForm, unmapped: UnmappedValuePolicy, overrides: [String: String] = [:])
    /// A state or province name or code to the local part of its ISO 3166-2 code (`New York` → `NY`, `Île-de-France`
    /// → `IDF`) within the record's country, which the same record's field `countryField` gives (read through that
    /// field's own map in the template when it has a `country` step, so that its default applies); an unknown value
    /// is handled by the policy.
    case subdivision(countryField: String, unmapped: UnmappedValuePolicy, overrides: [String: String] = [:])
    /// The run's value of `setting` when the value so far is blank (`value`, which `TemplateSet.applying(_:)`
    /// fills in); nothing when the run does not set it.
    case settingDefault(TemplateSetting, value: String? = nil)
    /// On the Sales source side: read the referenced record's business key. On the Sales target side: find the
    /// record whose business key equals the value and write a reference to it.
    case lookup([LookupTarget])
    /// A date rewritten from one format to the other.
    case dateFormat(from: DateFormat, to: DateFormat)
    /// A number rewritten from one format to the other.
    case numberFormat(from: NumberFormat, to: NumberFormat)
}

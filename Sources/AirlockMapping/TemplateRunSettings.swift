/// What a run tells the templates (`TemplateSet.applying(_:)`): the values of the settings field maps take
/// (`defaultSetting:`) and the country names settled by hand for the `country` steps.
public struct TemplateRunSettings: Sendable, Hashable {
    /// Per setting, its value; a setting not given leaves its field maps without a default.
    public var values: [TemplateSetting: String]
    /// Country names settled by hand (`convert --country NAME=CODE`): folded name (`TextFolding.fold`) → alpha-2 code.
    public var countries: [String: String]

    public init(values: [TemplateSetting: String] = [:], countries: [String: String] = [:]) {
        self.values = values
        self.countries = countries
    }
}

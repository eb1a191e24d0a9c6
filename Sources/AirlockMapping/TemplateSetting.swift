/// A value a template takes from the run rather than writing it itself (`defaultSetting:` in a field map): a fact
/// about the organisation that its exports do not state.
public enum TemplateSetting: String, Sendable, Hashable, CaseIterable {
    /// The Sales organisation's base currency (`convert --default-currency CODE`): the currency of records that
    /// name none.
    case defaultCurrency = "default-currency"

    /// The command-line option that sets it.
    public var option: String { "--" + rawValue }
}

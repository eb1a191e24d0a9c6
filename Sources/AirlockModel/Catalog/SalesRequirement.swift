/// Who would refuse a Sales record that leaves a column empty: how `validate` and `convert` judge a missing value.
///
/// Dataverse enforces only system-required columns when a record is created through its web services, which is
/// what the Configuration Migration importer and `pac data import` use; a business-required column is enforced by
/// the apps' forms, not by the API (Microsoft's "Column requirement level" and "Entity attribute metadata"
/// pages, docs/sources.md). An integration that matches records on a column needs it whatever its level.
public enum SalesRequirement: Sendable, Hashable {
    /// The platform refuses the record (system required, or a column your catalog extension says the import
    /// must carry).
    case platform
    /// The integrations named match records on the column: a record without it is never linked to its
    /// counterpart in the other app.
    case integration([SyncIntegration])
    /// Only the apps' forms ask for it (business required): the importer creates the record without it.
    case form

    /// Whether a record without a value is refused when the package is meant for `target` (nil: for no
    /// integration in particular): always for the platform, for an integration only when it is the target, never
    /// for a form.
    public func refusesMissing(for target: SyncIntegration?) -> Bool {
        switch self {
        case .platform: true
        case .integration(let integrations): target.map(integrations.contains) ?? false
        case .form: false
        }
    }

    /// Where the rule that only system-required columns are enforced on create is documented, for the end of a
    /// finding.
    public static let levelSource =
        "Dataverse enforces only system-required columns when a record is saved through its web services: Microsoft's create-edit-field-portal.md, entity-attribute-metadata.md"
}

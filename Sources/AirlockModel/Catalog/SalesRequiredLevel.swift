/// A Dataverse column's requirement level, as the table's metadata states it.
///
/// The level alone does not say whether an import must carry a value: the platform fills a system-required
/// owner, state or primary key, and the default of a required choice or Yes/No column. `SalesAttributeSchema.isRequired`
/// says what an import must supply; this says what the metadata states.
public enum SalesRequiredLevel: String, Sendable, Hashable, CaseIterable, Codable {
    case none
    case recommended
    /// Business required: customisable per environment.
    case applicationRequired
    /// Required by the platform in every environment.
    case systemRequired
}

import AirlockModel

/// How `validate` reports a Sales record that leaves a column empty, by who would refuse it
/// (`SalesRequirement`): the platform (an error), an integration the package is meant for (an error; a warning
/// naming the integration when the package is not said to be for it), or only the apps' forms (a notice).
struct CMTMissingValue {
    let severity: ValidationSeverity
    let message: String
    let basis: CatalogCertainty

    /// The finding for a record without a value in `field`, whose catalog entry is `attribute`, in a package
    /// loaded for `integration` (nil: none named).
    init(requirement: SalesRequirement, field: String, attribute: SalesAttributeSchema?, integration: SyncIntegration?) {
        let opening = "the record has no value for '\(field)'"
        switch requirement {
        case .platform:
            let origin = attribute?.origin
            let certainty = origin?.certainty ?? .guess
            basis = certainty
            severity = .resting(on: certainty, enforcement: attribute?.enforcement)
            let level =
                attribute?.requiredLevel == .systemRequired
                ? "system required: Dataverse refuses to create a record without it"
                : "your catalog extension says the import must carry it"
            message =
                "\(opening), which is \(level)" + certainty.findingNote(origin: origin, enforcement: attribute?.enforcement)
        case .integration(let integrations):
            basis = .documented
            let names = integrations.map(\.displayName).joined(separator: " and ")
            if let integration, integrations.contains(integration) {
                severity = .error
                message =
                    "\(opening), which \(integration.displayName) matches records on: the package is meant for \(integration.displayName), and its sync could never link this record to its counterpart in the other app"
                    + " [\(integration.keySource)]"
            } else {
                severity = .warning
                let options = integrations.map { "--for \($0.rawValue)" }.joined(separator: " or ")
                message =
                    "\(opening): Sales creates the record without it (business required: only forms ask for it), but \(names) "
                    + "\(integrations.count == 1 ? "matches" : "match") records on it, so a package meant for "
                    + "\(integrations.count == 1 ? "it" : "either") must fill it (validate \(options) makes this an error)"
                    + " [\(integrations.map(\.keySource).joined(separator: "; "))]"
            }
        case .form:
            basis = .documented
            severity = .notice
            message =
                "\(opening), which is business required: Sales forms ask for it, but the importer creates the record without it"
                + " [\(SalesRequirement.levelSource)]"
        }
    }
}

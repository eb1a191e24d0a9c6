/// `Manifest.xml` of an F&O data package: the serialized data project (definition group).
public struct FOManifest: Sendable, Equatable {
    public var definitionGroupName: String?
    public var description: String?
    /// The entity lines, in file order.
    public var entities: [FOManifestEntity]
    /// DMFProjectCategory (0 = Project); modern manifests only.
    public var projectCategory: Int?
    /// Whether `RulesData` was present (always `i:nil="true"` in known files).
    public var hasRulesData: Bool

    public init(
        definitionGroupName: String?, description: String?, entities: [FOManifestEntity],
        projectCategory: Int? = nil, hasRulesData: Bool = false
    ) {
        self.definitionGroupName = definitionGroupName
        self.description = description
        self.entities = entities
        self.projectCategory = projectCategory
        self.hasRulesData = hasRulesData
    }
}

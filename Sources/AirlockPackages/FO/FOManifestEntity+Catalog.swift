import AirlockModel

extension FOManifestEntity {
    /// The catalog label this manifest line stands for: by its entity name (label, AOT or public name), else by its
    /// target entity; its own entity name when the catalog knows neither.
    public func catalogLabel(in catalog: SchemaCatalog) -> String {
        if let schema = catalog.foEntity(named: entityName) { return schema.label }
        if let target = targetEntity, let schema = catalog.foEntity(named: target) { return schema.label }
        return entityName
    }
}

import AirlockMapping
import AirlockModel
import AirlockPackages
import AirlockReconcile

/// What a run enters in the key register (docs/ledger.md, "The key register"): each key `--assign-keys` gave, each
/// link `--keymap` applied that the register does not hold yet, and each registered record the run is the first to
/// send to F&O, with the F&O entity and key field that hold it (its flow's target's, or the link's).
enum KeyRegisterDecisions {
    /// The entries of a run, in a fixed order: per keyed entity the keys given in numbering order, then the links in
    /// the keymap's order, then the records first sent, in export order.
    /// - Parameters:
    ///   - assigned: the keys `--assign-keys` gave (nil without it).
    ///   - links: the keymap's links the run applied.
    ///   - outputs: the flows' outputs, before their sources are let go.
    static func entries(
        assigned: AssignedKeys?, links: [KeymapEntry], outputs: [FlowOutput], register: KeyRegister?, templates: TemplateSet,
        catalog: SchemaCatalog
    ) -> [KeyRegisterEntry] {
        var assignedIDs: [String: Set<String>] = [:]
        for keys in assigned?.entities ?? [] {
            assignedIDs[keys.keyed.entity, default: []].formUnion(keys.assignments.map { $0.id.lowercased() })
        }
        let inFO = places(of: assignedIDs, in: outputs, catalog: catalog)
        var entries: [KeyRegisterEntry] = []
        for keys in assigned?.entities ?? [] {
            for assignment in keys.assignments {
                let place = inFO[keys.keyed.entity]?[assignment.id.lowercased()]
                entries.append(
                    KeyRegisterEntry(
                        kind: .assigned, entity: keys.keyed.entity, id: assignment.id.lowercased(), attribute: keys.keyed.attribute,
                        key: assignment.key, fo: place?.entity, foField: place?.field))
            }
        }
        // The F&O entity and key field of each kind of link, once.
        var linkPlaces: [String: (entity: String, field: String)] = [:]
        for link in links where register?.identity(of: link.salesEntity, id: link.salesID) == nil {
            let kind = link.salesEntity + "\u{0}" + link.keyAttribute + "\u{0}" + link.foEntity
            let place =
                linkPlaces[kind]
                ?? (
                    catalog.foLabel(of: link.foEntity),
                    KeymapApplier.foKeyColumn(
                        joining: link.salesEntity, link.keyAttribute, to: link.foEntity, templates: templates, catalog: catalog) ?? ""
                )
            linkPlaces[kind] = place
            entries.append(
                KeyRegisterEntry(
                    kind: .linked, entity: link.salesEntity, id: link.salesID.lowercased(), attribute: link.keyAttribute, key: link.foKey,
                    fo: place.entity, foField: place.field))
        }
        guard let register else { return entries }
        var sent: Set<String> = []
        for output in outputs where output.template.direction == .salesToFO {
            let entity = output.template.source.entity
            guard let column = output.source.columnIndex(named: CMTRecordTable.idColumn) else { continue }
            for row in output.acceptedSourceRows {
                guard let id = output.source.value(row: row, column: column)?.lowercased(),
                    let identity = register.identity(of: entity, id: id), identity.kind == .assigned,
                    register.foPlace(of: entity, id: id) == nil, sent.insert(entity + "\u{0}" + id).inserted,
                    let place = inFO[entity]?[id]
                else { continue }
                entries.append(
                    KeyRegisterEntry(
                        kind: .sent, entity: entity, id: id, attribute: identity.attribute, key: identity.key, fo: place.entity,
                        foField: place.field))
            }
        }
        return entries
    }

    /// Per Sales entity, record id → where the first Sales → F&O flow that accepted it puts it (created, updated or found
    /// unchanged: F&O holds it under its key once the package is imported): the flow's target entity (label) and the key
    /// field of the target its own key attribute fills. Only `ids` are kept (per entity, lowercased: the keys the run
    /// assigned), not every record the flows send, which at a million records made this the run's peak.
    private static func places(
        of ids: [String: Set<String>], in outputs: [FlowOutput], catalog: SchemaCatalog
    ) -> [String: [String: (entity: String, field: String)]] {
        var result: [String: [String: (entity: String, field: String)]] = [:]
        for output in outputs where output.template.direction == .salesToFO {
            let template = output.template
            guard let wanted = ids[template.source.entity], !wanted.isEmpty else { continue }
            guard let column = output.source.columnIndex(named: CMTRecordTable.idColumn),
                let attribute = template.source.key.first(where: { $0.referencedField == nil })?.field,
                let field = template.fields.first(where: { mapping in
                    mapping.source == attribute && mapping.lookup.isEmpty && template.target.key.contains { $0.field == mapping.target }
                })?.target
            else { continue }
            let place = (entity: catalog.foLabel(of: template.target.entity), field: field)
            for row in output.acceptedSourceRows {
                guard let id = output.source.value(row: row, column: column)?.lowercased(), wanted.contains(id) else { continue }
                if result[template.source.entity]?[id] == nil { result[template.source.entity, default: [:]][id] = place }
            }
        }
        return result
    }
}

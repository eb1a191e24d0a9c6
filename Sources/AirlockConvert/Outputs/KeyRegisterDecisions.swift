import AirlockMapping
import AirlockModel
import AirlockPackages
import AirlockReconcile

/// What a run enters in the key register (docs/ledger.md, "The key register"): each key `--assign-keys` gave, each
/// link `--keymap` applied that the register does not hold yet, and each registered record the run is the first to
/// send to F&O, with the F&O entity that holds it (its target's, or the link's).
enum KeyRegisterDecisions {
    /// The entries of a run, in a fixed order: per keyed entity the keys given in numbering order, then the links in
    /// the keymap's order, then the records first sent, in export order.
    /// - Parameters:
    ///   - assigned: the keys `--assign-keys` gave (nil without it).
    ///   - links: the keymap's links the run applied.
    ///   - outputs: the flows' outputs, before their sources are let go.
    static func entries(
        assigned: AssignedKeys?, links: [KeymapEntry], outputs: [FlowOutput], register: KeyRegister?, catalog: SchemaCatalog
    ) -> [KeyRegisterEntry] {
        let inFO = foEntities(outputs, catalog: catalog)
        var entries: [KeyRegisterEntry] = []
        for keys in assigned?.entities ?? [] {
            for assignment in keys.assignments {
                entries.append(
                    KeyRegisterEntry(
                        kind: .assigned, entity: keys.keyed.entity, id: assignment.id.lowercased(), attribute: keys.keyed.attribute,
                        key: assignment.key, fo: inFO[keys.keyed.entity]?[assignment.id.lowercased()]))
            }
        }
        for link in links where register?.identity(of: link.salesEntity, id: link.salesID) == nil {
            entries.append(
                KeyRegisterEntry(
                    kind: .linked, entity: link.salesEntity, id: link.salesID.lowercased(), attribute: link.keyAttribute, key: link.foKey,
                    fo: catalog.foLabel(of: link.foEntity)))
        }
        guard let register else { return entries }
        var sent: Set<String> = []
        for output in outputs where output.template.direction == .salesToFO {
            let entity = output.template.source.entity
            guard let column = output.source.columnIndex(named: CMTRecordTable.idColumn) else { continue }
            let label = catalog.foLabel(of: output.template.target.entity)
            for row in output.acceptedSourceRows {
                guard let id = output.source.value(row: row, column: column)?.lowercased(),
                    let identity = register.identity(of: entity, id: id), identity.kind == .assigned,
                    register.foEntity(of: entity, id: id) == nil, sent.insert(entity + "\u{0}" + id).inserted
                else { continue }
                entries.append(
                    KeyRegisterEntry(kind: .sent, entity: entity, id: id, attribute: identity.attribute, key: identity.key, fo: label))
            }
        }
        return entries
    }

    /// Per Sales entity, record id → the F&O entity (label) the first Sales → F&O flow that accepted it writes it to
    /// (created, updated or found unchanged: the record is in F&O under its key once the package is imported).
    private static func foEntities(_ outputs: [FlowOutput], catalog: SchemaCatalog) -> [String: [String: String]] {
        var result: [String: [String: String]] = [:]
        for output in outputs where output.template.direction == .salesToFO {
            guard let column = output.source.columnIndex(named: CMTRecordTable.idColumn) else { continue }
            let label = catalog.foLabel(of: output.template.target.entity)
            let entity = output.template.source.entity
            for row in output.acceptedSourceRows {
                guard let id = output.source.value(row: row, column: column)?.lowercased() else { continue }
                if result[entity]?[id] == nil { result[entity, default: [:]][id] = label }
            }
        }
        return result
    }
}

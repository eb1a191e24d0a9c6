import AirlockMapping
import AirlockModel
import AirlockReconcile

/// What a run says of the key register and of the keys it cannot write back, before any record moves (the plan says
/// the same): the records that keep the keys earlier runs gave them, Sales values that disagree with the register,
/// per entity the keys `to-sales.zip` cannot carry and why, and a run that remembers nothing (`--no-ledger`).
enum KeyRegisterNotices {
    /// The texts, each with the first flow it concerns.
    static func texts(
        applied: KeyRegisterApplier.Applied?, writeBack: KeyWriteBack, register: KeyRegister?, off: Bool, assigned: AssignedKeys?,
        links: Int, order: [MappingTemplate]
    ) -> [(flow: String, text: String)] {
        func flow(of entity: String) -> String { SettingsNotices.firstFlow(of: entity, in: order) }
        var texts: [(flow: String, text: String)] = []
        if let applied, let register {
            for (entity, count) in applied.kept.sorted(by: { $0.key < $1.key }) where count > 0 {
                let restored = applied.restored[entity]?.count ?? 0
                let attribute = register.identities(of: entity).first?.attribute ?? "its key"
                var text =
                    "the key register (\(register.path)) gives \(count) Sales \(entity) record\(count == 1 ? "" : "s") the key\(count == 1 ? "" : "s") earlier runs of the migration decided: none is numbered or linked again"
                if restored > 0 {
                    text += "; the export's \(attribute) did not hold \(restored) of them"
                }
                texts.append((flow(of: entity), text))
            }
            for entity in Set(applied.replaced.map(\.entity)).sorted() {
                let replaced = applied.replaced.filter { $0.entity == entity }
                let first = replaced[0]
                let back = writeBack.written.contains { $0.keyed.entity == entity }
                texts.append(
                    (
                        flow(of: entity),
                        "\(replaced.count) Sales \(entity) record\(replaced.count == 1 ? " holds" : "s hold") another key than the key register gives \(replaced.count == 1 ? "it" : "them") (first: \(first.id) \"\(first.old)\", registered \"\(first.new)\" on line \(first.line)): the register's key stands, since F&O holds the record under it\(back ? ", and \(RunLayout.salesPackage) writes it back" : ""); a record is never numbered again"
                    ))
            }
        }
        for entity in writeBack.kept {
            texts.append((flow(of: entity.keyed.entity), entity.evidence.notice(records: entity.records.count, remembered: register?.path)))
        }
        if off {
            let keys = assigned?.entities.reduce(0) { $0 + $1.assignments.count } ?? 0
            if keys + links > 0 {
                texts.append(
                    (
                        order.first?.name ?? "",
                        "--no-ledger: this run remembers nothing: the \(keys) key\(keys == 1 ? "" : "s") it gives and the \(links) link\(links == 1 ? "" : "s") it applies are entered in no key register, so a later run knows them only where Sales holds them after the import of \(RunLayout.salesPackage)"
                    ))
            }
        }
        return texts
    }
}

import AirlockModel
import AirlockReport

/// Gathers, flow by flow, the reference values the records name in the targets (a customer group, currencies,
/// units, price lists) and groups them for the plan's "Before you import" list: one group per system, kind of
/// record and status, each value once however many flows and records carry it. Values no record carries (a
/// value-map entry or default no record uses) are not added.
struct ImportPrerequisiteList {
    private struct GroupKey: Hashable, Comparable {
        var system: String
        var target: String
        var status: ImportPrerequisite.Status

        static func < (lhs: GroupKey, rhs: GroupKey) -> Bool {
            let order = ImportPrerequisite.Status.allCases
            let left = (lhs.system == "F&O" ? 0 : 1, lhs.target, order.firstIndex(of: lhs.status) ?? 0)
            let right = (rhs.system == "F&O" ? 0 : 1, rhs.target, order.firstIndex(of: rhs.status) ?? 0)
            return left < right
        }
    }

    private struct Group {
        /// By lower-cased value: the value as first seen and its records.
        var values: [String: (value: String, records: Int)] = [:]
        var flows: [String] = []
    }

    private var groups: [GroupKey: Group] = [:]

    /// Adds `records` records of `flow` that carry `value`; nothing when no record carries it.
    mutating func add(
        system: String, target: String, value: String, records: Int, status: ImportPrerequisite.Status, flow: String
    ) {
        let text = value.trimmingASCIIWhitespace()
        guard records > 0, !text.isEmpty else { return }
        let key = GroupKey(system: system, target: target, status: status)
        var group = groups[key] ?? Group()
        group.values[text.lowercased(), default: (text, 0)].records += records
        if !group.flows.contains(flow) { group.flows.append(flow) }
        groups[key] = group
    }

    /// The groups, F&O first, then by what is looked for and status; values sorted, at most
    /// `ImportPrerequisite.valueLimit` listed.
    func prerequisites() -> [ImportPrerequisite] {
        groups.keys.sorted().compactMap { key in
            guard let group = groups[key] else { return nil }
            let values = group.values.values.map(\.value).sorted {
                ($0.lowercased(), $0) < ($1.lowercased(), $1)
            }
            return ImportPrerequisite(
                system: key.system, target: key.target, status: key.status, values: Array(values.prefix(ImportPrerequisite.valueLimit)),
                otherValues: max(0, values.count - ImportPrerequisite.valueLimit),
                records: group.values.values.reduce(0) { $0 + $1.records }, flows: group.flows)
        }
    }
}

/// One group of the "Before you import" list: reference records of one kind that a target system must hold for the
/// run's records to import (a customer group, currencies, units, price lists), the distinct values the records
/// carry, and whether the exports show that the target holds them.
public struct ImportPrerequisite: Sendable, Codable, Equatable {
    /// What the exports say of the values.
    public enum Status: String, Sendable, Codable, Equatable, CaseIterable {
        /// The target export or the run's own output (the records it creates) holds every value.
        case held
        /// The target export has no records of the kind, so the run cannot tell: the target must hold them.
        case unchecked
        /// The target export holds records of the kind but not these values.
        case missing
    }

    /// The target system: `F&O` or `Sales`.
    public var system: String
    /// What is looked for, e.g. `Customer groups with CUSTOMERGROUPID` or `pricelevel with name`.
    public var target: String
    public var status: Status
    /// The distinct values the records carry, sorted (at most `valueLimit`; the rest counted in `otherValues`).
    public var values: [String]
    /// Values not listed one by one.
    public var otherValues: Int
    /// The records that carry the values (for values not held, the records they hold back).
    public var records: Int
    /// The flows whose records carry them, in run order.
    public var flows: [String]

    /// How many values a group lists one by one in report.json.
    public static let valueLimit = 1000
    /// How many values a group shows in text.
    public static let shownValues = 12

    public init(system: String, target: String, status: Status, values: [String], otherValues: Int, records: Int, flows: [String]) {
        self.system = system
        self.target = target
        self.status = status
        self.values = values
        self.otherValues = otherValues
        self.records = records
        self.flows = flows
    }

    /// The values as one short line: the first `shownValues`, then how many more.
    public var valuesText: String {
        let shown = values.prefix(Self.shownValues).joined(separator: ", ")
        let more = values.count - min(values.count, Self.shownValues) + otherValues
        return more > 0 ? "\(shown) and \(more) more (report.json, plan.beforeImport)" : shown
    }

    /// What the run says of a group of `system` with `status`, as the heading of its lines.
    public static func heading(system: String, status: Status) -> String {
        switch status {
        case .held: return "\(system) holds (found in the \(system) export or created by this run's packages):"
        case .unchecked: return "\(system) must hold (the \(system) export has no such records, so the run could not check):"
        case .missing:
            return system == "Sales"
                ? "Sales lacks (not in the Sales export; the records are rejected until Sales holds them):"
                : "F&O lacks (not in the F&O export; the import fails for these records unless F&O holds them):"
        }
    }

    /// The list as text lines (empty when there is nothing to hold): what must be fixed, then what must be checked,
    /// then what the exports confirm, each under its heading.
    public static func text(_ groups: [ImportPrerequisite]) -> [String] {
        guard !groups.isEmpty else { return [] }
        var lines = ["Before you import: the reference data the records name"]
        for status in [Status.missing, .unchecked, .held] {
            for system in ["F&O", "Sales"] {
                let matching = groups.filter { $0.status == status && $0.system == system }
                guard !matching.isEmpty else { continue }
                lines.append("  " + heading(system: system, status: status))
                for group in matching {
                    lines.append("    \(group.target): \(group.valuesText) (\(group.records) record\(group.records == 1 ? "" : "s"))")
                }
            }
        }
        return lines
    }

    /// Whether some group needs a check or a fix before the import.
    public static func needsAction(_ groups: [ImportPrerequisite]) -> Bool { groups.contains { $0.status != .held } }
}

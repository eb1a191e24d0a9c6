import AirlockIO
import AirlockModel
import AirlockPackages
import Foundation

/// What `diff` found: `diff.json`. Keys are documented in docs/diff.md; equal inputs give byte-identical JSON.
public struct DiffReport: Sendable, Equatable, Codable {
    /// The report's format version.
    public var version = 1
    /// `fo` or `cmt`: the kind of both inputs and of the delta.
    public var kind: PackageKind
    /// The two exports, with their sizes and SHA-256.
    public var inputs: Inputs
    /// The files written beside `diff.json`, with their sizes and SHA-256.
    public var outputs: [String: FileDigest]
    /// Per entity, in the new export's order, then entities only the old export has.
    public var entities: [DiffEntityReport]
    public var totals: DiffTotals
    /// What a reviewer should know: columns not compared, entities only one export has, keys Airlock could not use.
    public var warnings: [String]

    /// The old and the new export.
    public struct Inputs: Sendable, Equatable, Codable {
        public var old: FileDigest
        public var new: FileDigest

        public init(old: FileDigest, new: FileDigest) {
            self.old = old
            self.new = new
        }
    }

    public init(kind: PackageKind, inputs: Inputs, entities: [DiffEntityReport], warnings: [String]) {
        self.kind = kind
        self.inputs = inputs
        self.outputs = [:]
        self.entities = entities
        self.warnings = warnings
        var totals = DiffTotals()
        for entity in entities { totals.add(entity) }
        self.totals = totals
    }

    /// The report as pretty-printed JSON with sorted keys.
    /// - Throws: the encoder's error.
    public func jsonText() throws -> String {
        try ReportJSON.text(self)
    }

    /// A summary for a terminal: per entity the counts, then the totals and the warnings.
    public func text() -> String {
        var lines = ["\(kind.displayName)s compared: \(inputs.old.path) → \(inputs.new.path)"]
        let width = max(6, entities.map(\.entity.count).max() ?? 0)
        func row(_ name: String, _ values: [String]) -> String {
            name.padding(toLength: width, withPad: " ", startingAt: 0)
                + values.map { " " + String(repeating: " ", count: max(0, 9 - $0.count)) + $0 }.joined()
        }
        lines.append(row("entity", ["old", "new", "created", "changed", "unchanged", "deleted"]))
        for entity in entities {
            lines.append(
                row(
                    entity.entity,
                    [entity.old, entity.new, entity.created, entity.changed, entity.unchanged, entity.deleted].map(String.init)))
        }
        lines.append(
            row("total", [totals.old, totals.new, totals.created, totals.changed, totals.unchanged, totals.deleted].map(String.init)))
        lines.append(
            "delta: \(totals.created + totals.changed) records (\(totals.created) created, \(totals.changed) changed); delete list: \(totals.deleted) keys to review (never applied by Airlock)"
        )
        var repeats: [String] = []
        if totals.duplicatesOld + totals.duplicatesNew > 0 {
            repeats.append(
                "\(totals.duplicatesOld) exact \(totals.duplicatesOld == 1 ? "copy" : "copies") in the old export and \(totals.duplicatesNew) in the new one, each counted once"
            )
        }
        if totals.ambiguousKeys > 0 {
            repeats.append(
                "\(totals.ambiguousKeys) ambiguous \(totals.ambiguousKeys == 1 ? "key" : "keys") (different records under one key)")
        }
        if !repeats.isEmpty { lines.append("repeated keys: \(repeats.joined(separator: "; ")); the warnings name them") }
        for warning in warnings { lines.append("warning: \(warning)") }
        lines.append("")
        lines.append("Next steps:")
        lines += nextSteps.map { "  " + $0 }
        return lines.joined(separator: "\n")
    }

    /// What to do with a wave's diff: review the delete list, then convert the full new export with `--since` (a
    /// delta is not an export: `convert` refuses it).
    public var nextSteps: [String] {
        var steps: [String] = []
        if totals.deleted > 0 {
            steps.append(
                "Review \(RunLayout.deletedList) with the data owner: \(totals.deleted) key\(totals.deleted == 1 ? "" : "s") the new export no longer has; Airlock deletes nothing (docs/runbook.md, \"Waves\")."
            )
        }
        if totals.ambiguousKeys > 0 {
            steps.append(
                "Settle the \(totals.ambiguousKeys) ambiguous \(totals.ambiguousKeys == 1 ? "key" : "keys") the warnings name with the data owner before the wave is imported: an export holds different records under \(totals.ambiguousKeys == 1 ? "it" : "each"), and which is right is for a person to say (docs/diff.md, \"Repeated keys\")."
            )
        }
        let side = kind == .fo ? "--fo \(inputs.new.path) --sales SALES-EXPORT.zip" : "--fo FO-EXPORT.zip --sales \(inputs.new.path)"
        steps.append(
            "Convert the wave from the full new exports, leaving out what did not change: airlock convert \(side) --out OUT --since \(inputs.old.path) (add the other side's earlier export with a second --since); --plan first says what would go."
        )
        return steps.enumerated().map { "\($0.offset + 1). \($0.element)" }
    }
}

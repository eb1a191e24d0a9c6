import AirlockModel
import AirlockPackages
import AirlockReconcile

/// The checks of a record once its fields are mapped, which decide whether it goes on to classification: its header
/// (`ParentCheck`), a value of it the Sales export reader could not decode, the rules' row hooks, and the target's
/// checks of the whole record (`TargetRecordCheck`).
struct MappedRecordCheck {
    private let parent: ParentCheck
    /// Source values the Sales export reader could not decode, by row (`FlowRunner.unreadableValues`).
    private let unreadable: [Int: CMTValueProblemRecord]
    /// The rules' row hooks, in the order of the conversion's rules.
    private var hooks: [any RuleRowHook]
    private let recordCheck: TargetRecordCheck

    init(parent: ParentCheck, unreadable: [Int: CMTValueProblemRecord], hooks: [any RuleRowHook], recordCheck: TargetRecordCheck) {
        self.parent = parent
        self.unreadable = unreadable
        self.hooks = hooks
        self.recordCheck = recordCheck
    }

    /// The outcome of source row `row`, mapped in `values` with `problems` (its company's and its fields'), when it
    /// does not go on to classification: left out with its header, or rejected; nil when it goes on. `reasons` gets
    /// every problem of a rejected record, the most fundamental first: its header's, a value the export reader could
    /// not decode, `problems`, each rule's, the whole record's. The first decides the outcome; the others go with it.
    mutating func outcome(
        row: Int, values: inout RowValues, problems: inout [RejectEntry.Problem], reasons: inout [RejectEntry.Problem]
    ) -> RecordOutcome? {
        if let filtered = headerOutcome(values: values, problems: &problems, reasons: &reasons) { return filtered }
        if let bad = unreadable[row] {
            reasons.append(
                RejectEntry.Problem(reason: .invalidValue, field: bad.field, message: "\(bad.description) (in the Sales export)"))
        }
        reasons += problems
        // The rules' row hooks, in order, each on every record not filtered.
        for index in hooks.indices {
            guard let refusal = hooks[index].apply(row: row, values: &values) else { continue }
            reasons.append(RejectEntry.Problem(reason: refusal.reason, field: refusal.field, message: refusal.message))
        }
        // The target's checks of the whole record as the fields and rules left it (an organization's name).
        reasons += recordCheck.problems(values)
        guard let first = reasons.first else { return nil }
        return .rejected(first.reason, detail: first.message)
    }

    /// The header's verdict on the line in `values`: the outcome when the header leaves it out; when the header is
    /// rejected or nowhere, its problem goes first in `reasons`, and the line's own orphan-reference problems on the
    /// link to it leave `problems` (the link finds nothing: that is the same problem).
    private func headerOutcome(
        values: RowValues, problems: inout [RejectEntry.Problem], reasons: inout [RejectEntry.Problem]
    ) -> RecordOutcome? {
        guard let verdict = parent.verdict(values: values) else { return nil }
        guard case .rejected(let reason, let detail) = verdict.outcome else { return verdict.outcome }
        reasons.append(RejectEntry.Problem(reason: reason, field: verdict.field, message: detail))
        let link = Set(
            verdict.field.split(separator: ",").flatMap { part in
                let name = String(part).trimmingASCIIWhitespace()
                return [name, String(name.prefix { $0 != "." })]
            })
        problems.removeAll { $0.reason == .orphanReference && link.contains($0.field) }
        return nil
    }
}

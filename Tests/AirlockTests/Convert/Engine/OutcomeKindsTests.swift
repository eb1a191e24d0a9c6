import AirlockReconcile
import Testing

@testable import AirlockConvert

/// A flow's outcomes held as kinds: each row reads back its outcome's case with the filter's name or the reject
/// reason, and the tally counts every decided row once.
struct OutcomeKindsTests {
    @Test func rowsReadBackTheirKindsAndTheTallyCountsEveryDecidedRow() {
        var outcomes = OutcomeKinds(rowCount: 10)
        outcomes.settle(0, .create)
        outcomes.settle(1, .update(targetRow: 7, changedFields: ["NAME"]))
        outcomes.settle(2, .update(targetRow: 9, changedFields: ["CITY", "NAME"]))
        outcomes.settle(3, .unchanged(targetRow: 3))
        outcomes.settle(4, .filtered(filter: "other-company"))
        outcomes.settle(5, .filtered(filter: "since"))
        outcomes.settle(6, .rejected(.orphanReference, detail: "account A1 is nowhere"))
        outcomes.settle(7, .rejected(.orphanReference, detail: "account A2 is nowhere"))
        outcomes.settle(8, .rejected(.duplicateKey, detail: "key K repeats"))
        #expect(outcomes[9] == nil)
        #expect(outcomes[2] == .update(targetRow: 0, changedFields: []))
        #expect(outcomes[5] == .filtered(filter: "since"))
        #expect(outcomes[7] == .rejected(.orphanReference, detail: ""))
        // A row decided again takes its new kind (a mapped record classified after its key was kept).
        outcomes.settle(0, .unchanged(targetRow: 1))
        let tally = Dictionary(uniqueKeysWithValues: outcomes.tally.map { ($0.kind, $0.rows) })
        #expect(tally[.create] == 0)
        #expect(tally[.unchanged(targetRow: 0)] == 2)
        #expect(tally[.update(targetRow: 0, changedFields: [])] == 2)
        #expect(tally[.filtered(filter: "other-company")] == 1 && tally[.filtered(filter: "since")] == 1)
        #expect(tally[.rejected(.orphanReference, detail: "")] == 2 && tally[.rejected(.duplicateKey, detail: "")] == 1)
        #expect(outcomes.tally.map(\.rows).reduce(0, +) == 9)
    }
}

import AirlockModel
import AirlockReconcile

/// A finished run's matches with the records they name, as the writers use them.
struct MatchOutcome: Sendable {
    var inputs: MatchInputs
    var matches: [EntityMatches]
    var scorers: [LinkedEntity: MatchScorer]
    var options: MatchingOptions

    /// The records' texts.
    var store: MatchRecordStore { inputs.store }

    func fo(_ entity: LinkedEntity) -> [MatchRecord] { inputs.fo[entity] ?? [] }
    func sales(_ entity: LinkedEntity) -> [MatchRecord] { inputs.sales[entity] ?? [] }

    /// The keymap entry of `link`.
    func keymapEntry(_ link: MatchLink) -> KeymapEntry {
        let s = sales(link.entity)[link.salesIndex]
        let f = fo(link.entity)[link.foIndex]
        return KeymapEntry(
            entity: link.entity, salesEntity: link.entity.salesEntity, salesID: store.key(s), salesName: store.name(s),
            keyAttribute: link.entity.salesKeyAttribute, salesKeyBefore: store.text(.currentKey, of: s), foEntity: store.label(f),
            foKey: store.key(f), foName: store.name(f), score: link.score, decidedBy: link.accepted ? "review" : "sure")
    }

    /// The evidence of a Sales–F&O pair, in `MatchSignal` order.
    func evidence(_ entity: LinkedEntity, sales: Int, fo: Int) -> [MatchEvidence] {
        guard let scorer = scorers[entity] else { return [] }
        return scorer.explain(self.sales(entity)[sales], self.fo(entity)[fo]).evidence
    }

    /// "name +14.5; postcode +10.2" and "tax-number -13" for a Sales–F&O pair, weights in bits (`name~` where it agreed
    /// in part).
    func evidenceText(_ entity: LinkedEntity, sales: Int, fo: Int) -> (agrees: String, disagrees: String) {
        guard let scorer = scorers[entity] else { return ("", "") }
        return Self.text(scorer.explain(self.sales(entity)[sales], self.fo(entity)[fo]).evidence)
    }

    /// The same for two records of one side.
    func duplicateEvidence(_ entity: LinkedEntity, _ duplicate: MatchDuplicate) -> (agrees: String, disagrees: String) {
        guard let scorer = scorers[entity] else { return ("", "") }
        let records = duplicate.isSales ? sales(entity) : fo(entity)
        return Self.text(scorer.explain(records[duplicate.first], records[duplicate.second]).evidence)
    }

    /// The evidence that agreed (in full or in part) and that disagreed, each as `signal points` joined by `; `.
    static func text(_ evidence: [MatchEvidence]) -> (agrees: String, disagrees: String) {
        func text(_ items: [MatchEvidence]) -> String {
            items.map {
                "\($0.signal.rawValue)\($0.verdict == .partly ? "~" : "") \($0.points >= 0 ? "+" : "")\(ScoreText.score($0.points))"
            }
            .joined(separator: "; ")
        }
        return (text(evidence.filter { $0.verdict != .disagrees }), text(evidence.filter { $0.verdict == .disagrees }))
    }
}

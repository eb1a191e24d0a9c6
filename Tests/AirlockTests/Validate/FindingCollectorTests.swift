import AirlockModel
import AirlockValidate
import Testing

/// The collector counts every finding and keeps a bounded number in full.
struct FindingCollectorTests {
    @Test func findingsBeyondTheBoundAreCountedWithoutBeingMade() {
        let collector = FindingCollector(maxFindings: 2, examplesPerGroup: 1)
        var made = 0
        func message(_ index: Int) -> String {
            made += 1
            return "finding \(index)"
        }
        for index in 1...5 {
            collector.add(ValidationRules.cmtLookupMissingRecord, entity: "account", line: index, message(index), severity: .warning)
        }
        collector.add(ValidationRules.cmtValueRequired, entity: "account", line: 9, message(9))
        #expect(collector.warnings == 5 && collector.errors == 1)
        #expect(collector.findings.map(\.message) == ["finding 1", "finding 2"])
        #expect(collector.groups.map(\.count) == [5, 1])
        // The new group still gets its example; only findings neither kept nor needed as examples are not made.
        #expect(collector.groups[1].examples.map(\.message) == ["finding 9"])
        #expect(made == 3)
        #expect(collector.isTruncated)
    }
}

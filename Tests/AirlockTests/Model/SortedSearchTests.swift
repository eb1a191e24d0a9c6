import AirlockModel
import Testing

/// A search by halves finds every element of a sorted array, at either end too, and nothing between or beyond them.
struct SortedSearchTests {
    @Test func findsEveryElementAndNothingElse() {
        let sorted = (0..<1_000).map { UInt64($0) * 3 }
        for value in sorted { #expect(sorted.sortedContains(value)) }
        for value in [1, 2, 1_000, 2_998, 2_999, 100_000] as [UInt64] { #expect(!sorted.sortedContains(value)) }
        #expect(![UInt64]().sortedContains(0))
        #expect(sorted[10..<20].sortedContains(30) && !sorted[10..<20].sortedContains(27))
    }
}

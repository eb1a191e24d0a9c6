import AirlockIO
import AirlockModel
import Foundation
import Testing

/// `TwoStepParallelMap` and `OrderedResults`: results in input order whatever order the steps ran in, a piece's
/// second step only after its first, the error of the lowest failing index, and a consumer that takes results in
/// order while later pieces still run.
struct TwoStepParallelMapTests {
    @Test func resultsComeInInputOrderWithEachSecondStepAfterItsFirst() throws {
        let count = 23
        let log = LockedValueBox<[String]>([])
        let results = try TwoStepParallelMap.map(
            count, firstCosts: (0..<count).map { ($0 * 7) % 5 }, secondCosts: (0..<count).map { ($0 * 3) % 4 }, workers: 3,
            first: { index in
                log.withLockedValue { $0.append("first \(index)") }
                return index * 10
            },
            second: { index, half in
                log.withLockedValue { $0.append("second \(index)") }
                return "\(index):\(half + 1)"
            })
        #expect(results == (0..<count).map { "\($0):\($0 * 10 + 1)" })
        let entries = log.withLockedValue { $0 }
        #expect(entries.count == 2 * count)
        for index in 0..<count {
            let first = try #require(entries.firstIndex(of: "first \(index)"))
            let second = try #require(entries.firstIndex(of: "second \(index)"))
            #expect(first < second)
        }
    }

    @Test func theCostliestFirstStepStartsFirstOnOneWorker() throws {
        let order = LockedValueBox<[String]>([])
        _ = try TwoStepParallelMap.map(
            3, firstCosts: [1, 9, 4], secondCosts: [1, 1, 8], workers: 1,
            first: { index in order.withLockedValue { $0.append("f\(index)") } },
            second: { index, _ in order.withLockedValue { $0.append("s\(index)") } })
        // f1 (9) first; then f2 (4) over s1 (1); then s2 (8); then s1 (1) before f0 (1): a second step goes before
        // a first step when it costs at least as much.
        #expect(order.withLockedValue { $0 } == ["f1", "f2", "s2", "s1", "f0", "s0"])
    }

    @Test func theLowestFailingIndexIsThrownAndItsSecondStepNeverRuns() throws {
        let seconds = LockedValueBox<Set<Int>>([])
        let finished = OrderedResults<Int>(count: 6)
        #expect(throws: AirlockError.self) {
            _ = try TwoStepParallelMap.map(
                6, firstCosts: [1, 2, 3, 4, 5, 6], secondCosts: [], workers: 2,
                first: { index in
                    if index == 4 || index == 2 { throw AirlockError(.io, "piece \(index)") }
                    return index
                },
                second: { index, half in
                    seconds.withLockedValue { _ = $0.insert(index) }
                    if index == 3 { throw AirlockError(.io, "piece 3, second step") }
                    return half
                },
                finished: { index, result in finished.fill(index, with: result) })
        }
        do {
            _ = try TwoStepParallelMap.map(
                3, firstCosts: [], secondCosts: [], first: { index in index == 1 ? try { throw AirlockError(.io, "one") }() : index },
                second: { _, half in half })
            Issue.record("expected an error")
        } catch let error as AirlockError {
            #expect(error.message == "one")
        }
        #expect(!seconds.withLockedValue { $0 }.contains(2))
        #expect(!seconds.withLockedValue { $0 }.contains(4))
        #expect(try finished.value(at: 0) == 0)
        #expect(try finished.value(at: 1) == 1)
        #expect(throws: AirlockError.self) { try finished.value(at: 2) }
        #expect(throws: AirlockError.self) { try finished.value(at: 3) }
        #expect(try finished.value(at: 5) == 5)
    }

    @Test func aConsumerTakesResultsInOrderAsTheyCome() throws {
        let count = 40
        let results = OrderedResults<Int>(count: count)
        let consumer = BackgroundTask { () -> [Int] in
            try (0..<count).map { try results.value(at: $0) }
        }
        // Filled from the last to the first, on several threads.
        DispatchQueue.concurrentPerform(iterations: count) { step in
            let index = count - 1 - step
            results.fill(index, with: .success(index * index))
        }
        #expect(try consumer.result() == (0..<count).map { $0 * $0 })
        #expect(try results.value(at: 7) == 49)
    }

    @Test func noPiecesGiveNoResults() throws {
        let results = try TwoStepParallelMap.map(
            0, firstCosts: [], secondCosts: [], first: { $0 }, second: { _, half in half })
        #expect(results.isEmpty)
    }
}

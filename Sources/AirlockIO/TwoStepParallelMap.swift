import AirlockModel
import Foundation

/// Runs pieces of work made of two steps (an entity's old file into an index, then its new file against it) on
/// all cores: a piece's second step can start once its first is done, and a free core always takes the costliest
/// step that can start. Steps are smaller than whole pieces, so the cores finish together more often than when a
/// large piece runs alone at the end; results and errors come in input order, as from a sequential loop.
public enum TwoStepParallelMap {
    /// `second(i, first(i))` for every `i` in `0..<count`, run concurrently; `finished(i, outcome)` is called
    /// as each piece ends (on the thread that ran its last step), so that a consumer can take results early.
    /// - Throws: the error of the lowest index that failed, as a sequential loop would.
    public static func map<Half: Sendable, Value: Sendable>(
        _ count: Int, firstCosts: [Int], secondCosts: [Int], workers: Int = ProcessInfo.processInfo.activeProcessorCount,
        first: @Sendable (Int) throws -> Half, second: @Sendable (Int, Half) throws -> Value,
        finished: @Sendable (Int, Result<Value, any Error>) -> Void = { _, _ in }
    ) throws -> [Value] {
        let board = StepBoard<Half, Value>(count: count, firstCosts: firstCosts, secondCosts: secondCosts)
        DispatchQueue.concurrentPerform(iterations: max(1, min(workers, 2 * count))) { _ in
            while let step = board.nextStep() {
                switch step {
                case .first(let index):
                    board.firstDone(index, Result { try first(index) }, finished: finished)
                case .second(let index, let half):
                    let result = Result { try second(index, half) }
                    board.secondDone(index, result)
                    finished(index, result)
                }
            }
        }
        return try board.results()
    }
}

/// The steps of a `TwoStepParallelMap`: which can start, which run, and the results, under one lock.
private final class StepBoard<Half: Sendable, Value: Sendable>: @unchecked Sendable {
    enum Step {
        case first(Int)
        case second(Int, Half)
    }

    private let condition = NSCondition()
    private let firstCosts: [Int]
    private let secondCosts: [Int]
    /// First steps not started, costliest last (taken from the end).
    private var firsts: [Int]
    /// Second steps that can start, with their first step's outcome.
    private var seconds: [(index: Int, half: Half)] = []
    private var running = 0
    private var outcomes: [Result<Value, any Error>?]

    init(count: Int, firstCosts: [Int], secondCosts: [Int]) {
        func cost(_ costs: [Int], _ index: Int) -> Int { costs.indices.contains(index) ? costs[index] : 0 }
        self.firstCosts = (0..<count).map { cost(firstCosts, $0) }
        self.secondCosts = (0..<count).map { cost(secondCosts, $0) }
        // Costliest last; of equal costs, the lowest index last, so it is taken first.
        firsts = (0..<count).sorted { (cost(firstCosts, $0), $1) < (cost(firstCosts, $1), $0) }
        outcomes = Array(repeating: nil, count: count)
    }

    /// The costliest step that can start (a second step before a first one of the same cost), waiting while none
    /// can but some still run; nil when all are done.
    func nextStep() -> Step? {
        condition.lock()
        defer { condition.unlock() }
        while true {
            let second = seconds.indices.max { (secondCosts[seconds[$0].index], $1) < (secondCosts[seconds[$1].index], $0) }
            if let second, firsts.last.map({ firstCosts[$0] <= secondCosts[seconds[second].index] }) ?? true {
                let step = seconds.remove(at: second)
                running += 1
                return .second(step.index, step.half)
            }
            if let index = firsts.popLast() {
                running += 1
                return .first(index)
            }
            if running == 0 { return nil }
            condition.wait()
        }
    }

    func firstDone(_ index: Int, _ result: Result<Half, any Error>, finished: (Int, Result<Value, any Error>) -> Void) {
        condition.lock()
        running -= 1
        switch result {
        case .success(let half):
            seconds.append((index, half))
            condition.unlock()
        case .failure(let error):
            outcomes[index] = .failure(error)
            condition.unlock()
            finished(index, .failure(error))
        }
        condition.broadcast()
    }

    func secondDone(_ index: Int, _ result: Result<Value, any Error>) {
        condition.lock()
        running -= 1
        outcomes[index] = result
        condition.unlock()
        condition.broadcast()
    }

    func results() throws -> [Value] {
        condition.lock()
        defer { condition.unlock() }
        return try outcomes.map { outcome in
            guard let outcome else { throw AirlockError(.io, "a parallel task produced no result") }
            return try outcome.get()
        }
    }
}
